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

int ThreadGroup::busyCount() const {
  int busy = 0;
  for (const auto& t : threads_) busy += t->busy() ? 1 : 0;
  return busy;
}

}  // namespace damiera
