#pragma once
// The search: iterative deepening, aspiration windows, principal variation search (negamax
// alpha-beta) over a shared transposition table, quiescence through forced captures, Lazy SMP
// over several threads.
//
// Two ways in:
//   runSearch()  synchronous: runs the search on the calling thread (plus the context's
//                helper threads when Threads > 1) and returns when it is over. For callers that
//                own their threads, e.g. a pool serving many sessions.
//   Searcher     (searcher.h) the asynchronous wrapper for one session: start/stop/ponderhit/
//                wait on its own worker thread.
//
// Reporting: SearchCallbacks::onInfo after every completed iteration, once per MultiPV line
// (with a single legal move: one iteration of depth 1, then the result); onProgress during
// long iterations;
// SearchCallbacks::onResult exactly once at the end, from the thread that ran the search, as
// soon as the main thread has its answer: the helper threads wind down after it (runSearch
// returns once they have).
// Under infinite or ponder the result waits for SearchControl::stop() / ponderhit(), except
// when there is no legal move at all, which is answered at once; while it waits the control
// says so (holdingResult(), waitUntilSettled()).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "search/clock.h"
#include "search/limits.h"
#include "search/pacer.h"
#include "search/score.h"
#include "search/thread_pool.h"
#include "search/tt.h"

namespace damiera {

// One `info` line: a completed iteration's result for one principal variation.
struct SearchInfo {
  int depth = 0;
  int selDepth = 0;
  int multiPv = 1;  // 1-based line number
  ReportedScore score;
  int rawScore = 0;  // internal score (score.h), from the side to move
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t timeMs = 0;
  int hashfull = 0;                     // permille
  std::optional<std::uint64_t> tbhits;  // endgame database probes; set when one is in use
  std::vector<Move> pv;                 // legal from the searched position, first move first
  // The final report of a stopped iteration: a line it proved worse than its best, whose score
  // (the last completed iteration's, at most the best's) is only an upper bound.
  bool provedWorse = false;
};

struct SearchResult {
  std::optional<Move> bestMove;    // empty: the side to move has no legal move (bestmove none)
  std::optional<Move> ponderMove;  // the expected reply, when known
  int depth = 0;                   // last completed iteration (0 when none was needed)
  ReportedScore score;
  std::uint64_t nodes = 0;
  std::int64_t timeMs = 0;
};

// What a long search says between its iterations, as UCI GUIs show it: the root move being
// searched (once the search has run kCurrentMoveAfterMs), and about every kProgressIntervalMs
// the node count and speed. From the main thread only.
inline constexpr std::int64_t kCurrentMoveAfterMs = 1000;
inline constexpr std::int64_t kProgressIntervalMs = 1000;
struct SearchProgress {
  enum class Kind { CurrentMove, Statistics };
  Kind kind = Kind::Statistics;
  // CurrentMove: the iteration in progress, its root move, and that move's 1-based number in
  // the order the iteration searches them.
  int depth = 0;
  Move move;
  int moveNumber = 0;
  // Statistics: so far in this search, as in SearchInfo.
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t timeMs = 0;
  int hashfull = 0;
  std::optional<std::uint64_t> tbhits;
};

struct SearchCallbacks {
  std::function<void(const SearchInfo&)> onInfo;
  std::function<void(const SearchResult&)> onResult;
  std::function<void(const SearchProgress&)> onProgress;  // optional
};

// Thread-safe commands to a running search. One control per search: once stopped it stays
// stopped, so the next search needs a fresh one.
class SearchControl {
 public:
  // `clock`: the time the job reads (its limits, the ponderhit's moment); it must outlive the
  // control.
  explicit SearchControl(const SearchClock& clock = steadyClock()) : clock_(clock) {}

  void stop();
  // A ponder search becomes a normal timed search from now on.
  void ponderhit();

  bool stopRequested() const { return stop_.load(std::memory_order_relaxed); }
  bool ponderhitReceived() const { return ponderhit_.load(std::memory_order_acquire); }
  SearchClock::TimePoint ponderhitTime() const;
  const SearchClock& clock() const { return clock_; }

  // Blocks until stop() or, when `orPonderhit`, ponderhit(). While it blocks, the job holds
  // its result (holdingResult()): its work is done, the answer waits for the client (infinite,
  // ponder).
  void waitForStop(bool orPonderhit);
  // The job has written its last reply (a search: its result), though it may still be winding
  // down (Lazy SMP helpers that wait for a processor to see the stop). Whoever waits for the
  // answer (a client's stop) need not wait for that. Searcher calls it once the job returns
  // too, for jobs that did not say so earlier.
  void answered();
  void waitUntilAnswered();
  // The job holds its finished result until stop() or ponderhit() (see waitForStop()).
  bool holdingResult() const;
  // Blocks until the job holds its result or has answered: the point from which nothing more
  // comes of it (no info, no result) until stop() or ponderhit(). A host learns here that a
  // pondering or infinite search has done its work; a test, that no answer is about to come.
  void waitUntilSettled() const;

  // The host's pacer of this job (search/pacer.h), or null: nobody holds it back. Set before
  // the job starts, read only by the thread that computes it.
  SearchPacer* pacer() const { return pacer_.get(); }
  void setPacer(std::shared_ptr<SearchPacer> pacer) { pacer_ = std::move(pacer); }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> ponderhit_{false};
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  bool holding_ = false;   // under mutex_: in waitForStop()
  bool answered_ = false;  // under mutex_: answered() came
  const SearchClock& clock_;
  SearchClock::TimePoint ponderhitTime_{};
  std::shared_ptr<SearchPacer> pacer_;
};

// Per-thread tables that outlive one search (move ordering histories); cleared by
// ucinewgame. Defined in search.cpp.
struct ThreadTables;

// Everything a session keeps between its searches: the (shareable) transposition table, the
// per-thread tables, and the Lazy SMP helper threads. One search at a time per context.
class SearchContext {
 public:
  explicit SearchContext(std::shared_ptr<TranspositionTable> table);
  ~SearchContext();
  SearchContext(const SearchContext&) = delete;
  SearchContext& operator=(const SearchContext&) = delete;

  TranspositionTable& table() { return *table_; }

  // ucinewgame: forget the move ordering histories (the table is cleared by its owner).
  void clearHistories();
  // Threads lowered: the Lazy SMP helper threads beyond `count` end now, not at the next
  // search (which starts the helpers it needs). Not while a search runs.
  void releaseHelpersBeyond(int count);
  // The Lazy SMP helper threads alive, and those of them still running a search's job.
  int helperThreads() const { return helpers_.size(); }
  int busyHelperThreads() const { return helpers_.busyCount(); }

 private:
  friend SearchResult runSearch(const Game&, const SearchLimits&, const SearchOptions&,
                                SearchContext&, SearchControl&, const SearchCallbacks&);
  ThreadTables& threadTables(int index);

  std::shared_ptr<TranspositionTable> table_;
  std::vector<std::unique_ptr<ThreadTables>> threadTables_;
  ThreadGroup helpers_;
  std::uint64_t skillRandom_;  // the weaker levels' choices (search/skill.h), search after search
};

// Searches game.position() with the game's history (repetitions R14, no-progress count R15)
// under `limits` and `options`. Runs on the calling thread; returns (and calls onResult) when
// the search is over. Time limits count from limits.start (by the control's clock; none: now).
SearchResult runSearch(const Game& game, const SearchLimits& limits, const SearchOptions& options,
                       SearchContext& context, SearchControl& control,
                       const SearchCallbacks& callbacks);

}  // namespace damiera
