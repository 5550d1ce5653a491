// The Searcher as the server uses it: searches on a shared pool, stop of a search still waiting
// for a worker (answered from the pool's quick lane), the time and depth caps (an AlarmClock),
// a shared table that one session never empties, the turns on shared processors at a ponderhit.
// In process, no sockets; no timing assertions: deadlines and turns run on a clock the tests
// move by hand (tests/search/manual_clock.h).
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "search/searcher.h"
#include "search/thread_pool.h"
#include "server/alarm_clock.h"
#include "server/analysis_server.h"
#include "server/processor_share.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"
#include "tests/search/manual_clock.h"

using namespace damiera;
using namespace std::chrono_literals;
using damiera::test::ManualClock;

namespace {

// Long enough for anything to arrive at all on a loaded machine under sanitizers: a bound
// against hanging when the behaviour is broken, not a measure.
constexpr auto kDeadlockGuard = 60s;

struct Recorder {
  std::mutex mutex;
  std::condition_variable resulted;
  std::vector<int> depths;  // of the info lines
  std::vector<SearchResult> results;
  std::vector<std::thread::id> resultThreads;  // where each result was reported
  std::promise<void> firstInfo;
  bool sawInfo = false;

  SearchCallbacks callbacks() {
    SearchCallbacks cb;
    cb.onInfo = [this](const SearchInfo& info) {
      std::lock_guard lock(mutex);
      depths.push_back(info.depth);
      if (!sawInfo) firstInfo.set_value();
      sawInfo = true;
    };
    cb.onResult = [this](const SearchResult& result) {
      {
        std::lock_guard lock(mutex);
        results.push_back(result);
        resultThreads.push_back(std::this_thread::get_id());
      }
      resulted.notify_all();
    };
    return cb;
  }
  std::size_t resultCount() {
    std::lock_guard lock(mutex);
    return results.size();
  }
  // Until the search has answered; false when it has not within kDeadlockGuard.
  bool waitForResult() {
    std::unique_lock lock(mutex);
    return resulted.wait_for(lock, kDeadlockGuard, [this] { return !results.empty(); });
  }
};

// A host's pacer that passes every call on to the server's, and says when the ponderhit's
// urgent() begins: the search has then left the queue it waited in (the ponderhit lets a
// waiting search go on), and the server's pacer is about to queue it again, first in line.
struct UrgentObserver final : SearchPacer {
  explicit UrgentObserver(std::shared_ptr<SearchPacer> inner) : inner(std::move(inner)) {}
  void begin(const GiveUp& giveUp) override { inner->begin(giveUp); }
  void poll(const GiveUp& giveUp) override { inner->poll(giveUp); }
  void urgent(const GiveUp& giveUp) override {
    if (!urgentCalled.exchange(true)) urgentBegun.set_value();
    inner->urgent(giveUp);
  }
  void end() override { inner->end(); }

  const std::shared_ptr<SearchPacer> inner;
  std::atomic<bool> urgentCalled{false};
  std::promise<void> urgentBegun;
};

SearchLimits infinite() {
  SearchLimits limits;
  limits.infinite = true;
  return limits;
}

bool isLegalAtStart(const SearchResult& result) {
  if (!result.bestMove) return false;
  MoveList legal;
  generateMoves(Position::start(), legal);
  for (const Move& m : legal)
    if (m == *result.bestMove) return true;
  return false;
}

SearchResources pooled(server::WorkerPool& pool, std::shared_ptr<TranspositionTable> table) {
  SearchResources resources;
  resources.table = std::move(table);
  resources.tableShared = true;
  resources.executor = [&pool](std::function<void()> job) { pool.submit(std::move(job)); };
  resources.quickExecutor = [&pool](std::function<void()> job) {
    pool.submitQuick(std::move(job));
  };
  server::paceAndCap(resources, nullptr, nullptr, 0, server::SearchCaps{1, 0});
  return resources;
}

// Returns once every job submitted to the pool's workers before it has run (one worker: they run
// in order).
void drain(server::WorkerPool& pool) {
  std::promise<void> reached;
  pool.submit([&reached] { reached.set_value(); });
  reached.get_future().wait();
}

}  // namespace

TEST_CASE("Pooled searchers: a queued search stops at once with exactly one result",
          "[server][pool][searcher]") {
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  Searcher running(pooled(pool, table)), queued(pooled(pool, table));
  Recorder first, second;
  running.start(Game(), infinite(), first.callbacks());
  first.firstInfo.get_future().wait();  // it holds the only worker
  queued.start(Game(), infinite(), second.callbacks());
  CHECK(queued.searching());
  CHECK(second.resultCount() == 0);
  queued.stop();  // hands it, stopped, to the quick lane: not run on this thread
  queued.wait();  // although the only worker is busy
  REQUIRE(second.resultCount() == 1);
  CHECK(second.resultThreads[0] != std::this_thread::get_id());
  CHECK_FALSE(queued.searching());
  REQUIRE(isLegalAtStart(second.results[0]));
  CHECK(first.resultCount() == 0);  // the other search goes on
  running.stop();
  running.wait();
  CHECK(first.resultCount() == 1);
  drain(pool);  // the queued job has run on the worker now: it found nothing to do
  CHECK(second.resultCount() == 1);
}

TEST_CASE("Pooled searchers: destroying a session cancels its queued search",
          "[server][pool][searcher]") {
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  Recorder first, second;
  Searcher running(pooled(pool, table));
  running.start(Game(), infinite(), first.callbacks());
  first.firstInfo.get_future().wait();
  {
    Searcher gone(pooled(pool, table));
    gone.start(Game(), infinite(), second.callbacks());
  }  // returns although the only worker is busy: answered from the quick lane
  REQUIRE(second.resultCount() == 1);
  CHECK(second.resultThreads[0] != std::this_thread::get_id());
  running.stop();
  running.wait();
}

TEST_CASE("Pooled searchers: go and stop in a loop while the pool is busy queue one job",
          "[server][pool][searcher]") {
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  Recorder busy, looping;
  Searcher running(pooled(pool, table));
  running.start(Game(), infinite(), busy.callbacks());
  busy.firstInfo.get_future().wait();  // the only worker is taken
  Searcher client(pooled(pool, table));
  for (int i = 0; i < 1000; ++i) {
    client.start(Game(), infinite(), looping.callbacks());
    client.stop();  // each answers from the quick lane, stopped: one result each
  }
  client.wait();
  CHECK(looping.resultCount() == 1000);
  CHECK(pool.queued() == 1);  // not a thousand dead jobs holding memory
  running.stop();
  running.wait();
}

TEST_CASE("The time cap stops an infinite search, and one still queued, with a result",
          "[server][pool][searcher]") {
  ManualClock clock;
  server::AlarmClock alarms(clock);
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  SearchResources resources = pooled(pool, table);
  resources.clock = &clock;
  server::paceAndCap(resources, nullptr, &alarms, 200, server::SearchCaps{1, 0});
  Searcher a(resources), b(resources);
  Recorder first, second;
  a.start(Game(), infinite(), first.callbacks());
  first.firstInfo.get_future().wait();  // it holds the only worker
  clock.advance(100ms);
  b.start(Game(), infinite(), second.callbacks());  // queued behind a for as long as a runs
  CHECK(alarms.pending() == 2);
  clock.advance(100ms);  // a's cap: a answers
  a.wait();
  REQUIRE(first.resultCount() == 1);
  CHECK(isLegalAtStart(first.results[0]));
  CHECK(second.resultCount() == 0);  // its cap is 100 ms away; the clock stands still
  clock.advance(100ms);              // b's cap, while b still waits for the worker... or has it now
  b.wait();
  REQUIRE(second.resultCount() == 1);
  CHECK(isLegalAtStart(second.results[0]));
  CHECK(alarms.pending() == 0);
}

TEST_CASE("The time cap answers a search still queued behind a busy pool, from the quick lane",
          "[server][pool][searcher]") {
  ManualClock clock;
  server::AlarmClock alarms(clock);
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  SearchResources uncapped = pooled(pool, table);
  SearchResources capped = uncapped;
  capped.clock = &clock;
  server::paceAndCap(capped, nullptr, &alarms, 200, server::SearchCaps{1, 0});
  Searcher running(uncapped), queued(capped);
  Recorder first, second;
  running.start(Game(), infinite(), first.callbacks());
  first.firstInfo.get_future().wait();  // the only worker is taken, for as long as we like
  queued.start(Game(), infinite(), second.callbacks());
  clock.advance(200ms);  // its cap: stopped, and answered although no worker is free
  queued.wait();
  REQUIRE(second.resultCount() == 1);
  CHECK(isLegalAtStart(second.results[0]));
  CHECK(first.resultCount() == 0);
  running.stop();
  running.wait();
  CHECK(first.resultCount() == 1);
}

TEST_CASE("The depth cap cuts every search", "[server][pool][searcher]") {
  server::WorkerPool pool(1);
  SearchResources resources = pooled(pool, std::make_shared<TranspositionTable>(2));
  server::paceAndCap(resources, nullptr, nullptr, 0, server::SearchCaps{1, 3});
  Searcher searcher(resources);
  Recorder recorder;
  SearchLimits limits;
  limits.depth = 30;
  searcher.start(Game(), limits, recorder.callbacks());
  searcher.wait();
  REQUIRE(recorder.resultCount() == 1);
  REQUIRE_FALSE(recorder.depths.empty());
  for (int depth : recorder.depths) CHECK(depth <= 3);
}

TEST_CASE("A shared table is neither emptied nor resized by one session",
          "[server][pool][searcher]") {
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(1);
  Searcher searcher(pooled(pool, table));
  CHECK(searcher.tableShared());
  Recorder recorder;
  SearchLimits limits;
  limits.depth = 8;
  searcher.start(Game(), limits, recorder.callbacks());
  searcher.wait();
  const int filled = table->hashfull();
  REQUIRE(filled > 0);
  searcher.newGame();
  CHECK(table->hashfull() == filled);
  searcher.resizeHash(4);
  CHECK(table->megabytes() == 1);
}

TEST_CASE("The alarm clock goes off in time order, not when cancelled", "[server][pool]") {
  ManualClock clock;  // nothing is due before the test moves it
  server::AlarmClock alarms(clock);
  std::mutex mutex;
  std::vector<int> order;
  std::promise<void> last;
  auto record = [&](int i) {
    return [&, i] {
      const std::lock_guard lock(mutex);
      order.push_back(i);
      if (i == 3) last.set_value();
    };
  };
  const auto now = clock.now();
  alarms.set(now + 60ms, record(3));
  const server::AlarmClock::Id cancelled = alarms.set(now + 20ms, record(9));
  alarms.set(now + 40ms, record(2));
  alarms.set(now + 1ms, record(1));
  alarms.cancel(cancelled);
  CHECK(alarms.pending() == 3);
  clock.advance(60ms);
  REQUIRE(last.get_future().wait_for(20s) == std::future_status::ready);
  const std::lock_guard lock(mutex);
  CHECK(order == std::vector<int>{1, 2, 3});
  CHECK(alarms.pending() == 0);
}

TEST_CASE("A ponder search that has computed longest still answers on time after ponderhit",
          "[server][share][searcher][fairness]") {
  // One processor, turns of the server's quantum, all on the manual clock: a search holds its
  // turn for as long as the test keeps the clock still, and yields only when the test has moved
  // the clock past its quantum while another one waits.
  ManualClock clock;
  server::ProcessorShare share(1, server::kSearchQuantum, clock);
  SearchResources resources;
  resources.clock = &clock;
  server::paceAndCap(resources, &share, nullptr, 0, server::SearchCaps{1, 0});
  SearchResources observed = resources;
  std::shared_ptr<UrgentObserver> observer;
  observed.pacer = [&](SearchResources::JobStopper stop, SearchClock::TimePoint start) {
    observer = std::make_shared<UrgentObserver>(resources.pacer(std::move(stop), start));
    return observer;
  };
  // The recorders outlive the searchers, whose destructors wait for their last callbacks.
  Recorder pondering, firstAnalysing, secondAnalysing;
  Searcher player(observed), first(resources), second(resources);
  const auto started = [](Recorder& recorder) {
    return recorder.firstInfo.get_future().wait_for(kDeadlockGuard) == std::future_status::ready;
  };

  SearchLimits ponder;
  ponder.ponder = true;
  ponder.moveTimeMs = 300;
  // A node limit already passed when the ponderhit comes: the search answers at the first node
  // it computes after it, without the clock moving (its 300 ms have not begun to run out).
  ponder.nodes = 1;
  player.start(Game(), ponder, pondering.callbacks());
  REQUIRE(started(pondering));  // it holds the only processor
  clock.advance(3s);            // alone on it: 3 s computed

  // Two fresh analyses have computed least: each gets a turn before the ponder search does.
  first.start(Game(), infinite(), firstAnalysing.callbacks());
  REQUIRE(started(firstAnalysing));  // the ponder search has held its turn long since: handed on
  REQUIRE(share.waitForWaiting(1, kDeadlockGuard));  // the ponder search waits
  second.start(Game(), infinite(), secondAnalysing.callbacks());
  REQUIRE(share.waitForWaiting(2, kDeadlockGuard));
  clock.advance(server::kSearchQuantum);  // the first's turn is over: the second's
  REQUIRE(started(secondAnalysing));
  REQUIRE(share.waitForWaiting(2, kDeadlockGuard));  // the first (a quantum computed) waits too
  CHECK(pondering.resultCount() == 0);

  // The player's own clock runs now: it counts as new, so the next turn is its own, although
  // it has computed 3 s and the first analysis only a quantum.
  REQUIRE(observer != nullptr);  // made as the job started, before its first info
  std::future<void> urgentBegun = observer->urgentBegun.get_future();
  player.ponderhit();
  REQUIRE(urgentBegun.wait_for(kDeadlockGuard) == std::future_status::ready);
  // It waits for a turn again, rather than computing beside the second analysis...
  REQUIRE(share.waitForWaiting(2, kDeadlockGuard));
  CHECK(pondering.resultCount() == 0);    // ...so it has not answered: the clock stands still
  clock.advance(server::kSearchQuantum);  // the second's turn is over
  REQUIRE(pondering.waitForResult());     // the turn was the ponder search's: it answered
  REQUIRE(pondering.resultCount() == 1);
  CHECK(isLegalAtStart(pondering.results[0]));
  for (Searcher* analysis : {&first, &second}) {
    analysis->stop();
    analysis->wait();
  }
  CHECK(firstAnalysing.resultCount() == 1);
  CHECK(secondAnalysing.resultCount() == 1);
}
