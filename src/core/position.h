#pragma once
// A position: three bitboards in the ghost layout (square.h), the side to move and an
// incrementally updated Zobrist key.
#include <cassert>
#include <cstdint>

#include "core/bitboard.h"
#include "core/color.h"
#include "core/move.h"
#include "core/square.h"
#include "core/zobrist.h"

namespace damiera {

class Position {
 public:
  Position() = default;  // empty board, White to move

  static Position start();  // R3

  Bitboard pieces(Color c) const { return c == Color::White ? white_ : black_; }
  Bitboard men(Color c) const { return pieces(c) & ~kings_; }
  Bitboard kings(Color c) const { return pieces(c) & kings_; }
  Bitboard allKings() const { return kings_; }
  Bitboard occupied() const { return white_ | black_; }
  Bitboard empty() const { return kPlayable & ~occupied(); }
  Color sideToMove() const { return side_; }
  std::uint64_t key() const { return key_; }

  bool isEmpty(Square sq) const { return (occupied() & bit(sq)) == 0; }
  bool isKing(Square sq) const { return (kings_ & bit(sq)) != 0; }
  bool hasPiece(Color c, Square sq) const { return (pieces(c) & bit(sq)) != 0; }

  // The Zobrist key computed from scratch: what key() must always equal (asserted after every
  // hashed make-move in builds with assertions).
  std::uint64_t keyFromScratch() const;

  // Set-up (FEN, tests). Placing on an occupied square replaces what was there.
  void put(Square sq, Color c, bool king);
  void remove(Square sq);
  void setSideToMove(Color c);

  // The position after a legal move of the side to move (R11, R12).
  Position after(const Move& m) const { return make<true>(m); }
  // The same without updating the Zobrist key, which is left meaningless: only for perft,
  // which never looks at keys.
  Position afterUnhashed(const Move& m) const { return make<false>(m); }
  // afterUnhashed when the side to move is known at compile time (perft's last plies): every
  // bitboard is then chosen without a branch, so a caller that reads a few of them inline
  // keeps the child in registers.
  template <Color Us>
  Position afterUnhashedBy(const Move& m) const {
    assert(side_ == Us);
    return makeBy<false, Us>(m);
  }

  // A move that changes nothing irreversible resets nothing; this tells the game history
  // whether the no-progress count (R15) starts again.
  bool isProgressMove(const Move& m) const { return m.isCapture() || !isKing(m.from); }

  friend bool operator==(const Position& a, const Position& b) {
    return a.white_ == b.white_ && a.black_ == b.black_ && a.kings_ == b.kings_ &&
           a.side_ == b.side_;
  }

 private:
  template <bool kUpdateKey>
  Position make(const Move& m) const {
    return side_ == Color::White ? makeBy<kUpdateKey, Color::White>(m)
                                 : makeBy<kUpdateKey, Color::Black>(m);
  }
  template <bool kUpdateKey, Color Us>
  Position makeBy(const Move& m) const;

  Bitboard white_ = 0;
  Bitboard black_ = 0;
  Bitboard kings_ = 0;
  Color side_ = Color::White;
  std::uint64_t key_ = 0;
};

template <bool kUpdateKey, Color Us>
inline Position Position::makeBy(const Move& m) const {
  assert(side_ == Us);
  Position next = *this;
  constexpr int us = static_cast<int>(Us);
  const Bitboard fromBit = bit(m.from);
  const Bitboard toBit = bit(m.to);
  const bool wasKing = isKing(m.from);
  // R12: a man reaching the far row is crowned; a capture that gets there has already ended,
  // because men capture forward only (R7) and so cannot jump on from the last row.
  const bool becomesKing = wasKing || (toBit & promotionRow(Us)) != 0;

  // from == to is possible: a king's capture may loop back to its start square (R11).
  Bitboard& own = Us == Color::White ? next.white_ : next.black_;
  Bitboard& theirs = Us == Color::White ? next.black_ : next.white_;
  own = (own & ~fromBit) | toBit;
  next.kings_ = (next.kings_ & ~fromBit) | (becomesKing ? toBit : 0);
  if constexpr (kUpdateKey) {
    next.key_ ^= zobrist::piece(us, wasKing, m.from) ^ zobrist::piece(us, becomesKing, m.to) ^
                 zobrist::kBlackToMove;
    for (Bitboard victims = m.captured; victims; victims = withoutLowest(victims)) {
      const Square sq = lowestSquare(victims);
      next.key_ ^= zobrist::piece(1 - us, isKing(sq), sq);
    }
  }
  // R11: every captured piece is removed together, at the end of the move.
  theirs &= ~m.captured;
  next.kings_ &= ~m.captured;
  next.side_ = opponent(Us);
  assert(!kUpdateKey || next.key_ == next.keyFromScratch());
  assert((next.white_ & next.black_) == 0 && (next.occupied() & ~kPlayable) == 0);
  return next;
}

}  // namespace damiera
