#pragma once
// The server's search threads: a fixed number of workers that run the jobs of every session in
// the order they were submitted (FIFO), so no client ever gets a thread of its own. (How the
// searches running on them share the processors is server/processor_share.h.) Beside them, one
// thread for jobs that take microseconds and must not wait behind searches: the answer of a
// search stopped while it still waited for a worker (search/searcher.h), which would otherwise
// come only when some search ends, or run on the thread that stopped it (an I/O thread).
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
  // Thread-safe. The job runs soon on the quick lane's thread, whatever the workers are doing;
  // only for jobs that end within microseconds (it serves every session).
  void submitQuick(std::function<void()> job);

  int size() const { return static_cast<int>(threads_.size()); }
  // Jobs waiting for a free worker (a figure for tests and statistics).
  std::size_t queued() const;
  // Workers running a job now (a figure for statistics: /metrics).
  std::size_t busy() const;

 private:
  void work(int niceness);
  void workQuick();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable wakeQuick_;
  std::deque<std::function<void()>> jobs_;
  std::deque<std::function<void()>> quickJobs_;
  std::size_t busy_ = 0;  // workers between taking a job and finishing it
  bool quit_ = false;
  std::vector<std::thread> threads_;  // last: started once the queues exist
  std::thread quickThread_;
};

}  // namespace damiera::server
