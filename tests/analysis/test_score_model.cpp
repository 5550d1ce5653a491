// How a move's loss is measured and marked (src/analysis/score_model.h, docs/analysis.md).
#include <catch2/catch.hpp>

#include "analysis/score_model.h"
#include "search/score.h"

using namespace damiera;
using namespace damiera::analysis;

TEST_CASE("winning chances are even at 0, grow with the score and end at +-1", "[analysis]") {
  CHECK(winningChances(0) == 0);
  CHECK(winningChances(100) == Approx(0.4621).margin(1e-4));  // tanh(0.5)
  CHECK(winningChances(-100) == -winningChances(100));
  CHECK(winningChances(200) > winningChances(100));
  CHECK(expectedPercent(0) == 50);
  // Forced and database results are certain, whatever their distance.
  CHECK(winningChances(mateInPlies(7)) == 1);
  CHECK(winningChances(matedInPlies(4)) == -1);
  CHECK(winningChances(kScoreDatabaseWin - 30) == 1);
  CHECK(winningChances(-(kScoreDatabaseWin - 30)) == -1);
}

TEST_CASE("a man given away from a level game is a blunder, the same when far ahead is not",
          "[analysis]") {
  const Thresholds defaults;
  const auto lost = [](int before, int after) {
    return expectedPercent(before) - expectedPercent(after);
  };
  CHECK(judge(lost(0, -100), defaults) == Judgement::Blunder);
  CHECK(judge(lost(0, -50), defaults) == Judgement::Mistake);
  CHECK(judge(lost(0, -25), defaults) == Judgement::Inaccuracy);
  CHECK(judge(lost(0, -5), defaults) == Judgement::None);
  // Five men up, one given back: still won.
  CHECK(judge(lost(500, 400), defaults) == Judgement::None);
  // A database win thrown away to a level game: the whole game.
  CHECK(lost(kScoreDatabaseWin - 10, 0) == Approx(50));
  // The thresholds are the caller's.
  CHECK(judge(lost(0, -25), Thresholds{1, 2, 3}) == Judgement::Blunder);
}

TEST_CASE("scores are capped for the average loss", "[analysis]") {
  CHECK(cappedScore(mateInPlies(3)) == kLossCap);
  CHECK(cappedScore(-5000) == -kLossCap);
  CHECK(cappedScore(123) == 123);
}

TEST_CASE("marks and scores are written as PDN and players know them", "[analysis]") {
  CHECK(markOf(Judgement::Inaccuracy) == "?!");
  CHECK(markOf(Judgement::Mistake) == "?");
  CHECK(markOf(Judgement::Blunder) == "??");
  CHECK(markOf(Judgement::None).empty());
  CHECK(formatScore(35) == "+0.35");
  CHECK(formatScore(-120) == "-1.20");
  CHECK(formatScore(0) == "0.00");
  CHECK(formatScore(mateInPlies(5)) == "#3");
  CHECK(formatScore(matedInPlies(4)) == "#-2");
  CHECK(formatScore(kScoreDatabaseWin - 3) == "db+");
  CHECK(formatEval(35) == "0.35");
  CHECK(formatEval(mateInPlies(1)) == "#1");
}
