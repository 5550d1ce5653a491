#pragma once
// Perft: counts the leaves of the legal move tree, the standard correctness and speed test
// of a move generator (docs/rules.md reference counts).
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace damiera {

enum class PerftMode : std::uint8_t {
  KeepDuplicates,  // every distinct landing path is a move
  DropDuplicates,  // moves with the same result count once ("unique")
};

std::uint64_t perft(const Position& pos, int depth, PerftMode mode);

struct PerftDivideEntry {
  PathMove move;  // a representative path (in DropDuplicates mode: the first in order)
  std::uint64_t nodes = 0;
};

// One entry per root move, in `legalmoves` order; depth >= 1.
std::vector<PerftDivideEntry> perftDivide(const Position& pos, int depth, PerftMode mode);

}  // namespace damiera
