#pragma once
// A SearchClock (search/clock.h) that moves only when a test advances it: tests of time limits,
// ponderhit and deadlines give it to the searcher (SearchResources::clock), the session or the
// alarm clock, and then wait on conditions (a line, a result) while the clock stands still or
// after they have moved it past a limit. Nothing then depends on how fast a loaded machine is:
// a search cannot run out of time that the test has not given it.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "search/clock.h"

namespace damiera::test {

class ManualClock final : public SearchClock {
 public:
  TimePoint now() const override { return TimePoint(Duration(ticks_.load())); }

  void advance(Duration by) { ticks_.fetch_add(by.count()); }

  // The clock moves without notifying anybody: a waiter looks again every millisecond (of
  // real time), sooner when notified.
  void waitUntil(std::condition_variable& changed, std::unique_lock<std::mutex>& lock,
                 TimePoint when) const override {
    if (now() < when) changed.wait_for(lock, std::chrono::milliseconds(1));
  }

 private:
  // Starts an hour after the epoch, so that "an hour ago" is still a valid time.
  std::atomic<Duration::rep> ticks_{
      std::chrono::duration_cast<Duration>(std::chrono::hours(1)).count()};
};

}  // namespace damiera::test
