#include "search/timeman.h"

#include <algorithm>

namespace damiera {

namespace {

// The tunable shares (SearchTunables, tunables.h), whose defaults are, and why:
//   defaultMovesToGo 30: without movestogo, assume the game lasts this many more moves
//     (Italian games are short: forced captures thin the board quickly, and guessing too many
//     only wastes time early);
//   incrementPercent 75: the share of each increment spent on this move (the rest builds a
//     reserve);
//   hardOverSoftPercent 400, maxClockPercent 50: the hard limit is a few times the target,
//     never more than this share of what is left;
//   startIterationHardPercent 50: an iteration typically costs about as much as all before it
//     together, so one started after this share of the hard limit would most likely be
//     aborted.
constexpr int kMaxMovesToGo = 50;
// With the Ponder option on, part of the thinking happens on the opponent's time.
constexpr int kPonderBonusPercent = 25;
// All but a margin when this is the last move before the time control.
constexpr int kMaxClockPercentLastMove = 90;

}  // namespace

TimeBudget computeTimeBudget(const SearchLimits& limits, Color us, int moveOverheadMs,
                             bool ponderEnabled, const SearchTunables& tunables) {
  TimeBudget budget;
  budget.startIterationHardFraction = tunables.startIterationHardPercent / 100.0;
  const int side = static_cast<int>(us);
  if (limits.moveTimeMs) {
    budget.limited = true;
    budget.fixed = true;
    const std::int64_t reserve =
        std::min<std::int64_t>(moveOverheadMs, *limits.moveTimeMs / kMaxMoveTimeReserveDivisor);
    budget.hardMs = std::max(kMinimumThinkMs, *limits.moveTimeMs - reserve);
    budget.softMs = budget.hardMs;
  }
  if (!limits.timeMs[side]) return budget;

  const std::int64_t available = std::max<std::int64_t>(0, *limits.timeMs[side] - moveOverheadMs);
  const std::int64_t increment = std::max<std::int64_t>(0, limits.incrementMs[side]);
  const int movesToGo =
      limits.movesToGo > 0 ? std::min(limits.movesToGo, kMaxMovesToGo) : tunables.defaultMovesToGo;

  std::int64_t soft = available / movesToGo + increment * tunables.incrementPercent / 100;
  if (ponderEnabled) soft += soft * kPonderBonusPercent / 100;
  const int maxPercent = movesToGo == 1 ? kMaxClockPercentLastMove : tunables.maxClockPercent;
  std::int64_t hard =
      std::min(soft * tunables.hardOverSoftPercent / 100, available * maxPercent / 100);
  hard = std::max(kMinimumThinkMs, hard);
  soft = std::clamp(soft, kMinimumThinkMs, hard);

  // Both a clock and a movetime: the tighter one wins.
  if (budget.limited) {
    budget.fixed = false;
    budget.hardMs = std::min(budget.hardMs, hard);
    budget.softMs = std::min(budget.softMs, soft);
  } else {
    budget.limited = true;
    budget.hardMs = hard;
    budget.softMs = soft;
  }
  return budget;
}

bool TimeManager::shouldStopAfterIteration(double instability) const {
  if (!budget_.limited) return false;
  const std::int64_t elapsed = elapsedMs();
  if (budget_.fixed) return elapsed >= budget_.hardMs;
  const double target = std::min<double>(static_cast<double>(budget_.softMs) * instability,
                                         static_cast<double>(budget_.hardMs));
  return elapsed >= target ||
         static_cast<double>(elapsed) >= budget_.startIterationHardFraction * budget_.hardMs;
}

}  // namespace damiera
