#include "server/processor_share.h"

#include <algorithm>

namespace damiera::server {

namespace {

// How often a waiting search asks whether to give up (stop, time up): the delay between a
// stop and the bestmove of a search that was waiting for a turn.
constexpr std::chrono::milliseconds kGiveUpPollInterval{5};

}  // namespace

ProcessorShare::ProcessorShare(int processors, std::chrono::milliseconds quantum,
                               const SearchClock& clock)
    : processors_(std::max(processors, 1)), quantum_(quantum), clock_(clock), free_(processors_) {}

int ProcessorShare::waiting() const {
  const std::lock_guard lock(mutex_);
  return static_cast<int>(queue_.size());
}

bool ProcessorShare::waitForWaiting(int count, std::chrono::steady_clock::duration timeout) const {
  std::unique_lock lock(mutex_);
  return queueChanged_.wait_for(lock, timeout,
                                [&] { return static_cast<int>(queue_.size()) == count; });
}

void ProcessorShare::grantLocked() {
  while (free_ > 0 && !queue_.empty()) {
    const auto next = std::min_element(queue_.begin(), queue_.end(), [](Turn* a, Turn* b) {
      return a->computed_ != b->computed_ ? a->computed_ < b->computed_ : a->arrival_ < b->arrival_;
    });
    (*next)->granted_ = true;
    (*next)->grantedSignal_.notify_one();
    queue_.erase(next);
    --free_;
  }
  waiting_.store(static_cast<int>(queue_.size()), std::memory_order_relaxed);
  queueChanged_.notify_all();
}

void ProcessorShare::Turn::acquire(const std::function<bool()>& giveUp) {
  if (share_ == nullptr || held_) return;
  std::unique_lock lock(share_->mutex_);
  granted_ = false;
  arrival_ = share_->arrivals_++;
  share_->queue_.push_back(this);
  share_->grantLocked();
  while (!granted_) {
    grantedSignal_.wait_for(lock, kGiveUpPollInterval);
    if (granted_ || !giveUp()) continue;
    // Giving up: leave the queue (nobody can grant this turn any more once it is out).
    share_->queue_.erase(std::find(share_->queue_.begin(), share_->queue_.end(), this));
    share_->waiting_.store(static_cast<int>(share_->queue_.size()), std::memory_order_relaxed);
    share_->queueChanged_.notify_all();
    return;
  }
  held_ = true;
  since_ = share_->clock_.now();
}

void ProcessorShare::Turn::release() {
  if (share_ == nullptr || !held_) return;
  computed_ += share_->clock_.now() - since_;
  held_ = false;
  const std::lock_guard lock(share_->mutex_);
  ++share_->free_;
  share_->grantLocked();
}

void ProcessorShare::Turn::yield(const std::function<bool()>& giveUp) {
  release();
  acquire(giveUp);
}

}  // namespace damiera::server
