#pragma once
// Processors shared by more searches than there are processors (a server's sessions). A search
// computes only while it holds a turn; a turn it has held for a quantum while others wait is
// handed on, and the next turn goes to the waiting search that has computed least so far (new
// and short searches first, as the Linux scheduler does it), so that N searches on P
// processors each get about P/N of them, and a quick `go depth 4` is not stuck behind long
// analyses.
//
//   ProcessorShare::Turn turn(share);    // one per search; a null share: no-ops throughout
//   turn.acquire(giveUp);                // before computing
//   if (turn.shouldYield()) turn.yield(giveUp);   // often while computing (cheap check)
//   turn.release();                      // before idling (waiting for stop); also at the end
//
// `giveUp` is asked every few milliseconds while a search waits for a turn: when it says yes
// (stop, or the search's time is up) the search goes on without one, to finish at once.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "search/clock.h"

namespace damiera::server {

class ProcessorShare {
 public:
  using TimePoint = SearchClock::TimePoint;
  using Duration = SearchClock::Duration;

  // Turns and quanta are measured on `clock` (search/clock.h), which must outlive the share.
  ProcessorShare(int processors, std::chrono::milliseconds quantum,
                 const SearchClock& clock = steadyClock());
  ProcessorShare(const ProcessorShare&) = delete;
  ProcessorShare& operator=(const ProcessorShare&) = delete;

  class Turn {
   public:
    explicit Turn(ProcessorShare* share) : share_(share) {}
    ~Turn() { release(); }
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;

    // Returns once this search holds a turn, or without one when giveUp() says so.
    void acquire(const std::function<bool()>& giveUp);
    void release();
    // Cheap: held for a whole quantum while another search waits?
    bool shouldYield() const {
      return held_ && share_->waiting_ > 0 && share_->clock_.now() - since_ >= share_->quantum_;
    }
    // Hands the turn on and queues for the next one.
    void yield(const std::function<bool()>& giveUp);
    // From now on the search counts as new (first in line): a ponder search that became the
    // player's own timed search at the ponderhit.
    void forgetComputed() { computed_ = {}; }

    bool held() const { return held_; }
    Duration computed() const { return computed_; }

   private:
    friend class ProcessorShare;
    ProcessorShare* const share_;
    bool held_ = false;
    TimePoint since_;            // when the turn held now began
    Duration computed_{};        // the turns held before it, together
    std::uint64_t arrival_ = 0;  // the order of arrival in the queue: ties go first-come
    bool granted_ = false;       // under the share's mutex: a turn was given while waiting
    std::condition_variable grantedSignal_;  // only this waiter is woken for its turn
  };

  int processors() const { return processors_; }
  // Searches waiting for a turn now (for tests and statistics).
  int waiting() const;
  // Blocks until exactly `count` searches wait for a turn; false if `timeout` (on the wall
  // clock: a bound against hanging, not a measure) passes first. For tests that need a search
  // queued before they go on.
  bool waitForWaiting(int count, std::chrono::steady_clock::duration timeout) const;

 private:
  // Under mutex_: gives free turns to the waiting searches that computed least.
  void grantLocked();

  const int processors_;
  const Duration quantum_;
  const SearchClock& clock_;
  mutable std::mutex mutex_;
  int free_;
  std::vector<Turn*> queue_;
  mutable std::condition_variable queueChanged_;  // queue_ grew or shrank (waitForWaiting())
  std::uint64_t arrivals_ = 0;
  // Read without the lock by shouldYield(): only a hint, exact under mutex_.
  std::atomic<int> waiting_{0};
};

}  // namespace damiera::server
