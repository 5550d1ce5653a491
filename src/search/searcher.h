#pragma once
// The asynchronous search of one session (one client of the engine): runSearch()
// on another thread, so the session keeps reading commands (stop, ponderhit, isready) while it
// thinks. By default that thread is a worker the Searcher owns; a host of many sessions gives each
// an executor instead (its pool of search threads, shared by all sessions) and one table.
//
//   searcher.start(game, limits, callbacks);   // returns at once; callbacks come from the
//                                              // search thread: info lines, then one result
//   searcher.stop();  searcher.ponderhit();    // from any thread, at any time (no-ops if idle)
//   searcher.waitAnswered();                   // until the result callback has returned
//   searcher.waitUntilSettled();               // ...or until it holds the result (infinite,
//                                              // ponder) for stop/ponderhit
//   searcher.wait();                           // until the job is over and every helper
//                                              // thread is idle again
//
// Exactly one result per start(). Starting while a search runs first stops that one (it still
// delivers its own result) and waits for it. A search still waiting for an executor's thread
// when stop() comes is handed, already stopped, to the host's quick executor (it runs within
// microseconds there: its result is a legal move found without thinking), never run on the
// stopping thread (which may be serving clients); the queued job later finds nothing to do. The
// host's say over each job (its pace, its caps) comes through SearchResources.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

#include "core/game.h"
#include "search/clock.h"
#include "search/limits.h"
#include "search/pacer.h"
#include "search/search.h"
#include "search/thread_pool.h"
#include "search/tt.h"

namespace damiera {

// Runs a job later, on some thread (a pool shared by many sessions).
using SearchExecutor = std::function<void(std::function<void()> job)>;

// What a Searcher's searches use, and the host's say over each: a host of many sessions shares its
// threads and its table among its sessions, paces and caps every search. The defaults: a table of
// kDefaultHashMb and a worker thread of its own, nobody pacing or capping.
struct SearchResources {
  std::shared_ptr<TranspositionTable> table;  // null: one of its own
  // Other searchers use the table at the same time: newGame() leaves it as it is, and
  // resizeHash() does nothing (its owner sizes it once).
  bool tableShared = false;
  SearchExecutor executor;  // empty: a worker thread of its own
  // Runs a job stopped while it still waited for the executor's thread, at once, behind no
  // search (a host's lane for quick jobs): so that its answer comes although every thread is
  // busy. Required with an executor; unused without (a worker of its own is never busy with
  // anything else, so it runs the stopped job right away).
  SearchExecutor quickExecutor;
  // The time its searches read (search/clock.h); null: steady_clock. It must outlive the
  // Searcher.
  const SearchClock* clock = nullptr;

  // Called as every job (search, perft, bench) starts, with its start time and a function that
  // stops it as Searcher::stop() does (a job still queued answers from the quick executor; it
  // may be called from any thread, at any time, also once the job or the Searcher is gone): the
  // pacer the job computes under (search/pacer.h), which may stop it later (a time cap). Empty,
  // or null returned: nobody holds the job back.
  using JobStopper = std::function<void()>;
  using PacerFactory =
      std::function<std::shared_ptr<SearchPacer>(JobStopper stop, SearchClock::TimePoint start)>;
  PacerFactory pacer;
  // Shapes every search's limits and options as it starts (empty: as asked), e.g. at most
  // one thread and a depth cap.
  std::function<void(SearchLimits& limits, SearchOptions& options)> capSearch;
};

class Searcher {
 public:
  // With no table given, the Searcher makes its own of kDefaultHashMb.
  explicit Searcher(std::shared_ptr<TranspositionTable> table = nullptr);
  explicit Searcher(SearchResources resources);
  ~Searcher();  // stops and waits for a running (or queued) search
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Options (setoption). They apply from the next start(); lowering Threads also ends the
  // helper threads beyond the new count now (it stops and waits for a running search).
  void setOptions(const SearchOptions& options);
  const SearchOptions& options() const { return options_; }
  // "Hash": stops and waits for a running search, then reallocates (clears) the table.
  // Not for a shared table.
  void resizeHash(std::size_t megabytes);
  // "ucinewgame": stops and waits, then clears the move ordering histories and, unless it is
  // shared, the table.
  void newGame();

  // Time limits count from limits.start (by clock(); none: now), and so does a host's pacing.
  void start(const Game& game, const SearchLimits& limits, SearchCallbacks callbacks);
  // Any other long computation (perft, bench) as a job like a search: on the same thread, in
  // turn with the searches, ended by stop() (its control's stopRequested()) and by the time
  // cap; wait() returns once it has returned.
  using Job = std::function<void(SearchControl& control)>;
  void startJob(Job job);
  void stop();
  void ponderhit();
  // Until the current job has written its last reply; its helper threads may still be
  // winding down (see wait()).
  void waitAnswered();
  // Until the current job has returned and left every helper thread idle.
  void wait();
  // Returns once the current job has delivered its result or holds it until stop() or
  // ponderhit() (infinite, ponder: SearchControl::waitUntilSettled()): from then on nothing
  // comes of it unasked. At once when nothing was started.
  void waitUntilSettled();
  // The current search holds its finished result until stop() or ponderhit().
  bool holdingResult() const;
  bool searching() const;
  // The Lazy SMP helper threads alive, and those still busy (tests).
  int helperThreads() const { return context_.helperThreads(); }
  int busyHelperThreads() const { return context_.busyHelperThreads(); }

  TranspositionTable& table() { return context_.table(); }
  const SearchClock& clock() const { return clock_; }
  bool tableShared() const { return tableShared_; }

 private:
  // startJob, paced by the host (SearchResources::pacer) from `startTime`.
  void startJobAt(Job job, SearchClock::TimePoint startTime);
  // One start(): queued, then running (on the executor's thread, or on the thread that
  // stopped it first), then done.
  struct Task;
  static void runOnce(Task& task);
  // Stops a search; one still waiting for a thread goes to the quick executor.
  static void stopTask(SearchControl& control, const std::shared_ptr<Task>& task,
                       const SearchExecutor& quickExecutor);
  std::shared_ptr<Task> currentTask() const;

  SearchOptions options_;
  const SearchClock& clock_;
  SearchContext context_;
  const bool tableShared_;
  const SearchResources::PacerFactory pacerFactory_;
  const std::function<void(SearchLimits&, SearchOptions&)> capSearch_;
  mutable std::mutex controlMutex_;
  std::shared_ptr<SearchControl> control_;  // of the current (or last) search
  std::shared_ptr<Task> task_;              // the current (or last) search
  // The task the one job this Searcher has in the executor's queue will run.
  struct Mailbox {
    std::mutex mutex;
    std::shared_ptr<Task> task;
    bool jobQueued = false;
  };
  const std::shared_ptr<Mailbox> mailbox_ = std::make_shared<Mailbox>();
  SearchExecutor executor_;
  const SearchExecutor quickExecutor_;
  std::unique_ptr<WorkerThread> worker_;  // last: destroyed first; only without an executor
};

}  // namespace damiera
