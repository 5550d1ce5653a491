#pragma once
// The book's roots: every three-move opening, that is every distinct position after 3 plies
// from the start (R3) with equal material, reached by the first move sequence in legal-move
// order. The same set, in the same order, as tools/openings/3ply.txt (tools/openings/
// make_openings.sh); docs/book.md says how it relates to the FID's list.
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace damiera::bookbuild {

inline constexpr int kOpeningPlies = 3;

struct Opening {
  std::vector<Move> moves;  // from the start position
  Position position;
  std::string text;  // the moves in notation, "22-18 10-14 23-19"
};

std::vector<Opening> threeMoveOpenings();

}  // namespace damiera::bookbuild
