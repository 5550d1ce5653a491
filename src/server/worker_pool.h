#pragma once
// The server's search threads: a fixed number of workers that run the jobs of every session in
// the order they were submitted (FIFO), so no client ever gets a thread of its own. (How the
// searches running on them share the processors is server/processor_share.h.)
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace damiera::server {

class WorkerPool {
 public:
  // `niceness` (Linux nice, 0..19) lowers the workers' scheduling priority, so that on a busy
  // machine the threads answering clients run first and searches take the rest of the CPU
  // (all of it when nothing else needs it).
  explicit WorkerPool(int threads, int niceness = 0);
  // Runs the jobs still queued (a session that is gone leaves only a no-op), then joins.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Thread-safe. The job runs later on one of the workers.
  void submit(std::function<void()> job);

  int size() const { return static_cast<int>(threads_.size()); }
  // Jobs waiting for a free worker (a figure for tests and statistics).
  std::size_t queued() const;

 private:
  void work(int niceness);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool quit_ = false;
  std::vector<std::thread> threads_;  // last: started once the queue exists
};

}  // namespace damiera::server
