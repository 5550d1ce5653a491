#pragma once
// Board geometry: the 32 playable squares (R1, R2) laid out in a 64-bit word with "ghost"
// bits, so that every diagonal step is a single shift.
//
// Rows are counted from White's far side (rank 8 = row 0), as in the Italian numbering (R2).
// A pair of rows p (rows 2p and 2p+1) occupies bits 9p..9p+8:
//   even row 2p,   column c (file 2c):   bit 9p + c
//   odd  row 2p+1, column c (file 2c+1): bit 9p + 5 + c
//   bit 9p + 4 is a ghost: never a piece, never empty.
// Then, from any square:  +4 = one row down, one file left   (toward rank 1, file - 1)
//                         +5 = one row down, one file right  (toward rank 1, file + 1)
//                         -4 = one row up,   one file right  (toward rank 8, file + 1)
//                         -5 = one row up,   one file left   (toward rank 8, file - 1)
// A step off the board lands on a ghost bit or outside bits 0..35, so masks with the set of
// playable squares are all the edge handling there is.
#include <array>
#include <cassert>
#include <cstdint>

namespace damiera {

using Bitboard = std::uint64_t;
using Square = std::uint8_t;  // a bit index 0..35 in the ghost layout (never a ghost bit)

inline constexpr int kNumSquares = 32;
inline constexpr int kLayoutBits = 36;

// The ghost-layout bit of Italian square number n (1..32, R2).
constexpr Square squareFromNumber(int n) {
  assert(n >= 1 && n <= kNumSquares);
  const int i = n - 1;
  return static_cast<Square>(i + i / 8 + ((i / 4) & 1));
}

namespace detail {
constexpr std::array<std::uint8_t, kLayoutBits> makeNumberTable() {
  std::array<std::uint8_t, kLayoutBits> table{};
  for (int n = 1; n <= kNumSquares; ++n) table[squareFromNumber(n)] = static_cast<std::uint8_t>(n);
  return table;
}
constexpr Bitboard makePlayableMask() {
  Bitboard mask = 0;
  for (int n = 1; n <= kNumSquares; ++n) mask |= Bitboard{1} << squareFromNumber(n);
  return mask;
}
constexpr Bitboard makeRowMask(int row) {
  Bitboard mask = 0;
  for (int n = 4 * row + 1; n <= 4 * row + 4; ++n) mask |= Bitboard{1} << squareFromNumber(n);
  return mask;
}
inline constexpr std::array<std::uint8_t, kLayoutBits> kNumberOfSquare = makeNumberTable();
}  // namespace detail

// Italian square number 1..32 of a ghost-layout square (R2).
constexpr int numberOfSquare(Square sq) {
  assert(sq < kLayoutBits && detail::kNumberOfSquare[sq] != 0);  // a playable square
  return detail::kNumberOfSquare[sq];
}

// Row 0 is rank 8 (squares 1..4), row 7 is rank 1 (squares 29..32).
constexpr int rowOfSquare(Square sq) { return (numberOfSquare(sq) - 1) / 4; }

inline constexpr Bitboard kPlayable = detail::makePlayableMask();
inline constexpr Bitboard kRank8 = detail::makeRowMask(0);  // squares 1..4: White promotes here
inline constexpr Bitboard kRank1 = detail::makeRowMask(7);  // squares 29..32: Black promotes here

constexpr Bitboard bit(Square sq) { return Bitboard{1} << sq; }

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lowestSquare(Bitboard b) { return static_cast<Square>(__builtin_ctzll(b)); }
inline Bitboard withoutLowest(Bitboard b) { return b & (b - 1); }

}  // namespace damiera
