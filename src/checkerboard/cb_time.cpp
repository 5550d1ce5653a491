#include "checkerboard/cb_time.h"

#include <algorithm>
#include <cmath>

#include "checkerboard/cb_api.h"

namespace damiera::cb {

SearchLimits searchLimitsFor(double maxtime, int info, int moreinfo, Color us, int depth) {
  SearchLimits limits;
  const int units = (info >> kInfoIncrementShift) & 3;
  if (units != 0) {
    static constexpr double kUnitMs[] = {1.0, 10.0, 100.0};
    const double unitMs = kUnitMs[units - 1];
    const auto remaining = static_cast<unsigned>(moreinfo) >> 16;
    const auto increment = static_cast<unsigned>(moreinfo) & 0xffffu;
    limits.timeMs[static_cast<int>(us)] = std::llround(remaining * unitMs);
    limits.incrementMs[static_cast<int>(us)] = std::llround(increment * unitMs);
  } else {
    // The exact-time bit asks for what a move time already is: a hard limit of maxtime.
    const double ms = std::isfinite(maxtime) ? maxtime * 1000.0 : 0.0;
    limits.moveTimeMs = std::max<std::int64_t>(1, std::llround(std::clamp(ms, 0.0, 1e12)));
  }
  limits.depth = depth;
  return limits;
}

}  // namespace damiera::cb
