// The board queries the search asks beside the generator (hasCapture by colour, hasStep,
// isPromotion), the precedence decision notation explains with, and the diagonal steps.
#include <catch2/catch.hpp>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/precedence.h"
#include "test_support.h"

namespace damiera {
namespace {

using test::makePosition;
using test::sq;

TEST_CASE("hasCapture by colour answers for either side whoever is to move", "[queries]") {
  // White man 22 faces Black man 18 with 13 empty behind it; Black's 18 can take 22 only if
  // 25 is empty (it is, below).
  const Position pos = makePosition(Color::White, {22}, {}, {18}, {});
  CHECK(hasCapture(pos));
  CHECK(hasCapture(pos, Color::White));
  CHECK(hasCapture(pos, Color::Black));
  // Block 13: White can no longer take, Black still can.
  const Position blocked = makePosition(Color::White, {22, 13}, {}, {18}, {});
  CHECK_FALSE(hasCapture(blocked, Color::White));
  CHECK(hasCapture(blocked, Color::Black));
  // R8: a man never captures a king, even as a threat.
  const Position kingVictim = makePosition(Color::Black, {22}, {}, {}, {18});
  CHECK_FALSE(hasCapture(kingVictim, Color::White));
  CHECK(hasCapture(kingVictim, Color::Black));
}

TEST_CASE("hasStep and hasLegalMove see men's forward steps and kings' steps (R4, R5, R13)",
          "[queries]") {
  // A White man on 5 blocked by Black men on 1 and 2 (its two forward squares) has no step
  // and no capture (nothing behind 1 and 2); a king there could step back.
  const Position blockedMan = makePosition(Color::White, {5}, {}, {1, 2}, {});
  CHECK_FALSE(hasStep(blockedMan));
  CHECK_FALSE(hasLegalMove(blockedMan));
  const Position king = makePosition(Color::White, {}, {5}, {1, 2}, {});
  CHECK(hasStep(king));
  CHECK(hasLegalMove(king));
  CHECK(hasStep(Position::start()));
}

TEST_CASE("isPromotion: a man reaching its far row, never a king (R12)", "[queries]") {
  const Position pos = makePosition(Color::White, {5}, {6}, {32}, {});
  CHECK(isPromotion(pos, Move{0, sq(5), sq(1), 1}));
  CHECK_FALSE(isPromotion(pos, Move{0, sq(6), sq(2), 1}));  // a king already
  const Position black = makePosition(Color::Black, {1}, {}, {28}, {});
  CHECK(isPromotion(black, Move{0, sq(28), sq(32), 1}));
  CHECK_FALSE(
      isPromotion(makePosition(Color::Black, {1}, {}, {24}, {}), Move{0, sq(24), sq(28), 1}));
}

TEST_CASE("The precedence decision names the first rule that differs (P1..P4)", "[queries]") {
  const CapturePrecedence man2{2, false, 0, 0};
  const CapturePrecedence king1{1, true, 1, CapturePrecedence::kingJumpBit(1)};
  CHECK(decidePrecedence(man2, king1).rule == 1);
  CHECK(decidePrecedence(man2, king1).firstWins);
  const CapturePrecedence king2{2, true, 0, 0};
  CHECK(decidePrecedence(man2, king2).rule == 2);
  CHECK_FALSE(decidePrecedence(man2, king2).firstWins);
  const CapturePrecedence king2TakesKing{2, true, 1, CapturePrecedence::kingJumpBit(2)};
  CHECK(decidePrecedence(king2TakesKing, king2).rule == 3);
  CHECK(decidePrecedence(king2TakesKing, king2).firstWins);
  // P4: kings at jumps {1, 3} beat kings at {2, 3}: compared lexicographically, earliest first.
  const CapturePrecedence early{
      3, true, 2, CapturePrecedence::kingJumpBit(1) | CapturePrecedence::kingJumpBit(3)};
  const CapturePrecedence late{
      3, true, 2, CapturePrecedence::kingJumpBit(2) | CapturePrecedence::kingJumpBit(3)};
  CHECK(decidePrecedence(early, late).rule == 4);
  CHECK(decidePrecedence(early, late).firstWins);
  CHECK_FALSE(decidePrecedence(late, early).firstWins);
  CHECK(early.kingJumps() == std::vector<int>{1, 3});
  CHECK(decidePrecedence(early, early).rule == 0);
}

TEST_CASE("Diagonal steps stay on the board", "[queries]") {
  // Square 8 stands on the edge file: only 4 (up) and 12 (down) are its neighbours; 5 is
  // inside, with 1, 2 up and 9, 10 down.
  CHECK(allSteps(bit(sq(8))) == (bit(sq(4)) | bit(sq(12))));
  CHECK(allSteps(bit(sq(5))) == (bit(sq(1)) | bit(sq(2)) | bit(sq(9)) | bit(sq(10))));
  CHECK(forwardSteps(bit(sq(8)), Color::White) == bit(sq(4)));
  CHECK(forwardSteps(bit(sq(8)), Color::Black) == bit(sq(12)));
  // Off the board altogether from the corners' rows.
  CHECK(forwardSteps(kRank8, Color::White) == 0);
  CHECK(forwardSteps(kRank1, Color::Black) == 0);
  CHECK(promotionRow(Color::White) == kRank8);
}

}  // namespace
}  // namespace damiera
