#include "core/perft.h"

#include "core/movegen.h"

namespace damiera {

std::uint64_t perft(const Position& pos, int depth, PerftMode mode) {
  const bool keepDuplicates = mode == PerftMode::KeepDuplicates;
  if (depth <= 0) return 1;
  if (depth == 1) return countMoves(pos, keepDuplicates);  // bulk counting at the last ply
  if (depth == 2) return countReplies(pos, keepDuplicates);
  MoveList moves;
  generateMoves(pos, moves);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    // Paths with the same result lead to the same subtree: count it once per path.
    const std::uint64_t subtree = perft(pos.afterUnhashed(m), depth - 1, mode);
    nodes += keepDuplicates ? subtree * m.paths : subtree;
  }
  return nodes;
}

std::vector<PerftDivideEntry> perftDivide(const Position& pos, int depth, PerftMode mode) {
  std::vector<PerftDivideEntry> entries;
  for (const PathMove& m : generatePathMoves(pos)) {
    if (mode == PerftMode::DropDuplicates) {
      bool seen = false;
      for (const PerftDivideEntry& e : entries) seen = seen || e.move.move == m.move;
      if (seen) continue;
    }
    entries.push_back({m, perft(pos.after(m.move), depth - 1, mode)});
  }
  return entries;
}

}  // namespace damiera
