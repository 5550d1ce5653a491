#pragma once
// One thread that runs short actions at given times: the server's search deadlines (every job
// stopped at the time cap, server/search_pacing.h), for all its sessions together. The times
// are read from a SearchClock (search/clock.h): steady_clock, or a test's clock moved by hand.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>

#include "search/clock.h"

namespace damiera::server {

class AlarmClock {
 public:
  using TimePoint = SearchClock::TimePoint;
  using Id = std::uint64_t;

  // `clock` must outlive the AlarmClock.
  explicit AlarmClock(const SearchClock& clock = steadyClock());
  ~AlarmClock();  // alarms not yet due are dropped
  AlarmClock(const AlarmClock&) = delete;
  AlarmClock& operator=(const AlarmClock&) = delete;

  // Thread-safe. `action` runs on the clock's thread at `when` (at once if that has passed),
  // unless cancelled before.
  Id set(TimePoint when, std::function<void()> action);
  // Thread-safe; does nothing if the alarm has gone off (or is going off right now).
  void cancel(Id id);
  std::size_t pending() const;

 private:
  void loop();

  mutable std::mutex mutex_;
  const SearchClock& clock_;
  std::condition_variable changed_;
  std::map<std::pair<TimePoint, Id>, std::function<void()>> alarms_;  // soonest first
  std::unordered_map<Id, TimePoint> due_;
  Id nextId_ = 1;
  bool quit_ = false;
  std::thread thread_;  // last: starts after the members it uses exist
};

}  // namespace damiera::server
