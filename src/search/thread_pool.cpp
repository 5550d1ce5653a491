#include "search/thread_pool.h"

namespace damiera {

WorkerThread::WorkerThread() : thread_([this] { loop(); }) {}

WorkerThread::~WorkerThread() {
  {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !busy_; });
    quit_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void WorkerThread::start(std::function<void()> job) {
  {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !busy_; });
    job_ = std::move(job);
    busy_ = true;
  }
  wake_.notify_one();
}

void WorkerThread::wait() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !busy_; });
}

bool WorkerThread::busy() const {
  std::lock_guard lock(mutex_);
  return busy_;
}

void WorkerThread::loop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return busy_ || quit_; });
      if (quit_ && !busy_) return;
      job = std::move(job_);
    }
    job();
    {
      std::lock_guard lock(mutex_);
      busy_ = false;
    }
    idle_.notify_all();
  }
}

void ThreadGroup::resize(int count) {
  while (size() > count) threads_.pop_back();
  while (size() < count) threads_.push_back(std::make_unique<WorkerThread>());
}

void ThreadGroup::startAll(const std::function<void(int)>& body) {
  for (int i = 0; i < size(); ++i) threads_[i]->start([body, i] { body(i); });
}

void ThreadGroup::waitAll() {
  for (auto& t : threads_) t->wait();
}

AlarmClock::AlarmClock() : thread_([this] { loop(); }) {}

AlarmClock::~AlarmClock() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  changed_.notify_one();
  thread_.join();
}

AlarmClock::Id AlarmClock::set(Clock::time_point when, std::function<void()> action) {
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
    const Clock::time_point when = soonest->first.first;  // a copy: cancel() may erase it
    if (Clock::now() < when) {
      changed_.wait_until(lock, when);
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

}  // namespace damiera
