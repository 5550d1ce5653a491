#pragma once
// Moves in two weights: the compact Move that search and make-move need (from, to, captured
// set), and the PathMove that notation needs (every landing square, docs/rules.md "Move notation").
#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

#include "core/square.h"

namespace damiera {

// A king can capture at most 12 pieces, so a path has at most 13 squares (start + landings).
inline constexpr int kMaxPathSquares = 13;

struct Move {
  Bitboard captured = 0;  // squares of the captured pieces (R11: removed when the move ends)
  Square from = 0;
  Square to = 0;
  // How many distinct landing paths produce this same result. Perft counts them in its
  // "keep duplicates" mode; search plays the move once.
  std::uint8_t paths = 1;

  bool isCapture() const { return captured != 0; }
  friend bool operator==(const Move& a, const Move& b) {
    return a.from == b.from && a.to == b.to && a.captured == b.captured;
  }
};

struct MovePath {
  std::array<Square, kMaxPathSquares> squares{};  // start square, then every landing square
  std::uint8_t length = 0;
};

struct PathMove {
  Move move;
  MovePath path;
};

// Fixed-capacity list, no allocation: move generation is the engine's inner loop.
// 128 is far above what a legal Italian position can produce once duplicates are merged
// (at most 12 kings x 4 directions = 48 quiet moves).
class MoveList {
 public:
  static constexpr int kCapacity = 128;

  MoveList() {}  // leaves the storage uninitialised: lists are made at every node

  void push(const Move& m) {
    assert(size_ < kCapacity && "more moves than any legal position has");
    if (size_ < kCapacity) storage_.moves[size_++] = m;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Move& operator[](int i) const {
    assert(i >= 0 && i < size_);
    return storage_.moves[i];
  }
  Move& operator[](int i) {
    assert(i >= 0 && i < size_);
    return storage_.moves[i];
  }
  const Move* begin() const { return storage_.moves; }
  const Move* end() const { return storage_.moves + size_; }
  Move* begin() { return storage_.moves; }
  Move* end() { return storage_.moves + size_; }

 private:
  union Storage {
    Storage() {}
    Move moves[kCapacity];
  } storage_;
  int size_ = 0;
};

}  // namespace damiera
