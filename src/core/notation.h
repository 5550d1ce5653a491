#pragma once
// Move text (docs/rules.md "Move notation"): "21-17", "22x13", "22x13x6".
#include <string>
#include <string_view>

#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera {

// Full landing-path notation: '-' for a quiet move, 'x' between every square of a capture.
std::string formatMove(const PathMove& m);

// The same for a compact Move of pos's side to move (search output): the first legal landing
// path, in legalmoves order, that produces this move. Empty string if m is not legal in pos.
std::string formatMove(const Position& pos, const Move& m);

// Parses a move of the side to move. Accepts the full landing path, or "from x to" alone when
// the legal captures it matches all have one result (PROTOCOL.md, "position"). Errors name why:
// malformed text, square out of range, no piece of the side to move there, a capture is mandatory
// (R6), the precedence P1..P4 demands another capture, "ambiguous" with the candidates listed, or
// simply not legal. The separator is strict: '-' only for a quiet move, 'x' (or 'X') only for a
// capture; a mismatch is refused with the right spelling. "from x to" matching several paths with
// the same result (same from, to and captured set) is one move: the first path in legalmoves order.
// Surrounding whitespace is ignored; errors are one lower-case line.
Parsed<PathMove> parseMove(const Position& pos, std::string_view text);

}  // namespace damiera
