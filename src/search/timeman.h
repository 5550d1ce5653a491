#pragma once
// Time management: how long to think on this move, so that the clock never runs out.
//
// Two limits per move:
//   soft: the target. The search does not start another iteration once past it (scaled by how
//         stable the best move has been), since an iteration it cannot finish is wasted.
//   hard: the ceiling. The search aborts the iteration in progress when it gets there.
// Both are measured from the moment the search started (the `go`), or for a ponder search
// from the ponderhit, and both leave the Move Overhead in reserve for transmission delays.
#include <chrono>
#include <cstdint>

#include "core/position.h"
#include "search/clock.h"
#include "search/limits.h"

namespace damiera {

struct TimeBudget {
  bool limited = false;  // false: no time limit at all (depth/nodes/infinite/none)
  bool fixed = false;    // movetime: use all of it (soft == hard), no early stop
  std::int64_t softMs = 0;
  std::int64_t hardMs = 0;
  // No new iteration once this share of the hard limit is gone (startIterationHardPercent).
  double startIterationHardFraction = 0.5;
};

// Budget for the side `us` from the limits of a `go`. Guarantees (tested):
//   softMs <= hardMs;
//   with a clock: hardMs <= max(kMinimumThinkMs, time - overhead);
//   with movetime: hardMs == max(kMinimumThinkMs, movetime - min(overhead, movetime / 4)).
// The Move Overhead is there for clock games, where the transmission lag of every move comes
// off the engine's clock and running out loses the game. A fixed movetime is no clock: the
// reserve taken from it is at most a quarter (kMaxMoveTimeReserveDivisor), so that `go movetime
// 20` still thinks 15 ms instead of none (PROTOCOL.md, "go").
inline constexpr std::int64_t kMinimumThinkMs = 1;
inline constexpr std::int64_t kMaxMoveTimeReserveDivisor = 4;
TimeBudget computeTimeBudget(const SearchLimits& limits, Color us, int moveOverheadMs,
                             bool ponderEnabled, const SearchTunables& tunables = {});

// Reads the time from the search's clock (search/clock.h): steady_clock, or a test's.
class TimeManager {
 public:
  TimeManager(const TimeBudget& budget, const SearchClock& clock, SearchClock::TimePoint start)
      : budget_(budget), clock_(clock), start_(start) {}

  // Counting starts again from here (ponderhit: the budget is for the time after it).
  void restart(SearchClock::TimePoint start) { start_ = start; }

  std::int64_t elapsedMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_.now() - start_).count();
  }
  bool limited() const { return budget_.limited; }
  const TimeBudget& budget() const { return budget_; }

  bool hardLimitReached() const { return budget_.limited && elapsedMs() >= budget_.hardMs; }

  // After a completed iteration: stop, or is another one worth starting? `instability` is
  // 1.0 for a normal search, more when the best move keeps changing, less when it has been
  // the same for many iterations.
  bool shouldStopAfterIteration(double instability) const;

 private:
  TimeBudget budget_;
  const SearchClock& clock_;
  SearchClock::TimePoint start_;
};

}  // namespace damiera
