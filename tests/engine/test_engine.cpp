// The typed Engine on its own, with no protocol in between: what it reports through
// EngineReports and when, and what its one busy gate refuses. The session tests (test_session*,
// the transcripts) check the words each dialect puts on these reports.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "engine/engine.h"

using namespace damiera;

namespace {

// Collects every report, from whichever thread it comes, and lets the test wait for one.
class Recorder {
 public:
  EngineReports reports() {
    EngineReports r;
    r.onInfo = [this](const Position& root, const SearchInfo& info) {
      std::lock_guard lock(mutex_);
      infos_.push_back(info);
      legalInfos_ = legalInfos_ && pvIsLegal(root, info.pv);
    };
    r.onResult = [this](const Position&, const SearchResult& result) {
      std::lock_guard lock(mutex_);
      results_.push_back(result);
      busyAtResult_ = engine_ && engine_->busy();
      changed_.notify_all();
    };
    r.onPerftEntry = [this](const PerftDivideEntry& entry) {
      std::lock_guard lock(mutex_);
      entries_.push_back(entry);
    };
    r.onPerftDone = [this](const PerftSummary& summary) {
      std::lock_guard lock(mutex_);
      perftDone_ = summary;
      changed_.notify_all();
    };
    return r;
  }
  void watch(const Engine* engine) { engine_ = engine; }

  // Waits (at most a minute: a hang fails, it does not block the suite) for n results.
  bool waitResults(std::size_t n) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::minutes(1), [&] { return results_.size() >= n; });
  }
  bool waitPerft() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::minutes(1), [&] { return perftDone_.has_value(); });
  }

  std::vector<SearchInfo> infos() const {
    std::lock_guard lock(mutex_);
    return infos_;
  }
  std::vector<SearchResult> results() const {
    std::lock_guard lock(mutex_);
    return results_;
  }
  std::vector<PerftDivideEntry> entries() const {
    std::lock_guard lock(mutex_);
    return entries_;
  }
  std::optional<PerftSummary> perftDone() const {
    std::lock_guard lock(mutex_);
    return perftDone_;
  }
  bool legalInfos() const {
    std::lock_guard lock(mutex_);
    return legalInfos_;
  }
  bool busyAtResult() const {
    std::lock_guard lock(mutex_);
    return busyAtResult_;
  }

 private:
  static bool pvIsLegal(Position pos, const std::vector<Move>& pv) {
    for (const Move& m : pv) {
      MoveList legal;
      generateMoves(pos, legal);
      bool found = false;
      for (const Move& candidate : legal) found = found || candidate == m;
      if (!found) return false;
      pos = pos.after(m);
    }
    return true;
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  const Engine* engine_ = nullptr;
  std::vector<SearchInfo> infos_;
  std::vector<SearchResult> results_;
  std::vector<PerftDivideEntry> entries_;
  std::optional<PerftSummary> perftDone_;
  bool legalInfos_ = true;
  bool busyAtResult_ = true;
};

bool isLegalHere(const Engine& engine, const Move& m) {
  for (const PathMove& legal : engine.legalMoves())
    if (legal.move == m) return true;
  return false;
}

}  // namespace

TEST_CASE("Engine: go reports lines of legal moves, then one result, no longer busy", "[engine]") {
  Recorder recorder;
  Engine engine(recorder.reports());
  recorder.watch(&engine);
  SearchLimits limits;
  limits.depth = 4;
  REQUIRE_FALSE(engine.go(limits));
  REQUIRE(recorder.waitResults(1));
  engine.waitIdle();
  const std::vector<SearchInfo> infos = recorder.infos();
  REQUIRE_FALSE(infos.empty());
  CHECK(infos.back().depth == 4);
  CHECK(recorder.legalInfos());
  const SearchResult result = recorder.results().front();
  REQUIRE(result.bestMove);
  CHECK(isLegalHere(engine, *result.bestMove));
  CHECK(result.depth == 4);
  CHECK(result.bestMove == infos.back().pv.front());  // the result is the last line's move
  // busy() turns false before the last report, so a reply to it is never refused.
  CHECK_FALSE(recorder.busyAtResult());
  CHECK(recorder.results().size() == 1);
}

TEST_CASE("Engine: while a job runs, the busy gate refuses what would change it", "[engine]") {
  Recorder recorder;
  Engine engine(recorder.reports());
  recorder.watch(&engine);
  SearchLimits limits;
  limits.infinite = true;
  REQUIRE_FALSE(engine.go(limits));
  REQUIRE(engine.busy());

  const auto refusedBusy = [](const Refused& refused) {
    return refused && refused->kind == Refusal::Kind::Busy && !refused->message.empty();
  };
  CHECK(refusedBusy(engine.setGame(Game())));
  CHECK(refusedBusy(engine.newGame()));
  CHECK(refusedBusy(engine.setOption("Hash", std::string("32"))));
  CHECK(refusedBusy(engine.go(SearchLimits{})));
  CHECK(refusedBusy(engine.perft(3, PerftSettings{})));
  CHECK(refusedBusy(engine.bench(3)));
  // A refused build is never built: busy is the answer whatever was sent.
  bool built = false;
  CHECK(refusedBusy(engine.setGame([&] {
    built = true;
    return Parsed<Game>::ok(Game());
  })));
  CHECK_FALSE(built);
  // What changes nothing is answered while it searches.
  CHECK(engine.legalMoves().size() == 7);  // the start position's moves (R3)
  CHECK(engine.options().number("Hash") != 32);

  engine.stop();  // returns once the last report is out
  CHECK(recorder.results().size() == 1);
  CHECK_FALSE(engine.busy());
  CHECK_FALSE(engine.setOption("Hash", std::string("32")));
  CHECK(engine.options().number("Hash") == 32);
}

TEST_CASE("Engine: a wrong option value or a failed build is refused as invalid, changing nothing",
          "[engine]") {
  Recorder recorder;
  Engine engine(recorder.reports());
  const int hash = engine.options().number("Hash");
  const Refused tooBig = engine.setOption("Hash", std::string("-5"));
  REQUIRE(tooBig);
  CHECK(tooBig->kind == Refusal::Kind::Invalid);
  CHECK(engine.options().number("Hash") == hash);
  const Refused unknown = engine.setOption("No Such Option", std::string("1"));
  REQUIRE(unknown);
  CHECK(unknown->kind == Refusal::Kind::Invalid);

  const Refused badGame = engine.setGame([] { return Parsed<Game>::fail("bad fen"); });
  REQUIRE(badGame);
  CHECK(badGame->kind == Refusal::Kind::Invalid);
  CHECK(badGame->message.find("bad fen") != std::string::npos);
  CHECK(engine.game().position() == Position::start());
}

TEST_CASE("Engine: with no legal move, go reports its result at once, with no best move",
          "[engine]") {
  Recorder recorder;
  Engine engine(recorder.reports());
  // White to move, its one man on 5 blocked by Black's on 1 and 2, with no capture (R13).
  const Parsed<Position> blocked = parseFen("W:W5:B1,2");
  REQUIRE(blocked);
  REQUIRE_FALSE(engine.setGame(Game(*blocked.value)));
  SearchLimits limits;
  limits.depth = 3;
  REQUIRE_FALSE(engine.go(limits));
  REQUIRE(recorder.waitResults(1));
  CHECK_FALSE(recorder.results().front().bestMove);
}

TEST_CASE("Engine: perft reports one entry per root move, and a summary that adds them up",
          "[engine]") {
  Recorder recorder;
  Engine engine(recorder.reports());
  REQUIRE_FALSE(engine.perft(4, PerftSettings{}));
  REQUIRE(recorder.waitPerft());
  engine.waitIdle();
  std::uint64_t sum = 0;
  for (const PerftDivideEntry& entry : recorder.entries()) sum += entry.nodes;
  CHECK(recorder.entries().size() == 7);
  const PerftSummary summary = *recorder.perftDone();
  CHECK(summary.depth == 4);
  CHECK_FALSE(summary.stopped);
  CHECK(summary.nodes == sum);
  CHECK(summary.nodes == perft(Position::start(), 4, PerftMode::KeepDuplicates));
}
