#pragma once
// Bitboard helpers the database needs beyond core/square.h: the colour mirror, subset ranking.
#include <cstdint>

#include "core/position.h"
#include "core/square.h"

namespace damiera::egdb {

// Squares a man may stand on (R12: a man on its last row has been crowned).
inline constexpr Bitboard kWhiteManSquares = kPlayable & ~kRank8;
inline constexpr Bitboard kBlackManSquares = kPlayable & ~kRank1;

// Square n <-> square 33 - n (the board turned 180 degrees). In the ghost layout this is the
// reversal of bits 0..35 (square 1 is bit 0, square 32 is bit 35, ghosts map to ghosts).
inline Bitboard turnBoard(Bitboard b) {
  b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
  b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
  b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return __builtin_bswap64(b) >> (64 - kLayoutBits);
}

// A position as three bitboards, always with White to move (the stored orientation).
struct Board {
  Bitboard white = 0;
  Bitboard black = 0;
  Bitboard kings = 0;

  // The same position with the other side to move, seen from that side: turned and recoloured.
  Board mirrored() const { return {turnBoard(black), turnBoard(white), turnBoard(kings)}; }
  friend bool operator==(const Board&, const Board&) = default;
};

// The board of `pos` seen from its side to move (Black to move: mirrored).
inline Board orientedBoard(const Position& pos) {
  Board b{pos.pieces(Color::White), pos.pieces(Color::Black), pos.allKings()};
  return pos.sideToMove() == Color::White ? b : b.mirrored();
}

// A core position with White to move built from a board.
Position toPosition(const Board& b);

}  // namespace damiera::egdb
