#include "core/position.h"

#include "core/zobrist.h"

namespace damiera {

namespace {
int colourIndex(Color c) { return static_cast<int>(c); }
}  // namespace

Position Position::start() {
  // R3: Black men on 1..12, White men on 21..32, White to move.
  Position pos;
  for (int n = 1; n <= 12; ++n) pos.put(squareFromNumber(n), Color::Black, false);
  for (int n = 21; n <= 32; ++n) pos.put(squareFromNumber(n), Color::White, false);
  return pos;
}

std::uint64_t Position::keyFromScratch() const {
  std::uint64_t key = side_ == Color::Black ? zobrist::kBlackToMove : 0;
  for (Bitboard b = occupied(); b; b = withoutLowest(b)) {
    const Square sq = lowestSquare(b);
    key ^= zobrist::piece(colourIndex(hasPiece(Color::White, sq) ? Color::White : Color::Black),
                          isKing(sq), sq);
  }
  return key;
}

void Position::put(Square sq, Color c, bool king) {
  remove(sq);
  (c == Color::White ? white_ : black_) |= bit(sq);
  if (king) kings_ |= bit(sq);
  key_ ^= zobrist::piece(colourIndex(c), king, sq);
}

void Position::remove(Square sq) {
  if (isEmpty(sq)) return;
  const Color c = hasPiece(Color::White, sq) ? Color::White : Color::Black;
  key_ ^= zobrist::piece(colourIndex(c), isKing(sq), sq);
  white_ &= ~bit(sq);
  black_ &= ~bit(sq);
  kings_ &= ~bit(sq);
}

void Position::setSideToMove(Color c) {
  if (c != side_) key_ ^= zobrist::kBlackToMove;
  side_ = c;
}

}  // namespace damiera
