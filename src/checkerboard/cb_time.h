#pragma once
// getmove()'s time arguments as search limits: a Fischer clock when info bits 2-3 say so
// (moreinfo = remaining << 16 | increment, in units of 0.001, 0.01 or 0.1 s as those bits give),
// otherwise maxtime seconds for this move (a hard limit, which is also what the exact-time bit
// asks for). A fixed depth, when set, is one more limit.
#include "core/position.h"
#include "search/limits.h"

namespace damiera::cb {

SearchLimits searchLimitsFor(double maxtime, int info, int moreinfo, Color us, int depth);

}  // namespace damiera::cb
