// Time management arithmetic: the budget never exceeds what the clock allows.
#include <catch2/catch.hpp>
#include <thread>
#include <utility>

#include "search/timeman.h"
#include "tests/search/manual_clock.h"

using namespace damiera;
using damiera::test::ManualClock;

TEST_CASE("Time budget never exceeds the clock minus the overhead", "[search][time]") {
  for (std::int64_t time : {0, 1, 5, 20, 50, 100, 300, 1000, 10000, 60000, 3600000})
    for (std::int64_t increment : {0, 10, 100, 2000, 30000})
      for (int movesToGo : {0, 1, 2, 5, 40, 1000})
        for (int overhead : {0, 30, 100, 5000})
          for (bool ponder : {false, true})
            for (Color us : {Color::White, Color::Black}) {
              SearchLimits limits;
              limits.timeMs[static_cast<int>(us)] = time;
              limits.incrementMs[static_cast<int>(us)] = increment;
              limits.timeMs[1 - static_cast<int>(us)] = 1;  // the other clock is irrelevant
              limits.movesToGo = movesToGo;
              const TimeBudget budget = computeTimeBudget(limits, us, overhead, ponder);
              INFO("time " << time << " inc " << increment << " mtg " << movesToGo << " overhead "
                           << overhead << " ponder " << ponder);
              REQUIRE(budget.limited);
              CHECK_FALSE(budget.fixed);
              CHECK(budget.softMs >= kMinimumThinkMs);
              CHECK(budget.softMs <= budget.hardMs);
              CHECK(budget.hardMs <= std::max<std::int64_t>(kMinimumThinkMs, time - overhead));
              // With moves still to play before the control, keep most of the clock.
              if (movesToGo != 1 && time - overhead > 100)
                CHECK(budget.hardMs <= (time - overhead) / 2);
            }
}

TEST_CASE("Time budget: more time per move when fewer moves remain", "[search][time]") {
  SearchLimits limits;
  limits.timeMs[0] = 60000;
  limits.movesToGo = 40;
  const TimeBudget many = computeTimeBudget(limits, Color::White, 30, false);
  limits.movesToGo = 5;
  const TimeBudget few = computeTimeBudget(limits, Color::White, 30, false);
  limits.movesToGo = 1;
  const TimeBudget last = computeTimeBudget(limits, Color::White, 30, false);
  CHECK(many.softMs < few.softMs);
  CHECK(few.softMs < last.softMs);
  CHECK(last.hardMs <= 60000 - 30);
  CHECK(last.hardMs > 30000);  // the last move before the control may use most of it
}

TEST_CASE("Time budget: the increment is spent, the ponder option adds a little",
          "[search][time]") {
  SearchLimits limits;
  limits.timeMs[1] = 10000;
  const TimeBudget plain = computeTimeBudget(limits, Color::Black, 30, false);
  limits.incrementMs[1] = 1000;
  const TimeBudget withIncrement = computeTimeBudget(limits, Color::Black, 30, false);
  const TimeBudget pondering = computeTimeBudget(limits, Color::Black, 30, true);
  CHECK(withIncrement.softMs > plain.softMs);
  CHECK(pondering.softMs > withIncrement.softMs);
  CHECK(pondering.hardMs <= 10000 - 30);
}

TEST_CASE("Movetime: the given time minus the overhead, never more than a quarter of it",
          "[search][time]") {
  for (std::int64_t moveTime : {0, 1, 10, 20, 40, 50, 100, 120, 5000})
    for (int overhead : {0, 30, 200}) {
      SearchLimits limits;
      limits.moveTimeMs = moveTime;
      const TimeBudget budget = computeTimeBudget(limits, Color::White, overhead, false);
      INFO("movetime " << moveTime << " overhead " << overhead);
      CHECK(budget.limited);
      CHECK(budget.fixed);
      const std::int64_t reserve = std::min<std::int64_t>(overhead, moveTime / 4);
      CHECK(budget.hardMs == std::max<std::int64_t>(kMinimumThinkMs, moveTime - reserve));
      CHECK(budget.softMs == budget.hardMs);
      // The overhead never eats most of a fixed move time (it is for clocks).
      if (moveTime >= 4) CHECK(budget.hardMs * 4 >= moveTime * 3);
    }
  // The cases GUI authors met: go movetime 20 and 40, Hub move-time=0.05 (50 ms), with the
  // default overhead of 30 ms: 15, 30 and 38 ms of thinking, not 1, 10 and 20.
  for (const auto& [moveTime, think] : {std::pair<std::int64_t, std::int64_t>{20, 15},
                                        {40, 30},
                                        {50, 38},
                                        {100, 75},
                                        {1000, 970}}) {
    SearchLimits limits;
    limits.moveTimeMs = moveTime;
    CHECK(computeTimeBudget(limits, Color::White, 30, false).hardMs == think);
  }
  // A clock as well: the tighter limit wins.
  SearchLimits both;
  both.moveTimeMs = 5000;
  both.timeMs[0] = 1000;
  const TimeBudget budget = computeTimeBudget(both, Color::White, 30, false);
  CHECK(budget.hardMs <= 1000 - 30);
}

TEST_CASE("No clock and no movetime: no time limit", "[search][time]") {
  SearchLimits limits;
  limits.depth = 10;
  CHECK_FALSE(computeTimeBudget(limits, Color::White, 30, false).limited);
  // Only the opponent's clock given: nothing limits us either.
  limits.timeMs[1] = 1000;
  CHECK_FALSE(computeTimeBudget(limits, Color::White, 30, false).limited);
}

TEST_CASE("TimeManager: soft and hard limits against elapsed time", "[search][time]") {
  ManualClock clock;  // moves only when told: every check below is exact
  const auto now = clock.now();
  const TimeBudget budget{true, false, 1000, 4000};
  TimeManager fresh(budget, clock, now);
  CHECK_FALSE(fresh.hardLimitReached());
  CHECK_FALSE(fresh.shouldStopAfterIteration(1.0));
  // Started 2.5 s ago: past the soft limit and past half the hard one, not the hard one.
  TimeManager late(budget, clock, now - std::chrono::milliseconds(2500));
  CHECK(late.shouldStopAfterIteration(1.0));
  CHECK_FALSE(late.hardLimitReached());
  late.restart(clock.now());  // ponderhit: counting starts again
  CHECK_FALSE(late.shouldStopAfterIteration(1.0));
  // The clock moves: 999 ms is not yet the soft limit, 1000 ms is.
  clock.advance(std::chrono::milliseconds(999));
  CHECK(late.elapsedMs() == 999);
  CHECK_FALSE(late.shouldStopAfterIteration(1.0));
  clock.advance(std::chrono::milliseconds(1));
  CHECK(late.shouldStopAfterIteration(1.0));
  CHECK_FALSE(late.hardLimitReached());
  clock.advance(std::chrono::milliseconds(3000));
  CHECK(late.hardLimitReached());
  TimeManager over(budget, clock, clock.now() - std::chrono::milliseconds(4001));
  CHECK(over.hardLimitReached());
  // A fixed movetime is used to the end.
  TimeManager fixed(TimeBudget{true, true, 1000, 1000}, clock,
                    clock.now() - std::chrono::milliseconds(600));
  CHECK_FALSE(fixed.shouldStopAfterIteration(0.5));
  clock.advance(std::chrono::milliseconds(400));
  CHECK(fixed.shouldStopAfterIteration(0.5));
  TimeManager unlimited(TimeBudget{}, clock, clock.now() - std::chrono::hours(1));
  CHECK_FALSE(unlimited.hardLimitReached());
  CHECK_FALSE(unlimited.shouldStopAfterIteration(1.0));
}
