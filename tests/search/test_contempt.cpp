// Contempt (SearchOptions::contempt): a draw scores -contempt for the side the engine plays
// (the side to move at the root) and +contempt for its opponent, whether it is a repetition
// (R14), the no-progress rule (R15) or a database draw; forced results are untouched.
#include <catch2/catch.hpp>
#include <memory>

#include "egdb/prober.h"
#include "search/worker.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

namespace {

void play(Game& game, std::initializer_list<std::string_view> moves) {
  for (std::string_view text : moves) game.play(move(game.position(), text));
}

SearchOptions withContempt(int contempt) {
  SearchOptions options;
  options.contempt = contempt;
  return options;
}

// Two kings each, far apart: level, and its evaluation is 0. After this history the engine's
// side repeats a position for the third time with its first move (White 29-25, Black 4-8): a
// draw at once (R14); or it plays any other king move.
Game levelGameWithRepetitionAvailable(Color engineSide) {
  const bool white = engineSide == Color::White;
  Game game(fen(white ? "W:WK29,K30:BK4,K3" : "B:WK29,K30:BK4,K3"));
  if (white)
    play(game, {"29-25", "4-8", "25-21", "8-4", "21-25", "4-8", "25-29", "8-4"});
  else
    play(game, {"4-8", "29-25", "8-12", "25-29", "12-8", "29-25", "8-4", "25-29"});
  REQUIRE(game.repetitionCount() == 2);
  return game;
}

// A database that knows only the positions where `side` is to move, and calls them all drawn.
class DrawsWhenToMove : public egdb::Prober {
 public:
  explicit DrawsWhenToMove(std::optional<Color> side) : side_(side) {}
  std::optional<egdb::Value> probe(const Position& pos) override {
    if (side_ && pos.sideToMove() != *side_) return std::nullopt;
    return egdb::Value{egdb::Wdl::Draw, 0};
  }

 private:
  std::optional<Color> side_;
};

SearchOptions withDrawDatabase(int contempt, std::optional<Color> side) {
  SearchOptions options = withContempt(contempt);
  options.database = std::make_shared<DrawsWhenToMove>(side);
  options.databasePieces = 32;
  return options;
}

}  // namespace

TEST_CASE("Contempt: a repetition scores -contempt for the engine's side",
          "[search][draw][contempt]") {
  const Color side = GENERATE(Color::White, Color::Black);
  const Game game = levelGameWithRepetitionAvailable(side);
  const Move repeat = move(game.position(), side == Color::White ? "29-25" : "4-8");

  // Only the repetition searched: its score is the draw's, seen from the engine.
  SearchLimits only = depthLimit(6);
  only.searchMoves = {repeat};
  for (const int contempt : {0, 30, -30}) {
    INFO("contempt " << contempt);
    const Collected drawn = searchPosition(game, only, withContempt(contempt));
    CHECK(drawn.infos.back().rawScore == -contempt);
  }

  // With contempt the engine plays on (another king move, level by its evaluation); with a
  // negative one it takes the draw, which is then worth more than playing on.
  const Collected avoids = searchPosition(game, depthLimit(8), withContempt(50));
  REQUIRE(avoids.result.bestMove);
  CHECK_FALSE(*avoids.result.bestMove == repeat);
  CHECK(avoids.infos.back().rawScore > -50);
  const Collected seeks = searchPosition(game, depthLimit(8), withContempt(-50));
  REQUIRE(seeks.result.bestMove);
  CHECK(*seeks.result.bestMove == repeat);
  CHECK(seeks.infos.back().rawScore == 50);
}

TEST_CASE("Contempt: a lost position's repetition is still taken, at -contempt",
          "[search][draw][contempt]") {
  // The R14 test's position: White is lost unless it repeats; a draw at -50 beats a loss.
  Game game(fen("W:WK29:BK4,10,11,12"));
  play(game, {"29-25", "4-8", "25-21", "8-4", "21-25", "4-8", "25-29", "8-4"});
  const Collected out = searchPosition(game, depthLimit(8), withContempt(50));
  REQUIRE(out.result.bestMove);
  CHECK(*out.result.bestMove == move(game.position(), "29-25"));
  CHECK(out.infos.back().rawScore == -50);
}

TEST_CASE("Contempt: the no-progress draw (R15) scores -contempt for the engine's side",
          "[search][draw][contempt]") {
  // With a limit of one ply every king move ends the game drawn: the root scores the draw.
  const auto fenText = GENERATE(as<std::string_view>{}, "W:WK29:BK4,10,11,12", "B:WK29:BK4,10");
  for (const int contempt : {0, 40, -40}) {
    INFO(fenText << " contempt " << contempt);
    const Collected out =
        searchPosition(Game(fen(fenText), 1), depthLimit(6), withContempt(contempt));
    CHECK(out.infos.back().rawScore == -contempt);
  }
}

TEST_CASE("Contempt: a database draw scores -contempt at even plies, +contempt at odd ones",
          "[search][draw][contempt][egdb]") {
  const Position pos = fen("W:WK29,K30:BK4,K3");
  for (const int contempt : {0, 25, -25}) {
    INFO("contempt " << contempt);
    // The database knows every position: the root's moves are all drawn (kept, database_root),
    // and each reply is a draw seen by the opponent (ply 1): +contempt there, -contempt here.
    const Collected everywhere =
        searchPosition(Game(pos), depthLimit(3), withDrawDatabase(contempt, std::nullopt));
    CHECK(everywhere.infos.back().rawScore == -contempt);
    // Only the positions with White (the engine) to move: the draws are found at even plies,
    // scored -contempt from White's side, and the root gets that score back.
    const Collected even =
        searchPosition(Game(pos), depthLimit(4), withDrawDatabase(contempt, Color::White));
    CHECK(even.infos.back().rawScore == -contempt);
    // Only Black's: odd plies, +contempt from Black's side, -contempt from White's.
    const Collected odd =
        searchPosition(Game(pos), depthLimit(4), withDrawDatabase(contempt, Color::Black));
    CHECK(odd.infos.back().rawScore == -contempt);
  }
}

TEST_CASE("Contempt never changes a forced result", "[search][mate][contempt]") {
  // A lone king hunts a lone man down (R13): the same mate whatever the contempt.
  const Position pos = fen("W:WK18:B5");
  const Collected plain = searchPosition(Game(pos), depthLimit(12));
  for (const int contempt : {100, -100}) {
    const Collected out = searchPosition(Game(pos), depthLimit(12), withContempt(contempt));
    CHECK(out.result.score == plain.result.score);
    CHECK(out.result.score.kind == ReportedScore::Kind::Mate);
  }
}

TEST_CASE("Contempt: searches from either side with a contempt never share table entries",
          "[search][tt][contempt]") {
  const SearchOptions none;
  const SearchOptions some = withContempt(20);
  const std::uint64_t plain = tableSaltOf(none, kDefaultNoProgressPlies, Color::White);
  CHECK(plain == tableSaltOf(none, kDefaultNoProgressPlies, Color::Black));
  CHECK(plain == 0);  // no contempt: the keys are the positions' own, as before the option
  const std::uint64_t white = tableSaltOf(some, kDefaultNoProgressPlies, Color::White);
  const std::uint64_t black = tableSaltOf(some, kDefaultNoProgressPlies, Color::Black);
  CHECK(white != plain);
  CHECK(black != plain);
  CHECK(white != black);
  // Contempt 20 with White at the root scores every draw as contempt -20 with Black there.
  CHECK(white == tableSaltOf(withContempt(-20), kDefaultNoProgressPlies, Color::Black));
}
