#include "egdb/board.h"

namespace damiera::egdb {

Position toPosition(const Board& b) {
  Position pos;
  for (Bitboard w = b.white; w; w = withoutLowest(w)) {
    const Square sq = lowestSquare(w);
    pos.put(sq, Color::White, (b.kings & bit(sq)) != 0);
  }
  for (Bitboard k = b.black; k; k = withoutLowest(k)) {
    const Square sq = lowestSquare(k);
    pos.put(sq, Color::Black, (b.kings & bit(sq)) != 0);
  }
  return pos;
}

}  // namespace damiera::egdb
