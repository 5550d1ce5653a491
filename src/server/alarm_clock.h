#pragma once
// One thread that runs short actions at given times: the server's search deadlines (every job
// stopped at the time cap, server/search_pacing.h), for all its sessions together.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>

namespace damiera::server {

class AlarmClock {
 public:
  using Clock = std::chrono::steady_clock;
  using Id = std::uint64_t;

  AlarmClock();
  ~AlarmClock();  // alarms not yet due are dropped
  AlarmClock(const AlarmClock&) = delete;
  AlarmClock& operator=(const AlarmClock&) = delete;

  // Thread-safe. `action` runs on the clock's thread at `when` (at once if that has passed),
  // unless cancelled before.
  Id set(Clock::time_point when, std::function<void()> action);
  // Thread-safe; does nothing if the alarm has gone off (or is going off right now).
  void cancel(Id id);
  std::size_t pending() const;

 private:
  void loop();

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::pair<Clock::time_point, Id>, std::function<void()>> alarms_;  // soonest first
  std::unordered_map<Id, Clock::time_point> due_;
  Id nextId_ = 1;
  bool quit_ = false;
  std::thread thread_;  // last: starts after the members it uses exist
};

}  // namespace damiera::server
