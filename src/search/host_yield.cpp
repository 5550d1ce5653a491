#include "search/host_yield.h"

#include <utility>

namespace damiera {

namespace {
HostYield& hostYield() {
  static HostYield yield;
  return yield;
}
}  // namespace

void setHostYield(HostYield yield) { hostYield() = std::move(yield); }

void yieldToHost(const std::function<bool()>& released) {
  if (hostYield()) hostYield()(released);
}

}  // namespace damiera
