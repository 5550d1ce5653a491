#include "server/alarm_clock.h"

namespace damiera::server {

AlarmClock::AlarmClock(const SearchClock& clock) : clock_(clock), thread_([this] { loop(); }) {}

AlarmClock::~AlarmClock() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  changed_.notify_one();
  thread_.join();
}

AlarmClock::Id AlarmClock::set(TimePoint when, std::function<void()> action) {
  Id id = 0;
  bool soonest = false;
  {
    std::lock_guard lock(mutex_);
    id = nextId_++;
    const auto entry = alarms_.emplace(std::make_pair(when, id), std::move(action)).first;
    due_.emplace(id, when);
    soonest = entry == alarms_.begin();
  }
  if (soonest) changed_.notify_one();  // otherwise the clock already wakes up earlier
  return id;
}

void AlarmClock::cancel(Id id) {
  std::lock_guard lock(mutex_);
  const auto due = due_.find(id);
  if (due == due_.end()) return;
  alarms_.erase(std::make_pair(due->second, id));
  due_.erase(due);
}

std::size_t AlarmClock::pending() const {
  std::lock_guard lock(mutex_);
  return alarms_.size();
}

void AlarmClock::loop() {
  std::unique_lock lock(mutex_);
  while (!quit_) {
    if (alarms_.empty()) {
      changed_.wait(lock);
      continue;
    }
    const auto soonest = alarms_.begin();
    const TimePoint when = soonest->first.first;  // a copy: cancel() may erase it
    if (clock_.now() < when) {
      clock_.waitUntil(changed_, lock, when);
      continue;
    }
    std::function<void()> action = std::move(soonest->second);
    due_.erase(soonest->first.second);
    alarms_.erase(soonest);
    lock.unlock();
    action();
    lock.lock();
  }
}

}  // namespace damiera::server
