#pragma once
// Persistent threads for searches: a go should not pay for creating threads, and Lazy SMP
// helpers keep their per-thread tables (histories) from one search to the next.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

namespace damiera {

// One thread that runs one job at a time.
class WorkerThread {
 public:
  WorkerThread();
  ~WorkerThread();  // waits for the current job, then ends the thread
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  // Starts `job` on the thread. Waits first if a previous job is still running.
  void start(std::function<void()> job);
  // Blocks until the current job (if any) has returned.
  void wait();
  bool busy() const;

 private:
  void loop();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::function<void()> job_;
  bool busy_ = false;
  bool quit_ = false;
  std::thread thread_;  // last: starts after the members it uses exist
};

// A group of worker threads that run the same job body side by side (Lazy SMP helpers).
class ThreadGroup {
 public:
  int size() const { return static_cast<int>(threads_.size()); }
  // Grows or shrinks to `count` threads. Only while no job runs.
  void resize(int count);
  // Starts body(i) on thread i for every thread of the group.
  void startAll(const std::function<void(int)>& body);
  void waitAll();

 private:
  std::vector<std::unique_ptr<WorkerThread>> threads_;
};

// One thread that runs short actions at given times: a server's search deadlines (stop every
// search at the time cap), for all its sessions together.
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

}  // namespace damiera
