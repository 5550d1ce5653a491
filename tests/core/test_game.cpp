// End of game (docs/rules.md R13..R15) through Game, and the bookkeeping Game keeps for them.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/position.h"
#include "test_support.h"

namespace damiera {
namespace {

using test::boardFromFen;
using test::legalMove;

void play(Game& game, const std::string& path) { game.play(legalMove(game.position(), path)); }

bool isOngoing(const GameResult& r) {
  return r.outcome == Outcome::Ongoing && r.reason == OutcomeReason::Ongoing;
}

// Two king tours far apart that never come near each other, so no capture ever appears:
// White's king 20-24-28-31-27-23-20 (6 moves), Black's king 2-6-11-14-18-13-9-5-2 (8 moves).
// Together they repeat only every lcm(6, 8) = 24 moves each (48 plies), so in any 80 plies no
// position occurs three times and R14 can't interfere with R15.
const std::vector<std::string> kWhiteTour = {"20-24", "24-28", "28-31", "31-27", "27-23", "23-20"};
const std::vector<std::string> kBlackTour = {"2-6",   "6-11", "11-14", "14-18",
                                             "18-13", "13-9", "9-5",   "5-2"};

struct Tours {
  int white = 0;
  int black = 0;
  // Plays the side to move's next tour move.
  void step(Game& game) {
    if (game.position().sideToMove() == Color::White)
      play(game, kWhiteTour[white++ % kWhiteTour.size()]);
    else
      play(game, kBlackTour[black++ % kBlackTour.size()]);
  }
};

TEST_CASE("R13: a player with no pieces or no legal move loses", "[rules][game]") {
  SECTION("the start is ongoing") {
    const Game game;
    CHECK(isOngoing(game.result()));
    CHECK(game.position() == Position::start());
  }
  SECTION("White to move without pieces") {
    const Game game(boardFromFen("W:W:B5"));
    const GameResult r = game.result();
    CHECK(r.outcome == Outcome::BlackWins);
    CHECK(r.reason == OutcomeReason::NoPieces);
  }
  SECTION("capturing the last piece wins") {
    Game game(boardFromFen("W:W22:B18"));
    CHECK(isOngoing(game.result()));
    play(game, "22x13");
    const GameResult r = game.result();
    CHECK(r.outcome == Outcome::WhiteWins);
    CHECK(r.reason == OutcomeReason::NoPieces);
  }
  SECTION("White blocked") {
    // Man 32 (h1): its only forward square 28 holds a black man with 23 occupied beyond.
    const Position pos = boardFromFen("W:W32:B23,28");
    MoveList list;
    generateMoves(pos, list);
    CHECK(list.empty());
    const GameResult r = Game(pos).result();
    CHECK(r.outcome == Outcome::BlackWins);
    CHECK(r.reason == OutcomeReason::NoMoves);
  }
  SECTION("Black blocked") {
    // Man 1 (a8): its only forward square 5 holds a white man with 10 occupied beyond.
    const Position pos = boardFromFen("B:W5,10:B1");
    CHECK(generatePathMoves(pos).empty());
    const GameResult r = Game(pos).result();
    CHECK(r.outcome == Outcome::WhiteWins);
    CHECK(r.reason == OutcomeReason::NoMoves);
  }
  SECTION("a side with moves left is not lost, even with one piece against many") {
    CHECK(isOngoing(Game(boardFromFen("B:W5,10,22,23:B4")).result()));
  }
}

TEST_CASE("R14: threefold repetition of the same position with the same side to move is a draw",
          "[rules][game]") {
  CHECK(kRepetitionsForDraw == 3);
  // Kings in opposite corners: 32 (h1) has the only neighbour 28, 1 (a8) only 5.
  Game game(boardFromFen("W:WK32:BK1"));
  const std::vector<std::string> cycle = {"32-28", "1-5", "28-32", "5-1"};
  CHECK(game.repetitionCount() == 1);
  // Expected repetition count after each ply of two cycles.
  const std::vector<int> counts = {1, 1, 1, 2, 2, 2, 2, 3};
  for (int ply = 0; ply < 8; ++ply) {
    INFO("ply " << ply + 1);
    CHECK(isOngoing(game.result()));
    play(game, cycle[ply % 4]);
    CHECK(game.repetitionCount() == counts[ply]);
  }
  CHECK(game.position() == boardFromFen("W:WK32:BK1"));
  const GameResult r = game.result();
  CHECK(r.outcome == Outcome::Draw);
  CHECK(r.reason == OutcomeReason::Repetition);
  CHECK(game.noProgressPlies() == 8);  // far from R15's limit: the draw is the repetition
  CHECK(game.keys().size() == 9);
  CHECK(game.keys().front() == game.keys().back());
  CHECK(game.keys().back() == game.position().key());
  CHECK(game.moves().size() == 8);
}

TEST_CASE("R15: 80 plies without capture or man move is a draw, and captures and man moves reset",
          "[rules][game]") {
  CHECK(kDefaultNoProgressPlies == 80);

  SECTION("80 plies of king moves") {
    Game game(boardFromFen("W:WK20:BK2"));
    CHECK(game.noProgressLimitPlies() == 80);
    Tours tours;
    for (int ply = 1; ply <= 80; ++ply) {
      INFO("ply " << ply);
      CHECK(isOngoing(game.result()));
      CHECK_FALSE(hasCapture(game.position()));
      tours.step(game);
      CHECK(game.noProgressPlies() == ply);
      CHECK(game.repetitionCount() < 3);
    }
    const GameResult r = game.result();
    CHECK(r.outcome == Outcome::Draw);
    CHECK(r.reason == OutcomeReason::NoProgress);
  }

  SECTION("a man move starts the count again") {
    Game game(boardFromFen("W:WK20,29:BK2"));
    Tours tours;
    for (int ply = 1; ply <= 40; ++ply) tours.step(game);
    CHECK(game.noProgressPlies() == 40);
    play(game, "29-25");  // White's man: progress
    CHECK(game.noProgressPlies() == 0);
    for (int ply = 1; ply <= 79; ++ply) {
      tours.step(game);
      CHECK(game.repetitionCount() < 3);
    }
    CHECK(game.noProgressPlies() == 79);
    CHECK(isOngoing(game.result()));
    tours.step(game);
    CHECK(game.noProgressPlies() == 80);
    const GameResult r = game.result();
    CHECK(r.outcome == Outcome::Draw);
    CHECK(r.reason == OutcomeReason::NoProgress);
  }

  SECTION("a capture starts the count again; the limit is configurable") {
    Game game(boardFromFen("W:WK32:BK1,K19"), 4);
    CHECK(game.noProgressLimitPlies() == 4);
    play(game, "32-28");
    play(game, "19-23");  // Black's king steps next to White's, 19 empty beyond it
    CHECK(game.noProgressPlies() == 2);
    CHECK(test::legalPaths(game.position()) == std::vector<std::string>{"28x19"});
    play(game, "28x19");  // a king capturing a king: progress all the same
    CHECK(game.noProgressPlies() == 0);
    play(game, "1-5");
    play(game, "19-15");
    play(game, "5-1");
    CHECK(game.noProgressPlies() == 3);
    CHECK(isOngoing(game.result()));
    play(game, "15-19");
    CHECK(game.noProgressPlies() == 4);
    CHECK(game.repetitionCount() == 2);  // the position after the capture, once more
    const GameResult r = game.result();
    CHECK(r.outcome == Outcome::Draw);
    CHECK(r.reason == OutcomeReason::NoProgress);
  }

  SECTION("a Black man move resets too") {
    Game game(boardFromFen("W:WK32:BK1,12"), 4);
    play(game, "32-28");
    play(game, "1-5");
    play(game, "28-32");
    CHECK(game.noProgressPlies() == 3);
    play(game, "12-16");
    CHECK(game.noProgressPlies() == 0);
    CHECK(isOngoing(game.result()));
  }
}

TEST_CASE("Game records the moves, the keys and the start position", "[game]") {
  Game game;
  CHECK(game.moves().empty());
  CHECK(game.keys().size() == 1);
  CHECK(game.keys().back() == Position::start().key());
  play(game, "22-18");
  play(game, "11-15");
  CHECK(game.moves().size() == 2);
  CHECK(game.keys().size() == 3);
  CHECK(game.startPosition() == Position::start());
  const Position expected = boardFromFen("W:W18,21,23-32:B1-10,12,15");
  CHECK(game.position() == expected);
  CHECK(game.position().key() == expected.key());
  CHECK(game.keys().back() == expected.key());
  CHECK(game.noProgressPlies() == 0);  // man moves
}

}  // namespace
}  // namespace damiera
