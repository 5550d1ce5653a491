// damiera-match's statistics (tools/match/stats.h): Elo, its 95% interval, LOS and the SPRT,
// against values computed by hand from the formulas documented there (docs/match.md).
#include <catch2/catch.hpp>
#include <cmath>

#include "tools/match/stats.h"

using namespace damiera::match;
using Catch::Detail::Approx;

TEST_CASE("match stats: score and Elo from W/D/L", "[match][stats]") {
  const Wdl r{10, 20, 5};
  CHECK(r.games() == 35);
  CHECK(r.points() == 20.0);
  CHECK(r.score() == Approx(20.0 / 35.0));
  CHECK(r.drawRatio() == Approx(20.0 / 35.0));
  // -400 log10(1/s - 1) with s = 4/7: -400 log10(3/4).
  CHECK(eloFromScore(r.score()) == Approx(49.975494643319976));
  CHECK(eloFromScore(0.5) == Approx(0.0).margin(1e-12));
  CHECK(scoreFromElo(eloFromScore(0.3)) == Approx(0.3));
  CHECK(std::isinf(eloFromScore(1.0)));
  CHECK(eloFromScore(0.0) < 0);
  CHECK(r.swapped().wins == 5);
  CHECK(r.swapped().losses == 10);
}

TEST_CASE("match stats: the 95% interval uses the trinomial variance", "[match][stats]") {
  // s = 4/7; var = (10 (3/7)^2 + 20 (1/14)^2 + 5 (4/7)^2) / 35; s +- 1.96 sqrt(var/35).
  const auto elo = estimateElo(Wdl{10, 20, 5});
  REQUIRE(elo);
  CHECK(elo->elo == Approx(49.975494643319976));
  CHECK(elo->low == Approx(-23.941067429359578));
  CHECK(elo->high == Approx(128.75841342651847));
  CHECK(elo->margin() == Approx((128.75841342651847 + 23.941067429359578) / 2));

  const auto bigger = estimateElo(Wdl{120, 250, 100});
  REQUIRE(bigger);
  CHECK(bigger->elo == Approx(14.793426501268009));
  CHECK(bigger->low == Approx(-6.664690484750069));
  CHECK(bigger->high == Approx(36.36507536964646));

  const auto noDraws = estimateElo(Wdl{3, 0, 7});
  REQUIRE(noDraws);
  CHECK(noDraws->elo == Approx(-147.19071411783779));
  CHECK(noDraws->low == Approx(-715.8345612641906));
  CHECK(noDraws->high == Approx(58.94623015823471));

  CHECK_FALSE(estimateElo(Wdl{}));
  const auto allWins = estimateElo(Wdl{4, 0, 0});
  REQUIRE(allWins);
  CHECK(std::isinf(allWins->elo));
}

TEST_CASE("match stats: likelihood of superiority", "[match][stats]") {
  // 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))).
  CHECK(likelihoodOfSuperiority(Wdl{10, 20, 5}) == Approx(0.9016471987705266));
  CHECK(likelihoodOfSuperiority(Wdl{120, 250, 100}) == Approx(0.9112350737939232));
  CHECK(likelihoodOfSuperiority(Wdl{3, 0, 7}) == Approx(0.10295160536603415));
  CHECK(likelihoodOfSuperiority(Wdl{0, 9, 0}) == 0.5);
  CHECK(likelihoodOfSuperiority(Wdl{7, 1, 7}) == Approx(0.5));
}

TEST_CASE("match stats: SPRT bounds and log-likelihood ratio", "[match][stats]") {
  const SprtParameters standard{0.0, 10.0, 0.05, 0.05};
  CHECK(sprtLowerBound(standard) == Approx(-2.9444389791664403));  // ln(0.05 / 0.95)
  CHECK(sprtUpperBound(standard) == Approx(2.9444389791664403));   // ln(0.95 / 0.05)
  const SprtParameters uneven{0.0, 5.0, 0.05, 0.1};
  CHECK(sprtLowerBound(uneven) == Approx(-2.251291798606495));  // ln(0.1 / 0.95)
  CHECK(sprtUpperBound(uneven) == Approx(2.8903717578961645));  // ln(0.9 / 0.05)

  // LLR = (s1 - s0)(2s - s0 - s1) / (2 var / N), s0 = 0.5, s1 = 1 / (1 + 10^(-elo1/400)).
  CHECK(sprtLlr(Wdl{120, 250, 100}, standard) == Approx(0.8169348731828466));
  CHECK(sprtLlr(Wdl{120, 250, 100}, SprtParameters{0.0, 5.0, 0.05, 0.05}) ==
        Approx(0.5128745098240448));
  CHECK(sprtLlr(Wdl{100, 200, 130}, standard) == Approx(-1.9645499883728244));
  CHECK(sprtLlr(Wdl{1000, 1800, 900}, SprtParameters{0.0, 5.0, 0.05, 0.05}) ==
        Approx(2.0592027155477695));

  CHECK(sprtVerdict(0.8169, standard) == SprtVerdict::Continue);
  CHECK(sprtVerdict(2.95, standard) == SprtVerdict::AcceptH1);
  CHECK(sprtVerdict(-2.95, standard) == SprtVerdict::AcceptH0);
  CHECK(sprtVerdict(2.06, uneven) == SprtVerdict::Continue);
}

TEST_CASE("match stats: the SPRT is neutral at the midpoint and waits for spread",
          "[match][stats]") {
  const SprtParameters symmetric{-10.0, 10.0, 0.05, 0.05};
  // s = 1/2 is the midpoint of s0 and s1 when elo0 = -elo1: no evidence either way.
  CHECK(sprtLlr(Wdl{30, 40, 30}, symmetric) == Approx(0.0).margin(1e-12));
  // Swapping the engines' sides swaps the sign.
  CHECK(sprtLlr(Wdl{40, 40, 20}, symmetric) ==
        Approx(-sprtLlr(Wdl{40, 40, 20}.swapped(), symmetric)));
  // No games, or every game the same result: no variance, no information yet.
  CHECK(sprtLlr(Wdl{}, symmetric) == 0.0);
  CHECK(sprtLlr(Wdl{12, 0, 0}, symmetric) == 0.0);
  CHECK(sprtLlr(Wdl{0, 12, 0}, symmetric) == 0.0);
}
