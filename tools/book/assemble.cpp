#include "tools/book/assemble.h"

#include <algorithm>
#include <optional>

#include "core/movegen.h"
#include "tools/book/roots.h"

namespace damiera::bookbuild {

namespace {

std::uint32_t entryWeight(const book::StoredEntry& entry) {
  std::uint64_t sum = 1;
  for (const book::StoredMove& m : entry.moves) sum += m.weight;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, UINT32_MAX));
}

// The trunk entry of `pos` (ply < kOpeningPlies), added to `entries`; returns its value and
// weight, or nothing when no move leads into the book.
std::optional<std::pair<int, std::uint32_t>> trunk(const Position& pos, int ply,
                                                   EntryMap& entries) {
  book::StoredEntry entry;
  entry.key = pos.key();
  entry.ply = static_cast<std::uint16_t>(ply);
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& m : moves) {
    const Position next = pos.after(m);
    std::optional<std::pair<int, std::uint32_t>> below;
    if (ply + 1 < kOpeningPlies) {
      below = trunk(next, ply + 1, entries);
    } else if (const auto found = entries.find(next.key()); found != entries.end()) {
      below = std::make_pair(entryValue(found->second), entryWeight(found->second));
    }
    if (below) entry.moves.push_back(book::storedMove(m, -below->first, below->second));
  }
  if (entry.moves.empty()) return std::nullopt;
  const int value = entryValue(entry);
  const std::uint32_t weight = entryWeight(entry);
  entries[entry.key] = std::move(entry);
  return std::make_pair(value, weight);
}

}  // namespace

int entryValue(const book::StoredEntry& entry) {
  int best = -32768;
  for (const book::StoredMove& m : entry.moves) best = std::max<int>(best, m.score);
  return best;
}

void mergeEntry(EntryMap& entries, const book::StoredEntry& entry) {
  const auto [at, inserted] = entries.emplace(entry.key, entry);
  if (inserted) return;
  book::StoredEntry& kept = at->second;
  kept.ply = std::min(kept.ply, entry.ply);
  for (const book::StoredMove& m : entry.moves) {
    const auto same = std::find_if(kept.moves.begin(), kept.moves.end(), [&](const auto& k) {
      return k.from == m.from && k.to == m.to && k.captured == m.captured;
    });
    if (same == kept.moves.end())
      kept.moves.push_back(m);
    else if (m.weight > same->weight)
      *same = m;
  }
}

void rebuildTrunk(EntryMap& entries) {
  std::erase_if(entries, [](const auto& e) { return e.second.ply < kOpeningPlies; });
  trunk(Position::start(), 0, entries);
}

}  // namespace damiera::bookbuild
