// The Searcher as the server uses it: searches on a shared pool, stop of a search still waiting
// for a worker, the time and depth caps (an AlarmClock), a shared table that one session never
// empties. In process, no sockets; no timing assertions except generous bounds.
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "search/searcher.h"
#include "search/thread_pool.h"
#include "server/alarm_clock.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"

using namespace damiera;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

struct Recorder {
  std::mutex mutex;
  std::vector<int> depths;  // of the info lines
  std::vector<SearchResult> results;
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
      std::lock_guard lock(mutex);
      results.push_back(result);
    };
    return cb;
  }
  std::size_t resultCount() {
    std::lock_guard lock(mutex);
    return results.size();
  }
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
  server::paceAndCap(resources, nullptr, nullptr, 0, server::SearchCaps{1, 0});
  return resources;
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
  queued.stop();  // runs it here, stopped
  CHECK(second.resultCount() == 1);
  CHECK_FALSE(queued.searching());
  REQUIRE(isLegalAtStart(second.results[0]));
  CHECK(first.resultCount() == 0);  // the other search goes on
  running.stop();
  running.wait();
  CHECK(first.resultCount() == 1);
  std::this_thread::sleep_for(50ms);  // the queued job, run later, finds nothing to do
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
  }  // returns at once although the only worker is busy
  CHECK(second.resultCount() == 1);
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
    client.stop();  // each runs here, stopped: one result each
  }
  CHECK(looping.resultCount() == 1000);
  CHECK(pool.queued() == 1);  // not a thousand dead jobs holding memory
  running.stop();
  running.wait();
}

TEST_CASE("The time cap stops an infinite search, and one still queued, with a result",
          "[server][pool][searcher]") {
  server::AlarmClock alarms;
  server::WorkerPool pool(1);
  auto table = std::make_shared<TranspositionTable>(2);
  SearchResources resources = pooled(pool, table);
  server::paceAndCap(resources, nullptr, &alarms, 200, server::SearchCaps{1, 0});
  Searcher a(resources), b(resources);
  Recorder first, second;
  const auto start = Clock::now();
  a.start(Game(), infinite(), first.callbacks());
  b.start(Game(), infinite(), second.callbacks());  // queued behind a for as long as a runs
  a.wait();
  b.wait();
  CHECK(Clock::now() - start < 5s);
  REQUIRE(first.resultCount() == 1);
  REQUIRE(second.resultCount() == 1);
  CHECK(isLegalAtStart(first.results[0]));
  CHECK(isLegalAtStart(second.results[0]));
  CHECK(alarms.pending() == 0);
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
  server::AlarmClock alarms;
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
  const auto now = Clock::now();
  alarms.set(now + 60ms, record(3));
  const server::AlarmClock::Id cancelled = alarms.set(now + 20ms, record(9));
  alarms.set(now + 40ms, record(2));
  alarms.set(now, record(1));
  alarms.cancel(cancelled);
  REQUIRE(last.get_future().wait_for(5s) == std::future_status::ready);
  const std::lock_guard lock(mutex);
  CHECK(order == std::vector<int>{1, 2, 3});
  CHECK(alarms.pending() == 0);
}
