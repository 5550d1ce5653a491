#include "server/worker_pool.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <utility>

namespace damiera::server {

WorkerPool::WorkerPool(int threads, int niceness) {
  const int count = std::max(threads, 1);
  threads_.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) threads_.emplace_back([this, niceness] { work(niceness); });
  quickThread_ = std::thread([this] { workQuick(); });  // not niced: it answers clients
}

WorkerPool::~WorkerPool() {
  {
    const std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  wakeQuick_.notify_all();
  for (std::thread& thread : threads_) thread.join();
  quickThread_.join();
}

void WorkerPool::submit(std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void WorkerPool::submitQuick(std::function<void()> job) {
  {
    const std::lock_guard lock(mutex_);
    quickJobs_.push_back(std::move(job));
  }
  wakeQuick_.notify_one();
}

std::size_t WorkerPool::queued() const {
  const std::lock_guard lock(mutex_);
  return jobs_.size();
}

std::size_t WorkerPool::busy() const {
  const std::lock_guard lock(mutex_);
  return busy_;
}

void WorkerPool::work(int niceness) {
  // On Linux each thread has its own nice value. Failing to set it changes only priorities.
  if (niceness > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), niceness);
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return quit_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // quit_, and nothing left to run
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_;
    }
    job();
    job = nullptr;  // what it holds goes before it counts as done
    const std::lock_guard lock(mutex_);
    --busy_;
  }
}

void WorkerPool::workQuick() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wakeQuick_.wait(lock, [this] { return quit_ || !quickJobs_.empty(); });
      if (quickJobs_.empty()) return;  // quit_, and nothing left to run
      job = std::move(quickJobs_.front());
      quickJobs_.pop_front();
    }
    job();
  }
}

}  // namespace damiera::server
