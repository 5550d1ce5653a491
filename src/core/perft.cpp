#include "core/perft.h"

#include "core/move_count.h"
#include "core/movegen.h"

namespace damiera {

namespace {

// depth >= 3, Us to move: the side alternates with the depth, so each level knows it at
// compile time and makes its moves without a branch on it.
template <Color Us>
std::uint64_t perftBy(const Position& pos, int depth, bool keepDuplicates) {
  MoveList moves;
  generateMoves(pos, moves);
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    const Position child = pos.afterUnhashedBy<Us>(m);
    // Paths with the same result lead to the same subtree: count it once per path.
    const std::uint64_t subtree = depth == 3
                                      ? countReplies(child, keepDuplicates)
                                      : perftBy<opponent(Us)>(child, depth - 1, keepDuplicates);
    nodes += keepDuplicates ? subtree * m.paths : subtree;
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth, PerftMode mode) {
  const bool keepDuplicates = mode == PerftMode::KeepDuplicates;
  if (depth <= 0) return 1;
  if (depth == 1) return countMoves(pos, keepDuplicates);  // bulk counting at the last ply
  if (depth == 2) return countReplies(pos, keepDuplicates);
  return pos.sideToMove() == Color::White ? perftBy<Color::White>(pos, depth, keepDuplicates)
                                          : perftBy<Color::Black>(pos, depth, keepDuplicates);
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
