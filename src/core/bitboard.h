#pragma once
// Diagonal steps and the masks built on them, written once for the generator, the board
// queries and the evaluation. The ghost layout (square.h) makes every step a shift:
//   -5 up-left, -4 up-right (toward rank 8), +4 down-left, +5 down-right (toward rank 1).
// A shift off the board lands on a ghost bit or beyond bit 35; masking with kPlayable (or with
// a set that is already inside it, such as the empty squares) is all the edge handling needed.
#include "core/color.h"
#include "core/square.h"

namespace damiera {

enum Direction : int { kUpLeft = -5, kUpRight = -4, kDownLeft = 4, kDownRight = 5 };
inline constexpr Direction kAllDirections[] = {kUpLeft, kUpRight, kDownLeft, kDownRight};

// R4, R7: White men move and capture toward rank 8 (up), Black men toward rank 1 (down).
template <Color Us>
inline constexpr Direction kForward[2] = {Us == Color::White ? kUpLeft : kDownLeft,
                                          Us == Color::White ? kUpRight : kDownRight};

// A raw shift by one step in direction D: may set ghost or out-of-board bits (mask them).
template <int D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D > 0)
    return b << D;
  else
    return b >> -D;
}
constexpr Bitboard shift(Bitboard b, int d) { return d > 0 ? b << d : b >> -d; }

// One step on the board: the squares reached from `b` in that direction.
constexpr Bitboard stepUpLeft(Bitboard b) { return shift<kUpLeft>(b) & kPlayable; }
constexpr Bitboard stepUpRight(Bitboard b) { return shift<kUpRight>(b) & kPlayable; }
constexpr Bitboard stepDownLeft(Bitboard b) { return shift<kDownLeft>(b) & kPlayable; }
constexpr Bitboard stepDownRight(Bitboard b) { return shift<kDownRight>(b) & kPlayable; }

// Every square one forward step (R4) from `b` for a man of colour c, and every square one
// step in any direction (R5).
constexpr Bitboard forwardSteps(Bitboard b, Color c) {
  return c == Color::White ? stepUpLeft(b) | stepUpRight(b) : stepDownLeft(b) | stepDownRight(b);
}
constexpr Bitboard allSteps(Bitboard b) {
  return stepUpLeft(b) | stepUpRight(b) | stepDownLeft(b) | stepDownRight(b);
}

// R12: the row where a man of colour c is crowned.
constexpr Bitboard promotionRow(Color c) { return c == Color::White ? kRank8 : kRank1; }

}  // namespace damiera
