#pragma once
// The balanced openings of a depth: every distinct position after `plies` plies from the start
// (R3) with equal material, each reached by the first move sequence in legalmoves order. At 3
// plies these are the match runner's default openings, tools/openings/3ply.txt (written by
// tools/openings/make_openings.sh through the engine's own commands), and the opening book's
// roots (damiera-book, docs/book.md); tests/book checks that the two agree.
#include <string>
#include <vector>

#include "openings/openings.h"

namespace damiera::openings {

// In the order of the walk: legalmoves order at every ply, a transposition kept where it comes
// first; each opening's source is its moves.
std::vector<Opening> balancedOpenings(int plies);

// The opening's moves in notation, "22-18 10-14 23-19".
std::string movesText(const Opening& opening);

}  // namespace damiera::openings
