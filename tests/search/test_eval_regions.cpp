// The evaluation's region indices kept up to date move by move (eval_regions.h): after every legal
// move of many random games, and carried along whole games, they equal the indices computed from
// scratch, and so does the evaluation that reads them.
#include <catch2/catch.hpp>
#include <random>

#include "search/eval.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

namespace {

// Which kinds of move the games played through, so the test knows it saw them all.
struct Seen {
  int captures = 0, kingsCaptured = 0, promotions = 0, kingMoves = 0;
};

void tally(const Position& pos, const Move& m, Seen& seen) {
  seen.captures += m.isCapture();
  seen.kingsCaptured += (m.captured & pos.allKings()) != 0;
  seen.promotions += !pos.isKing(m.from) && (bit(m.to) & promotionRow(pos.sideToMove())) != 0;
  seen.kingMoves += pos.isKing(m.from);
}

}  // namespace

TEST_CASE("Region indices: updated move by move they equal a full recomputation",
          "[search][eval]") {
  std::mt19937_64 random(2027);
  const EvalWeights& weights = embeddedEvalWeights();
  Seen seen;
  int moves = 0;
  for (int game = 0; game < 300; ++game) {
    Position pos = Position::start();
    RegionIndices carried = regionIndicesOf(pos);  // never recomputed during the game
    for (int ply = 0; ply < 150; ++ply) {
      MoveList list;
      generateMoves(pos, list);
      if (list.empty()) break;
      for (const Move& m : list) {
        const Position next = pos.after(m);
        INFO("game " << game << " ply " << ply << " key " << pos.key());
        REQUIRE(regionIndicesAfter(carried, pos, m) == regionIndicesOf(next));
        tally(pos, m, seen);
        ++moves;
      }
      REQUIRE(evaluate(pos, weights, carried) == evaluate(pos, weights));
      const Move& played = list[random() % list.size()];
      carried = regionIndicesAfter(carried, pos, played);
      pos = pos.after(played);
    }
  }
  CHECK(moves > 100000);
  CHECK(seen.captures > 1000);
  CHECK(seen.kingsCaptured > 50);
  CHECK(seen.promotions > 100);
  CHECK(seen.kingMoves > 1000);
}

TEST_CASE("Region indices: a man's share is its digit in each of its regions", "[search][eval]") {
  // Square 14 is the 8th square (digit 3^7) of the north-west box and the 3rd (3^2) of the
  // centre box (and in two more).
  const RegionIndices white = kManShares[0][squareFromNumber(14)];
  const RegionIndices expected = regionIndicesOf(fen("W:W14:B").men(Color::White), 0);
  CHECK(white == expected);
  CHECK(white.white(0) == 2187);
  CHECK(white.white(4) == 9);
  // A White man on 14 and a Black man on 19 are each other's colour-flipped twins (14 -> 33 - 14),
  // so each one's White indices are the other's Black indices.
  const RegionIndices black = kManShares[1][squareFromNumber(19)];
  for (int r = 0; r < kRegionCount; ++r) {
    CHECK(white.white(r) == black.black(r));
    CHECK(white.black(r) == black.white(r));
  }
}
