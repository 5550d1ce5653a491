#pragma once
// The time a search and its host read: how long it has thought, when its limits are up, when a
// ponderhit came, when a host's deadline falls. The product reads steady_clock (steadyClock());
// a test hands in a clock that it advances by hand (tests/search/manual_clock.h), so that tests
// of time limits wait on conditions and on that clock, never on the wall clock of a loaded
// machine.
//
// One clock per searcher: SearchResources::clock gives it, the Searcher puts it in every job's
// control block (SearchControl::clock()), and whoever hosts the searches (its deadlines, its
// turns on the processors) may read the same one.
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace damiera {

class SearchClock {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  using Duration = std::chrono::steady_clock::duration;

  virtual ~SearchClock() = default;
  virtual TimePoint now() const = 0;
  // Waits on `changed` (its mutex held through `lock`) until notified or until this clock
  // reads `when`. It may return early (spuriously, or to let the caller look at a clock that
  // moves by hand): callers check their condition and the time again.
  virtual void waitUntil(std::condition_variable& changed, std::unique_lock<std::mutex>& lock,
                         TimePoint when) const = 0;
};

// steady_clock: the product's clock, and the default everywhere.
class SteadyClock final : public SearchClock {
 public:
  TimePoint now() const override { return std::chrono::steady_clock::now(); }
  void waitUntil(std::condition_variable& changed, std::unique_lock<std::mutex>& lock,
                 TimePoint when) const override {
    changed.wait_until(lock, when);
  }
};

inline const SearchClock& steadyClock() {
  static const SteadyClock clock;
  return clock;
}

}  // namespace damiera
