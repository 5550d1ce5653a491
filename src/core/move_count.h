#pragma once
// Counting legal moves without building them: perft's bulk counting of its last two plies
// (core/perft.h). The counts are those of generateMoves (core/movegen.h), checked against it
// by tests/core/test_perft.cpp.
#include <cstdint>

#include "core/position.h"

namespace damiera {

// Number of legal moves without building them when possible (perft's last ply).
// keepDuplicates counts distinct paths, otherwise distinct results.
std::uint64_t countMoves(const Position& pos, bool keepDuplicates);

// Perft at depth 2: the sum over the legal moves of countMoves after each (times its paths
// when keepDuplicates), in one loop.
std::uint64_t countReplies(const Position& pos, bool keepDuplicates);

}  // namespace damiera
