#include "search/eval_kings.h"

#include <cassert>

#include "core/bitboard.h"

namespace damiera {

const std::array<std::string_view, kKingTableCount> kKingTableNames = {
    "king squares", "king freedom", "material signature", "tempo parity"};

namespace {

void addKings(KingFeatures& f, int colour, Bitboard kings, Bitboard empty) {
  for (; kings; kings = withoutLowest(kings)) {
    const Square sq = lowestSquare(kings);
    const int number = numberOfSquare(sq);
    // Black's board is turned half a turn: its square n is White's 33 - n (R2).
    const int own = colour == 0 ? number : kNumSquares + 1 - number;
    f.kingSquares[colour] |= std::uint32_t{1} << (own - 1);
    const Bitboard b = bit(sq);
    const int free =
        popcount((stepUpLeft(b) | stepUpRight(b) | stepDownLeft(b) | stepDownRight(b)) & empty);
    assert(free < kKingFreedomEntries);
    ++f.freedom[colour][free];
  }
}

}  // namespace

void detail::addKingFeatures(KingFeatures& f, const Position& pos) {
  assert(pos.allKings() != 0);
  const int wm = popcount(pos.men(Color::White)), bm = popcount(pos.men(Color::Black));
  const Bitboard whiteKings = pos.kings(Color::White), blackKings = pos.kings(Color::Black);
  const int wk = popcount(whiteKings), bk = popcount(blackKings);
  f.signature[0] = static_cast<std::uint16_t>(signatureIndex(wm, wk, bm, bk));
  f.signature[1] = static_cast<std::uint16_t>(signatureIndex(bm, bk, wm, wk));
  const Bitboard empty = pos.empty();
  addKings(f, 0, whiteKings, empty);
  addKings(f, 1, blackKings, empty);
}

}  // namespace damiera
