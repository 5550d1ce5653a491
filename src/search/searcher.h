#pragma once
// The asynchronous search of one session (the stdio session, one TCP connection): runSearch()
// on another thread, so the session keeps reading commands (stop, ponderhit, isready) while
// it thinks.
//
//   searcher.start(game, limits, callbacks);   // returns at once; callbacks come from the
//                                              // search thread: info lines, then one result
//   searcher.stop();  searcher.ponderhit();    // from any thread, at any time (no-ops if idle)
//   searcher.wait();                           // until the result callback has returned
//
// Exactly one result per start(). Starting while a search runs first stops that one (it still
// delivers its own result) and waits for it.
//
// Where the search runs and which table it uses come from SearchResources: by default a
// worker thread and a table of the Searcher's own; in a server, a job queue of the server's
// thread pool and one table shared by every session.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>

#include "core/game.h"
#include "search/limits.h"
#include "search/search.h"
#include "search/thread_pool.h"
#include "search/tt.h"

namespace damiera {

// Runs a job on some thread, exactly once, eventually (a server's worker pool).
using SearchExecutor = std::function<void(std::function<void()>)>;

struct SearchResources {
  // Null: the Searcher makes its own table of kDefaultHashMb.
  std::shared_ptr<TranspositionTable> table;
  // The table is shared with other sessions: resizeHash() leaves it alone and newGame() does
  // not clear it (other sessions' searches are using it).
  bool tableShared = false;
  // Null: searches run on a worker thread the Searcher owns.
  SearchExecutor executor;
};

class Searcher {
 public:
  explicit Searcher(SearchResources resources = {});
  explicit Searcher(std::shared_ptr<TranspositionTable> table)
      : Searcher(SearchResources{std::move(table), false, nullptr}) {}
  ~Searcher();  // stops and waits for a running (or queued) search
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Options (setoption). They apply from the next start().
  void setOptions(const SearchOptions& options);
  const SearchOptions& options() const { return options_; }
  // "Hash": stops and waits for a running search, then reallocates (clears) the table.
  // Does nothing to a shared table.
  void resizeHash(std::size_t megabytes);
  // "ucinewgame": stops and waits, then clears the move ordering histories and, unless it is
  // shared, the table.
  void newGame();

  void start(const Game& game, const SearchLimits& limits, SearchCallbacks callbacks,
             std::chrono::steady_clock::time_point startTime = std::chrono::steady_clock::now());
  void stop();
  void ponderhit();
  void wait();
  bool searching() const;

  TranspositionTable& table() { return context_.table(); }
  bool tableShared() const { return tableShared_; }

 private:
  void stopAndWait();

  SearchOptions options_;
  SearchContext context_;
  const bool tableShared_;
  SearchExecutor executor_;

  mutable std::mutex mutex_;
  std::condition_variable finished_;
  bool running_ = false;                    // from start() until the job has returned
  std::shared_ptr<SearchControl> control_;  // of the current (or last) search

  std::unique_ptr<WorkerThread> ownThread_;  // last: destroyed first, while the rest exists
};

}  // namespace damiera
