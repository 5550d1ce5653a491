#include "search/searcher.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace damiera {

struct Searcher::Task {
  std::mutex mutex;
  std::condition_variable finished;
  enum class State { Queued, Running, Done } state = State::Queued;
  std::function<void()> body;  // the search; released once it has run (with its pacer)
};

Searcher::Searcher(std::shared_ptr<TranspositionTable> table)
    : Searcher([&table] {
        SearchResources resources;
        resources.table = std::move(table);
        return resources;
      }()) {}

Searcher::Searcher(SearchResources resources)
    : clock_(resources.clock != nullptr ? *resources.clock : steadyClock()),
      context_(resources.table ? std::move(resources.table)
                               : std::make_shared<TranspositionTable>(kDefaultHashMb)),
      tableShared_(resources.tableShared),
      pacerFactory_(std::move(resources.pacer)),
      capSearch_(std::move(resources.capSearch)),
      control_(std::make_shared<SearchControl>(clock_)),
      executor_(std::move(resources.executor)),
      quickExecutor_(std::move(resources.quickExecutor)) {
  assert(!executor_ || quickExecutor_);  // else a stopped, queued job could wait for hours
  if (!executor_) {
    worker_ = std::make_unique<WorkerThread>();
    executor_ = [worker = worker_.get()](std::function<void()> job) {
      worker->start(std::move(job));
    };
  }
}

Searcher::~Searcher() {
  stop();
  wait();
}

void Searcher::setOptions(const SearchOptions& options) {
  stop();
  wait();
  options_ = options;
  SearchLimits limits;
  SearchOptions capped = options;
  if (capSearch_) capSearch_(limits, capped);
  context_.releaseHelpersBeyond(std::max(capped.threads, 1) - 1);
}

void Searcher::resizeHash(std::size_t megabytes) {
  if (tableShared_) return;  // sized once by its owner; never by one of its users
  stop();
  wait();
  context_.table().resize(megabytes);
}

void Searcher::newGame() {
  stop();
  wait();
  if (!tableShared_) context_.table().clear();
  context_.clearHistories();
}

void Searcher::start(const Game& game, const SearchLimits& limits, SearchCallbacks callbacks) {
  stop();
  wait();
  SearchOptions options = options_;
  SearchLimits capped = limits;
  if (!capped.start) capped.start = clock_.now();
  const SearchClock::TimePoint startTime = *capped.start;
  if (capSearch_) capSearch_(capped, options);
  startJobAt(
      [this, game, capped, options, callbacks = std::move(callbacks)](SearchControl& control) {
        // The result is the job's last reply: a stop waiting for it returns then, while the
        // Lazy SMP helpers may still be winding down (runSearch returns once they have).
        SearchCallbacks reporting = callbacks;
        reporting.onResult = [&control, onResult = callbacks.onResult](const SearchResult& r) {
          if (onResult) onResult(r);
          control.answered();
        };
        runSearch(game, capped, options, context_, control, reporting);
      },
      startTime);
}

void Searcher::startJob(Job job) { startJobAt(std::move(job), clock_.now()); }

void Searcher::startJobAt(Job job, SearchClock::TimePoint startTime) {
  stop();
  wait();
  auto control = std::make_shared<SearchControl>(clock_);
  auto task = std::make_shared<Task>();
  task->body = [control, job = std::move(job)] {
    job(*control);
    control->setPacer(nullptr);  // over: the host's hold on it (a pending time cap) ends now
    control->answered();         // if the job did not say so earlier
  };
  if (pacerFactory_) {
    // Weak: a stop that comes late (a time cap going off as the job ends) finds nothing.
    SearchResources::JobStopper stopJob = [weakControl = std::weak_ptr<SearchControl>(control),
                                           weakTask = std::weak_ptr<Task>(task),
                                           quick = quickExecutor_] {
      const std::shared_ptr<SearchControl> stopping = weakControl.lock();
      if (stopping) stopTask(*stopping, weakTask.lock(), quick);
    };
    control->setPacer(pacerFactory_(std::move(stopJob), startTime));
  }
  {
    std::lock_guard lock(controlMutex_);
    control_ = control;
    task_ = task;
  }
  // At most one job of this Searcher waits in the executor's queue: a client that keeps
  // starting and stopping searches while every thread is busy replaces the task the job will
  // run (each stopped one has already run, stopped, on the quick executor: start() waited for
  // it) instead of piling up jobs.
  {
    std::lock_guard lock(mailbox_->mutex);
    mailbox_->task = task;
    if (mailbox_->jobQueued) return;
    mailbox_->jobQueued = true;
  }
  // The job holds the mailbox, not the Searcher: if the Searcher has run the task (stop) or is
  // gone by the time a thread takes the job, the job finds it done and returns.
  executor_([mailbox = mailbox_] {
    std::shared_ptr<Task> next;
    {
      std::lock_guard lock(mailbox->mutex);
      next = std::move(mailbox->task);
      mailbox->jobQueued = false;
    }
    if (next) runOnce(*next);
  });
}

void Searcher::runOnce(Task& task) {
  {
    std::lock_guard lock(task.mutex);
    if (task.state != Task::State::Queued) return;
    task.state = Task::State::Running;
  }
  task.body();
  task.body = nullptr;
  {
    std::lock_guard lock(task.mutex);
    task.state = Task::State::Done;
  }
  task.finished.notify_all();
}

std::shared_ptr<Searcher::Task> Searcher::currentTask() const {
  std::lock_guard lock(controlMutex_);
  return task_;
}

void Searcher::stop() {
  std::shared_ptr<SearchControl> control;
  std::shared_ptr<Task> task;
  {
    std::lock_guard lock(controlMutex_);
    control = control_;
    task = task_;
  }
  stopTask(*control, task, quickExecutor_);
}

void Searcher::stopTask(SearchControl& control, const std::shared_ptr<Task>& task,
                        const SearchExecutor& quickExecutor) {
  control.stop();
  if (!task || !quickExecutor) return;
  {
    std::lock_guard lock(task->mutex);
    if (task->state != Task::State::Queued) return;
  }
  // Still waiting for a thread: its answer comes from the quick executor now, not once a
  // thread is free (and never from this thread, which may be serving clients). Whichever of
  // the two jobs comes first runs it; the other finds it done.
  quickExecutor([task] { runOnce(*task); });
}

void Searcher::ponderhit() {
  std::lock_guard lock(controlMutex_);
  control_->ponderhit();
}

void Searcher::waitAnswered() {
  std::shared_ptr<SearchControl> control;
  {
    std::lock_guard lock(controlMutex_);
    if (!task_) return;  // no job yet
    control = control_;
  }
  control->waitUntilAnswered();
}

void Searcher::wait() {
  const std::shared_ptr<Task> task = currentTask();
  if (!task) return;
  std::unique_lock lock(task->mutex);
  task->finished.wait(lock, [&] { return task->state == Task::State::Done; });
}

void Searcher::waitUntilSettled() {
  std::shared_ptr<SearchControl> control;
  {
    std::lock_guard lock(controlMutex_);
    if (!task_) return;  // nothing ever started: the first control has no job
    control = control_;
  }
  control->waitUntilSettled();
}

bool Searcher::holdingResult() const {
  std::lock_guard lock(controlMutex_);
  return control_->holdingResult();
}

bool Searcher::searching() const {
  const std::shared_ptr<Task> task = currentTask();
  if (!task) return false;
  std::lock_guard lock(task->mutex);
  return task->state != Task::State::Done;
}

}  // namespace damiera
