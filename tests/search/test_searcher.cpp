// The asynchronous Searcher: stop, ponderhit, infinite, one result per start. No timing
// assertions: time limits run on a clock the tests move by hand (tests/search/manual_clock.h),
// and the tests wait for conditions (an info line, the result) with generous timeouts.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "search/searcher.h"
#include "test_util.h"
#include "tests/search/manual_clock.h"

using namespace damiera;
using namespace damiera::test;
using damiera::test::ManualClock;
using namespace std::chrono_literals;

namespace {

// Collects what a Searcher reports, from its worker thread.
struct Recorder {
  std::mutex mutex;
  std::condition_variable reported;
  std::vector<SearchInfo> infos;
  std::vector<SearchResult> results;

  SearchCallbacks callbacks() {
    SearchCallbacks cb;
    cb.onInfo = [this](const SearchInfo& info) {
      {
        std::lock_guard lock(mutex);
        infos.push_back(info);
      }
      reported.notify_all();
    };
    cb.onResult = [this](const SearchResult& result) {
      std::lock_guard lock(mutex);
      results.push_back(result);
    };
    return cb;
  }
  std::size_t resultCount() {
    std::lock_guard lock(mutex);
    return results.size();
  }
  // Waits (generously) for an info line that satisfies `wanted`: a condition, not a sleep.
  bool waitForInfo(const std::function<bool(const SearchInfo&)>& wanted) {
    std::unique_lock lock(mutex);
    return reported.wait_for(lock, 20s,
                             [&] { return std::any_of(infos.begin(), infos.end(), wanted); });
  }
};

const auto anyInfo = [](const SearchInfo&) { return true; };

// A searcher whose searches read `clock`.
SearchResources onClock(const ManualClock& clock, std::size_t hashMb = 4) {
  SearchResources resources;
  resources.table = std::make_shared<TranspositionTable>(hashMb);
  resources.clock = &clock;
  return resources;
}

}  // namespace

TEST_CASE("Searcher: stop during infinite returns a legal move", "[search][searcher]") {
  ManualClock clock;  // stands still: nothing but the stop can end this search
  Searcher searcher(onClock(clock));
  Recorder recorder;
  SearchLimits limits;
  limits.infinite = true;
  searcher.start(Game(), limits, recorder.callbacks());
  REQUIRE(recorder.waitForInfo(anyInfo));
  CHECK(searcher.searching());
  CHECK(recorder.resultCount() == 0);  // infinite: no bestmove before stop
  searcher.stop();
  searcher.wait();
  REQUIRE(recorder.results.size() == 1);
  REQUIRE(recorder.results[0].bestMove);
  CHECK(isLegal(Position::start(), *recorder.results[0].bestMove));
  CHECK_FALSE(recorder.infos.empty());
}

TEST_CASE("Searcher: infinite waits for stop even when the search is finished",
          "[search][searcher]") {
  // A forced win is solved within milliseconds; the answer still waits for stop.
  Searcher searcher(std::make_shared<TranspositionTable>(1));
  Recorder recorder;
  SearchLimits limits;
  limits.infinite = true;
  limits.depth = 6;
  searcher.start(Game(fen("W:WK18:B5")), limits, recorder.callbacks());
  REQUIRE(recorder.waitForInfo([](const SearchInfo& info) { return info.depth == 6; }));
  CHECK(recorder.resultCount() == 0);  // its last iteration is done, and it still waits
  searcher.stop();
  searcher.wait();
  CHECK(recorder.resultCount() == 1);
}

TEST_CASE("Searcher: ponderhit turns pondering into a timed search, its budget counted from then",
          "[search][searcher]") {
  ManualClock clock;
  Searcher searcher(onClock(clock));
  Recorder recorder;
  SearchLimits limits;
  limits.ponder = true;
  limits.timeMs[0] = limits.timeMs[1] = 3000;  // about 100 ms for this move, at most 1.5 s
  searcher.start(Game(), limits, recorder.callbacks());
  REQUIRE(recorder.waitForInfo(anyInfo));
  // A minute passes, far past any budget of this clock: pondering ignores it.
  clock.advance(60s);
  REQUIRE(recorder.waitForInfo([](const SearchInfo& info) { return info.timeMs >= 60'000; }));
  CHECK(recorder.resultCount() == 0);
  searcher.ponderhit();
  // Its budget counts from the ponderhit, and the clock stands still: it searches on, iteration
  // after iteration (a budget counted from the go would have ended it at once).
  std::size_t infosAtHit = 0;
  {
    std::lock_guard lock(recorder.mutex);
    infosAtHit = recorder.infos.size();
  }
  REQUIRE(recorder.waitForInfo([&](const SearchInfo&) {
    // Two more: a budget counted from the go would have ended it after the first at the latest.
    return recorder.infos.size() >= infosAtHit + 2;  // (called under the recorder's lock)
  }));
  CHECK(recorder.resultCount() == 0);
  CHECK(searcher.searching());
  clock.advance(3s);  // the whole clock: past any hard limit
  searcher.wait();
  REQUIRE(recorder.results.size() == 1);
  REQUIRE(recorder.results[0].bestMove);
  CHECK(isLegal(Position::start(), *recorder.results[0].bestMove));
}

TEST_CASE("Searcher: stop during pondering answers too", "[search][searcher]") {
  Searcher searcher(std::make_shared<TranspositionTable>(4));
  Recorder recorder;
  SearchLimits limits;
  limits.ponder = true;
  limits.timeMs[0] = limits.timeMs[1] = 3000;
  searcher.start(Game(), limits, recorder.callbacks());
  REQUIRE(recorder.waitForInfo(anyInfo));
  searcher.stop();
  searcher.wait();
  REQUIRE(recorder.results.size() == 1);
  CHECK(recorder.results[0].bestMove);
}

TEST_CASE("Searcher: a ponder search with one legal move waits for the ponderhit",
          "[search][searcher]") {
  const Position pos = fen("B:W22,30:B18,1");  // 18x27 is the only legal move
  Searcher searcher(std::make_shared<TranspositionTable>(1));
  Recorder recorder;
  SearchLimits limits;
  limits.ponder = true;
  limits.timeMs[0] = limits.timeMs[1] = 3000;
  searcher.start(Game(pos), limits, recorder.callbacks());
  searcher.waitUntilSettled();  // answered, or holding the answer for the ponderhit
  CHECK(searcher.holdingResult());
  CHECK(recorder.resultCount() == 0);
  searcher.ponderhit();
  searcher.wait();
  REQUIRE(recorder.results.size() == 1);
  CHECK(*recorder.results[0].bestMove == move(pos, "18x27"));
}

TEST_CASE("Searcher: exactly one result per start, also when restarted", "[search][searcher]") {
  Searcher searcher(std::make_shared<TranspositionTable>(4));
  Recorder recorder;
  SearchLimits infinite;
  infinite.infinite = true;
  searcher.start(Game(), infinite, recorder.callbacks());
  REQUIRE(recorder.waitForInfo(anyInfo));
  // A new start stops the running search first; both deliver their result.
  searcher.start(Game(), depthLimit(3), recorder.callbacks());
  searcher.wait();
  CHECK(recorder.resultCount() == 2);
  // Stop and ponderhit while idle are harmless.
  searcher.stop();
  searcher.ponderhit();
  searcher.wait();
  CHECK(recorder.resultCount() == 2);
  CHECK_FALSE(searcher.searching());
}

TEST_CASE("Searcher: options, threads, new game and hash size", "[search][searcher]") {
  Searcher searcher(std::make_shared<TranspositionTable>(2));
  SearchOptions options;
  options.threads = 2;
  options.multiPv = 2;
  searcher.setOptions(options);
  Recorder recorder;
  searcher.start(Game(), depthLimit(6), recorder.callbacks());
  searcher.wait();
  REQUIRE(recorder.results.size() == 1);
  int lines = 0;
  for (const SearchInfo& info : recorder.infos) lines += info.depth == 6;
  CHECK(lines == 2);
  // The position after the best move was stored (hashfull samples too few entries to see so
  // small a search).
  REQUIRE(recorder.results[0].bestMove.has_value());
  const std::uint64_t childKey = Game().position().after(*recorder.results[0].bestMove).key();
  CHECK(searcher.table().probe(childKey, 1).has_value());
  searcher.newGame();
  CHECK_FALSE(searcher.table().probe(childKey, 1).has_value());
  CHECK(searcher.table().hashfull() == 0);
  searcher.resizeHash(3);
  CHECK(searcher.table().megabytes() == 3);
  searcher.start(Game(), depthLimit(4), recorder.callbacks());
  searcher.wait();
  CHECK(recorder.resultCount() == 2);
}

TEST_CASE("Searcher: stop with 256 threads answers once, then every helper goes idle",
          "[search][searcher][threads]") {
  Searcher searcher(std::make_shared<TranspositionTable>(1));
  SearchOptions options;
  options.threads = kMaxThreads;
  searcher.setOptions(options);
  Recorder recorder;
  SearchLimits limits;
  limits.infinite = true;
  for (int search = 1; search <= 2; ++search) {
    INFO("search " << search);
    searcher.start(Game(), limits, recorder.callbacks());
    REQUIRE(recorder.waitForInfo(anyInfo));
    CHECK(searcher.helperThreads() == kMaxThreads - 1);
    CHECK(searcher.busyHelperThreads() == kMaxThreads - 1);  // infinite: none is done
    searcher.stop();
    searcher.waitAnswered();  // the result is out, helpers may still be winding down
    REQUIRE(recorder.resultCount() == static_cast<std::size_t>(search));
    REQUIRE(recorder.results.back().bestMove);
    CHECK(isLegal(Position::start(), *recorder.results.back().bestMove));
    searcher.wait();
    CHECK(searcher.busyHelperThreads() == 0);
    CHECK(recorder.resultCount() == static_cast<std::size_t>(search));  // and no second one
    recorder.infos.clear();
  }
  options.threads = 1;
  searcher.setOptions(options);
  CHECK(searcher.helperThreads() == 0);  // only the search thread itself is left
  searcher.start(Game(), depthLimit(3), recorder.callbacks());
  searcher.wait();
  CHECK(recorder.resultCount() == 3);
  CHECK(searcher.helperThreads() == 0);
}

TEST_CASE("Searcher: a shared table serves two searchers at once", "[search][searcher]") {
  // The server's set-up: one table, several sessions searching at the same time.
  auto table = std::make_shared<TranspositionTable>(4);
  Searcher a(table), b(table);
  Recorder ra, rb;
  a.start(Game(), depthLimit(8), ra.callbacks());
  b.start(Game(fen("W:W14,19,20,22,23,24,27,28:B1,2,6,7,8,9,12,13")), depthLimit(8),
          rb.callbacks());
  a.wait();
  b.wait();
  REQUIRE(ra.results.size() == 1);
  REQUIRE(rb.results.size() == 1);
  CHECK(isLegal(Position::start(), *ra.results[0].bestMove));
  CHECK(*rb.results[0].bestMove ==
        move(fen("W:W14,19,20,22,23,24,27,28:B1,2,6,7,8,9,12,13"), "14-11"));
}

TEST_CASE("Searcher: runs on a given executor with a shared table", "[search][searcher]") {
  // A server's set-up in miniature: a job queue served by one thread, one shared table.
  WorkerThread poolThread, quickThread;
  int jobs = 0;
  SearchResources resources;
  resources.table = std::make_shared<TranspositionTable>(2);
  resources.tableShared = true;
  resources.executor = [&](std::function<void()> job) {
    ++jobs;
    poolThread.start(std::move(job));
  };
  resources.quickExecutor = [&](std::function<void()> job) { quickThread.start(std::move(job)); };
  Searcher searcher(resources);
  CHECK(searcher.tableShared());
  Recorder recorder;
  // Depth 8: enough entries that hashfull (in permille, of a sample) is above 0.
  searcher.start(Game(), depthLimit(8), recorder.callbacks());
  searcher.wait();
  CHECK(jobs == 1);
  REQUIRE(recorder.results.size() == 1);
  CHECK(isLegal(Position::start(), *recorder.results[0].bestMove));
  // Other sessions use the shared table: neither a new game nor Hash touches it.
  const int used = searcher.table().hashfull();
  CHECK(used > 0);
  searcher.newGame();
  CHECK(searcher.table().hashfull() == used);
  searcher.resizeHash(8);
  CHECK(searcher.table().megabytes() == 2);
  // Stop while the job is still queued behind another: it still answers.
  SearchLimits infinite;
  infinite.infinite = true;
  searcher.start(Game(), infinite, recorder.callbacks());
  searcher.stop();
  searcher.wait();
  CHECK(recorder.resultCount() == 2);
}

namespace {

// A host's pacer (search/pacer.h) that counts its calls and holds every job at begin() until
// opened, as a server holds a search that waits for a turn.
class GatePacer : public SearchPacer {
 public:
  void begin(const GiveUp& giveUp) override {
    std::unique_lock lock(mutex_);
    ++begins_;
    changed_.notify_all();
    while (!open_ && !giveUp()) changed_.wait_for(lock, 1ms);
  }
  void poll(const GiveUp&) override {
    std::lock_guard lock(mutex_);
    ++polls_;
  }
  void urgent(const GiveUp&) override {}
  void end() override {
    std::lock_guard lock(mutex_);
    ++ends_;
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
  }
  bool waitForBegins(int count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, 20s, [&] { return begins_ >= count; });
  }
  int polls() {
    std::lock_guard lock(mutex_);
    return polls_;
  }
  int ends() {
    std::lock_guard lock(mutex_);
    return ends_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = false;
  int begins_ = 0, polls_ = 0, ends_ = 0;
};

}  // namespace

TEST_CASE("Searcher: the host's pacer holds a search back until it may compute, stop lets it end",
          "[search][searcher][pacer]") {
  auto gate = std::make_shared<GatePacer>();
  SearchResources resources;
  resources.table = std::make_shared<TranspositionTable>(2);
  int pacersMade = 0;
  resources.pacer = [&](SearchResources::JobStopper, SearchClock::TimePoint) {
    ++pacersMade;
    return gate;
  };
  Searcher searcher(resources);
  Recorder recorder;
  SearchLimits limits;
  limits.infinite = true;
  searcher.start(Game(), limits, recorder.callbacks());
  REQUIRE(gate->waitForBegins(1));
  CHECK(recorder.resultCount() == 0);  // held in begin(): it cannot have answered
  searcher.stop();                     // begin() gives up: the search goes on, to end at once
  searcher.wait();
  REQUIRE(recorder.resultCount() == 1);
  CHECK(isLegal(Position::start(), *recorder.results[0].bestMove));
  CHECK(gate->ends() == 1);

  gate->open();
  searcher.start(Game(), depthLimit(7), recorder.callbacks());
  searcher.wait();
  CHECK(recorder.resultCount() == 2);
  CHECK(gate->polls() > 0);  // polled while computing
  CHECK(gate->ends() == 2);
  CHECK(pacersMade == 2);  // one per job
}

TEST_CASE("Searcher: the host's caps shape every search's limits and options",
          "[search][searcher][pacer]") {
  SearchResources resources;
  resources.capSearch = [](SearchLimits& limits, SearchOptions& options) {
    limits.depth = 2;
    options.multiPv = 2;
  };
  Searcher searcher(resources);
  Recorder recorder;
  searcher.start(Game(), depthLimit(9), recorder.callbacks());
  searcher.wait();
  REQUIRE(recorder.resultCount() == 1);
  CHECK(recorder.results[0].depth == 2);
  std::lock_guard lock(recorder.mutex);
  REQUIRE(recorder.infos.size() == 4);  // depths 1 and 2, two lines each
  CHECK(recorder.infos.back().multiPv == 2);
}
