#pragma once
// CheckerBoard's board array for Italian draughts (game type 22) and our Position, both ways.
//
// board[x][y] holds PDN square n = 1 + 4y + x/2 (the Italian numbering of RULES R2), so y = 0 is
// Black's back row (squares 1..4) and the playable squares are those with x + y even.
// CheckerBoard only mirrors its display; the array itself follows the numbering.
#include <optional>
#include <string>
#include <vector>

#include "checkerboard/cb_api.h"
#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera::cb {

// The square number of board[x][y], or 0 for a light square or outside the board.
int squareNumberAt(int x, int y);
Coor coorOfSquareNumber(int number);  // number 1..32

// The position on `board` with `color` (kWhite or kBlack) to move. Refuses, with a message, a
// colour other than those two, a piece code that is not a man or king of one side, a piece on a
// light square, and whatever a FEN with these pieces would be refused for (a man on its own
// promotion row, more than 12 pieces a side).
Parsed<Position> positionFromBoard(const Board8x8& board, int color);

// Writes `pos` into `board`, every square (light squares empty).
void writeBoard(const Position& pos, Board8x8& board);

// The piece code on a square of `pos` (kFree if empty).
int pieceCodeAt(const Position& pos, Square sq);

// The CBmove of a legal move of pos's side to move. At most kMaxJumps landing squares are
// listed in path[]; `to`, del[] and the counts are always complete for up to 12 captures.
CBmove describeMove(const Position& pos, const PathMove& move);

// The reply to "get movelist": "movelist N,<move>;<move>;..." with every legal landing path of
// the side to move (see CheckerBoard's API reference). A reply that would not fit in
// kTextSize (with its terminating zero) is retried with one path per resulting position;
// nullopt if even that does not fit.
std::optional<std::string> formatMoveList(const Position& pos);

}  // namespace damiera::cb
