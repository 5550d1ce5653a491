#pragma once
// CheckerBoard's "play now": it sets an int it owns to non-zero and expects the engine to
// return at once. The search cannot read that int itself, so a watcher thread polls it and
// stops the search. The thread lives exactly as long as one getmove() call.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "search/search.h"

namespace damiera::cb {

class PlaynowWatch {
 public:
  // How often the flag is read: well under the 100 ms a user notices.
  static constexpr std::chrono::milliseconds kPollInterval{2};

  PlaynowWatch(const int* playnow, SearchControl& control)
      : thread_([this, playnow, &control] { watch(playnow, control); }) {}
  ~PlaynowWatch() {
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  PlaynowWatch(const PlaynowWatch&) = delete;
  PlaynowWatch& operator=(const PlaynowWatch&) = delete;

 private:
  void watch(const int* playnow, SearchControl& control) {
    std::unique_lock lock(mutex_);
    while (!finished_) {
      // CheckerBoard's window thread writes the flag; read it as an atomic, never cached.
      if (playnow && __atomic_load_n(playnow, __ATOMIC_RELAXED) != 0) {
        control.stop();
        return;
      }
      wake_.wait_for(lock, kPollInterval);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace damiera::cb
