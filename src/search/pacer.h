#pragma once
// How the host of a search may pace it: the one hook through which whoever runs a search
// (nobody on stdin; a host sharing processors among many searches: its turns, its time cap)
// can hold it back. The search
// knows nothing of its host beyond this; a job's pacer sits in its control block
// (SearchControl::pacer()), set by the Searcher when the job starts.
//
// Every call comes from the job's computing thread (a search's main thread; perft's counting
// thread). `giveUp` says whether to stop waiting (the job was stopped, or its time is up): a
// pacer that blocks asks it every few milliseconds and returns when it says yes, so the job
// then goes on, to end at once.
#include <functional>

namespace damiera {

class SearchPacer {
 public:
  using GiveUp = std::function<bool()>;

  virtual ~SearchPacer() = default;
  // Before computing: returns once the job may compute.
  virtual void begin(const GiveUp& giveUp) = 0;
  // Often while computing (every few thousand nodes; cheap when nothing is to be done): may
  // hold the job back to let others compute.
  virtual void poll(const GiveUp& giveUp) = 0;
  // A ponder search became the player's own timed search (ponderhit): it is urgent from now.
  virtual void urgent(const GiveUp& giveUp) = 0;
  // Before idling (waiting for stop or for the helper threads), and at the end.
  virtual void end() = 0;
};

}  // namespace damiera
