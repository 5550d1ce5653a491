// The evaluation fades as the no-progress count runs (R15; Worker::fadedByNoProgress): the
// side that is ahead should make progress (a man move, a capture) rather than shuffle its
// kings until the rule draws the game.
#include <catch2/catch.hpp>

#include "search/tunables.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

namespace {

// White, two men and two kings against a lone king, is well ahead. After these eight king
// moves the position is the start's again (the second time: no draw yet) with a no-progress
// count of 8 plies.
constexpr std::string_view kAhead = "W:W22,23,K29,K32:BK1";
constexpr std::string_view kShuffle[] = {"29-25", "1-5", "32-28", "5-1",
                                         "25-29", "1-5", "28-32", "5-1"};

Game shuffled() {
  Game game(fen(kAhead));
  for (std::string_view text : kShuffle) game.play(move(game.position(), text));
  REQUIRE(game.noProgressPlies() == 8);
  REQUIRE(game.position().key() == fen(kAhead).key());
  return game;
}

// The score of one root move searched to depth 1: the evaluation of the position it makes.
int scoreOf(const Game& game, std::string_view rootMove, int fadePercent = 200) {
  SearchLimits limits = depthLimit(1);
  limits.searchMoves = {move(game.position(), rootMove)};
  SearchOptions options;
  options.tunables.noProgressFadePercent = fadePercent;
  return searchPosition(game, limits, options).infos.back().rawScore;
}

}  // namespace

TEST_CASE("No-progress fade: a king move's value shrinks with the count, a man move's does not",
          "[search][draw]") {
  const Game fresh(fen(kAhead));
  const Game later = shuffled();
  // The king move leaves the count at 1 or at 9 plies of the default 80: the evaluation keeps
  // (160 - 1) / 160 or (160 - 9) / 160 of itself.
  const int kingFresh = scoreOf(fresh, "29-25");
  const int kingLater = scoreOf(later, "29-25");
  REQUIRE(kingFresh > 100);
  CHECK(kingLater < kingFresh);
  CHECK(std::abs(kingLater * 159 - kingFresh * 151) <= 159 + 151);  // integer rounding
  // A man move resets the count: the same value whatever came before.
  CHECK(scoreOf(later, "23-20") == scoreOf(fresh, "23-20"));
  // A slower fade (over 20 times the limit) takes less.
  CHECK(scoreOf(later, "29-25", 2000) > kingLater);
}

TEST_CASE("No-progress fade: the tunable's range keeps the fade above zero before the limit",
          "[search][tune]") {
  const ParsedTunables slowest = parseSearchTunables("noProgressFadePercent=2000");
  REQUIRE(slowest);
  CHECK(parseSearchTunables("noProgressFadePercent=99").error ==
        "noProgressFadePercent must be 100..2000, got 99");
}
