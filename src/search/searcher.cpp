#include "search/searcher.h"

#include <utility>

namespace damiera {

Searcher::Searcher(SearchResources resources)
    : context_(resources.table ? std::move(resources.table)
                               : std::make_shared<TranspositionTable>(kDefaultHashMb)),
      tableShared_(resources.tableShared),
      executor_(std::move(resources.executor)),
      control_(std::make_shared<SearchControl>()) {
  if (!executor_) {
    ownThread_ = std::make_unique<WorkerThread>();
    executor_ = [thread = ownThread_.get()](std::function<void()> job) {
      thread->start(std::move(job));
    };
  }
}

Searcher::~Searcher() { stopAndWait(); }

void Searcher::setOptions(const SearchOptions& options) { options_ = options; }

void Searcher::resizeHash(std::size_t megabytes) {
  if (tableShared_) return;
  stopAndWait();
  context_.table().resize(megabytes);
}

void Searcher::newGame() {
  stopAndWait();
  if (!tableShared_) context_.table().clear();
  context_.clearHistories();
}

void Searcher::start(const Game& game, const SearchLimits& limits, SearchCallbacks callbacks,
                     std::chrono::steady_clock::time_point startTime) {
  stopAndWait();
  auto control = std::make_shared<SearchControl>();
  {
    std::lock_guard lock(mutex_);
    control_ = control;
    running_ = true;
  }
  executor_([this, game, limits, options = options_, control, callbacks = std::move(callbacks),
             startTime] {
    runSearch(game, limits, options, context_, *control, callbacks, startTime);
    // Notified under the lock: once wait() returns the Searcher may be destroyed, so this job
    // must not touch it afterwards.
    std::lock_guard lock(mutex_);
    running_ = false;
    finished_.notify_all();
  });
}

void Searcher::stop() {
  std::lock_guard lock(mutex_);
  control_->stop();
}

void Searcher::ponderhit() {
  std::lock_guard lock(mutex_);
  control_->ponderhit();
}

void Searcher::wait() {
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return !running_; });
}

bool Searcher::searching() const {
  std::lock_guard lock(mutex_);
  return running_;
}

void Searcher::stopAndWait() {
  stop();
  wait();
}

}  // namespace damiera
