#pragma once
// Positions and moves as the Hub protocol writes them, converted to and from the core's types.
//
// Position: the side to move ('W' or 'B'), then one character per square 1..32 in order:
// 'w'/'b' a white/black man, 'W'/'B' a white/black king, 'e' empty. 33 characters in all;
// the start position is "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww".
//
// Move: a quiet move is "from-to" ("21-17"). A capture is "from x to x captured x captured ...":
// the start and end squares, then every captured square (not the squares landed on between),
// in any order ("22x13x18"; ours writes them ascending). The native notation writes the
// landing path instead ("22x13"); two paths that capture the same pieces and end on the same
// square are one Hub move (docs/rules.md: the same result).
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera::protocol::hub {

inline constexpr std::size_t kPositionLength = 1 + kNumSquares;

// Checks the shape (length, characters) and the rules a position must obey: no man on its own
// promotion row (R12), at most 12 pieces a side. The error says which square or count is wrong.
Parsed<Position> parsePosition(std::string_view text);
std::string formatPosition(const Position& pos);

// A legal move of pos's side to move, matched by from, to and the set of captured squares.
// When several landing paths give that result, the first in legalmoves order is returned.
// Errors say why: malformed text, squares outside 1..32 or listed twice, a capture without its
// captured squares, a quiet move when a capture is mandatory (R6), a capture that the
// precedence P1..P4 rules out, or simply not legal (with the legal moves listed, Hub style).
Parsed<PathMove> parseMove(const Position& pos, std::string_view text);

// "21-17", or "22x13x18" with the captured squares ascending. Needs no position: a compact Move
// already holds from, to and the captured set.
std::string formatMove(const Move& m);

}  // namespace damiera::protocol::hub
