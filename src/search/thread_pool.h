#pragma once
// Persistent threads for searches: a go should not pay for creating threads, and Lazy SMP
// helpers keep their per-thread tables (histories) from one search to the next.
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
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
  // Threads still running their job.
  int busyCount() const;

 private:
  std::vector<std::unique_ptr<WorkerThread>> threads_;
};

}  // namespace damiera
