// The Session's search commands (go, stop, ponderhit, eval, bench) and the search options,
// driven directly: the search thread writes through the same sink, so the sink here is
// thread-safe and the tests wait for lines with generous timeouts. No timing assertions: where
// time limits matter, the session's searches read a clock the test moves by hand
// (tests/search/manual_clock.h).
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft_table.h"
#include "engine/options.h"
#include "engine/session.h"
#include "engine/session_environment.h"
#include "search/bench.h"
#include "search/eval.h"
#include "search/pacer.h"
#include "search/skill.h"
#include "search/tt.h"
#include "tests/common/resident_memory.h"
#include "tests/search/manual_clock.h"

using damiera::Session;
using damiera::test_memory::residentMb;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;
using Lines = std::vector<std::string>;

constexpr auto kGenerous = 20s;  // for anything to arrive at all (sanitizer builds are slow)

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool startsWith(const std::string& line, std::string_view prefix) {
  return line.rfind(prefix, 0) == 0;
}

// A session whose replies may come from its search thread: collected under a lock.
class LiveProbe {
 public:
  explicit LiveProbe(damiera::SessionEnvironment environment = {})
      : session_(std::make_unique<Session>([this](std::string_view line) { add(line); },
                                           std::move(environment))) {}
  // Its searches read `clock` (which must outlive the probe).
  explicit LiveProbe(const damiera::test::ManualClock& clock) : LiveProbe(environmentOn(clock)) {}

  // Sends a line; returns the replies that are not from the search (not info or bestmove)
  // written while the session handled it: the command's own answer.
  Lines say(std::string_view line) {
    const std::size_t before = count();
    lastFlow_ = session_->handleLine(line);
    Lines own;
    for (const std::string& reply : linesFrom(before))
      if (!startsWith(reply, "info ") && !startsWith(reply, "bestmove ")) own.push_back(reply);
    return own;
  }

  // say() for a perft or bench: waits until it has run; returns its replies.
  Lines sayAndFinish(std::string_view line) {
    const std::size_t before = count();
    lastFlow_ = session_->handleLine(line);
    session_->waitIdle();
    return linesFrom(before);
  }

  // Waits for a line matching `pattern` at index `from` or later; its index, or nothing.
  std::optional<std::size_t> waitFor(const std::string& pattern, std::size_t from = 0,
                                     Clock::duration timeout = kGenerous) {
    const std::regex re(pattern);
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> found;
    changed_.wait_for(lock, timeout, [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (std::regex_match(lines_[i], re)) return (found = i).has_value();
      return false;
    });
    return found;
  }

  // Waits for the bestmove of the search started at or after line `from`.
  std::string bestMove(std::size_t from = 0, Clock::duration timeout = kGenerous) {
    const auto at = waitFor("bestmove .*", from, timeout);
    REQUIRE(at);
    return line(*at);
  }

  std::size_t count() const {
    std::lock_guard lock(mutex_);
    return lines_.size();
  }
  std::string line(std::size_t i) const {
    std::lock_guard lock(mutex_);
    return lines_.at(i);
  }
  Lines linesFrom(std::size_t from) const {
    std::lock_guard lock(mutex_);
    return Lines(lines_.begin() + static_cast<std::ptrdiff_t>(std::min(from, lines_.size())),
                 lines_.end());
  }
  std::size_t countMatching(const std::string& pattern, std::size_t from = 0) const {
    const std::regex re(pattern);
    std::size_t n = 0;
    for (const std::string& l : linesFrom(from)) n += std::regex_match(l, re) ? 1 : 0;
    return n;
  }

  Session& session() { return *session_; }
  Session::Flow lastFlow() const { return lastFlow_; }
  std::string fen() const { return damiera::formatFen(session_->game().position()); }
  // Ends the session (as the transport does after quit); stops and waits for a search.
  void end() { session_.reset(); }

 private:
  void add(std::string_view line) {
    {
      std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    }
    changed_.notify_all();
  }

  static damiera::SessionEnvironment environmentOn(const damiera::test::ManualClock& clock) {
    damiera::SessionEnvironment environment;
    environment.search.clock = &clock;
    return environment;
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Lines lines_;
  Session::Flow lastFlow_ = Session::Flow::Continue;
  std::unique_ptr<Session> session_;  // last: destroyed first, while its sink still works
};

damiera::Position positionOf(std::string_view fen) {
  const auto parsed = damiera::parseFen(fen);
  REQUIRE(parsed);
  return *parsed.value;
}

// Plays `moves` (text) from `pos`: each must be legal and written in full-path notation.
// Returns the number of moves that were, so a failure says where.
bool isLegalLine(damiera::Position pos, const std::vector<std::string>& moves) {
  for (const std::string& text : moves) {
    const auto parsed = damiera::parseMove(pos, text);
    if (!parsed) {
      UNSCOPED_INFO("illegal move " << text << ": " << parsed.error);
      return false;
    }
    if (damiera::formatMove(*parsed.value) != text) {
      UNSCOPED_INFO("not in full-path notation: " << text);
      return false;
    }
    pos = pos.after(parsed.value->move);
  }
  return true;
}

// An info line's fields: the numbers by name, the score, the pv.
struct Info {
  std::map<std::string, long long> numbers;
  bool mate = false;
  long long score = 0;
  std::vector<std::string> pv;

  // Comparable scores: any win above any cp score, a shorter win higher.
  long long orderedScore() const {
    if (!mate) return score;
    return score > 0 ? 1'000'000 - score : -1'000'000 - score;
  }
};

Info parseInfo(const std::string& line) {
  static const std::regex shape(
      "info depth \\d+ seldepth \\d+( multipv \\d+)? score (cp|mate) -?\\d+ nodes \\d+ nps \\d+ "
      "time \\d+ hashfull \\d+ pv( \\S+)+");
  INFO(line);
  REQUIRE(std::regex_match(line, shape));
  Info info;
  const std::vector<std::string> w = words(line);
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (w[i] == "pv") {
      info.pv.assign(w.begin() + static_cast<std::ptrdiff_t>(i) + 1, w.end());
      break;
    }
    if (w[i] == "score") {
      info.mate = w[i + 1] == "mate";
      info.score = std::stoll(w[i + 2]);
      i += 2;
      continue;
    }
    info.numbers[w[i]] = std::stoll(w[i + 1]);
    ++i;
  }
  return info;
}

// The periodic lines of a long search (PROTOCOL.md, "info"): not an iteration's result.
const std::regex kCurrentMoveLine("info depth \\d+ currmove \\S+ currmovenumber \\d+");
const std::regex kStatisticsLine("info nodes \\d+ nps \\d+ time \\d+ hashfull \\d+( tbhits \\d+)?");
bool isPeriodicLine(const std::string& line) {
  return std::regex_match(line, kCurrentMoveLine) || std::regex_match(line, kStatisticsLine);
}

// The iterations' info lines (a long search's periodic lines left out).
std::vector<Info> infosFrom(const LiveProbe& probe, std::size_t from) {
  std::vector<Info> infos;
  for (const std::string& l : probe.linesFrom(from))
    if (startsWith(l, "info ") && !isPeriodicLine(l)) infos.push_back(parseInfo(l));
  return infos;
}

// "bestmove <m> [ponder <p>]": m legal from root, p legal after m.
void checkBestMove(const std::string& line, const damiera::Position& root) {
  INFO(line);
  const std::vector<std::string> w = words(line);
  REQUIRE((w.size() == 2 || w.size() == 4));
  REQUIRE(w[0] == "bestmove");
  std::vector<std::string> played{w[1]};
  if (w.size() == 4) {
    REQUIRE(w[2] == "ponder");
    played.push_back(w[3]);
  }
  CHECK(isLegalLine(root, played));
}

// Every pv legal from root, and every line in the protocol's shape.
void checkInfos(const LiveProbe& probe, std::size_t from, const damiera::Position& root) {
  for (const Info& info : infosFrom(probe, from)) CHECK(isLegalLine(root, info.pv));
}

const damiera::Position kStart = damiera::Position::start();

}  // namespace

TEST_CASE("go depth: one info per iteration with a legal pv, then one legal bestmove",
          "[session][go]") {
  LiveProbe probe;
  CHECK(probe.say("go depth 5").empty());
  const std::string best = probe.bestMove();
  checkBestMove(best, kStart);
  const std::vector<Info> infos = infosFrom(probe, 0);
  REQUIRE(infos.size() == 5);
  for (std::size_t i = 0; i < infos.size(); ++i) {
    CHECK(infos[i].numbers.at("depth") == static_cast<long long>(i + 1));
    CHECK(infos[i].numbers.at("seldepth") >= infos[i].numbers.at("depth"));
    CHECK_FALSE(infos[i].numbers.count("multipv"));
    CHECK(infos[i].numbers.at("hashfull") <= 1000);
    if (i > 0) CHECK(infos[i].numbers.at("nodes") >= infos[i - 1].numbers.at("nodes"));
  }
  checkInfos(probe, 0, kStart);
  CHECK(words(best)[1] == infos.back().pv.front());  // the last iteration's move is played
  // Nothing after the bestmove; the session is free.
  CHECK(probe.say("isready") == Lines{"readyok"});
  CHECK(probe.countMatching("bestmove .*") == 1);
  CHECK(probe.linesFrom(0).back() == "readyok");
}

TEST_CASE("go depth is deterministic with one thread and a cleared table", "[session][go]") {
  auto run = [](LiveProbe& probe) {
    const std::size_t from = probe.count();
    probe.say("go depth 6");
    const std::string best = probe.bestMove(from);
    std::vector<long long> nodes;
    for (const Info& info : infosFrom(probe, from)) nodes.push_back(info.numbers.at("nodes"));
    return std::make_pair(best, nodes);
  };
  LiveProbe first, second;
  const auto a = run(first);
  const auto b = run(second);
  CHECK(a == b);
  first.say("ucinewgame");
  CHECK(run(first) == a);
}

TEST_CASE("go nodes, movetime and clocks end by themselves with a legal move", "[session][go]") {
  LiveProbe probe;
  for (const char* go : {"go nodes 2000", "go movetime 30", "go wtime 500 btime 500",
                         "go wtime 500 btime 500 winc 20 binc 20 movestogo 10",
                         "go wtime 0 btime 0", "go depth 3 nodes 100000 movetime 10000"}) {
    INFO(go);
    const std::size_t from = probe.count();
    CHECK(probe.say(go).empty());
    checkBestMove(probe.bestMove(from), kStart);
    checkInfos(probe, from, kStart);
    CHECK(probe.countMatching("bestmove .*", from) == 1);
  }
}

TEST_CASE("the side to move's clock is the one that counts", "[session][go]") {
  damiera::test::ManualClock clock;  // moves only here: the searches cannot end by time else
  LiveProbe probe(clock);
  // Black to move, with 100 ms: once 100 ms have passed it answers, although White has an
  // hour; and the reverse.
  probe.say("position startpos moves 22-19");
  probe.say("go wtime 3600000 btime 100");
  REQUIRE(probe.waitFor("info depth 1 .*"));
  clock.advance(100ms);
  checkBestMove(probe.bestMove(), probe.session().game().position());

  probe.say("position startpos");
  const std::size_t from = probe.count();
  probe.say("go wtime 100 btime 3600000");
  REQUIRE(probe.waitFor("info depth 1 .*", from));
  clock.advance(100ms);
  checkBestMove(probe.bestMove(from), kStart);
}

TEST_CASE("go infinite: isready at once, bestmove only after stop, promptly", "[session][go]") {
  for (const char* go : {"go infinite", "go"}) {  // no limit at all is infinite
    INFO(go);
    LiveProbe probe;
    CHECK(probe.say(go).empty());
    REQUIRE(probe.waitFor("info depth 3 .*"));
    CHECK(probe.say("isready") == Lines{"readyok"});  // answered while it searches
    CHECK(probe.say("ponderhit").empty());            // not pondering: nothing happens
    REQUIRE(probe.waitFor("info depth 5 .*"));        // it searches on
    CHECK(probe.countMatching("bestmove .*") == 0);

    const std::size_t beforeStop = probe.count();
    CHECK(probe.say("stop").empty());
    // stop returns with the bestmove already written.
    CHECK(probe.countMatching("bestmove .*", beforeStop) == 1);
    const std::string best = probe.bestMove(beforeStop, 0s);
    checkBestMove(best, kStart);
    checkInfos(probe, 0, kStart);
    CHECK(probe.say("stop").empty());  // nothing to stop
    CHECK(probe.say("isready") == Lines{"readyok"});
    CHECK(probe.countMatching("bestmove .*") == 1);
  }
}

TEST_CASE("stop then at once position and go: never busy", "[session][busy]") {
  LiveProbe probe;
  for (int round = 0; round < 10; ++round) {
    INFO("round " << round);
    const std::size_t from = probe.count();
    probe.say("go infinite");
    REQUIRE(probe.waitFor("info depth 1 .*", from));
    CHECK(probe.say("stop").empty());
    CHECK(probe.say("position startpos moves 23-19").empty());
    CHECK(probe.say("position startpos").empty());
  }
  CHECK(probe.countMatching("bestmove .*") == 10);
  CHECK(probe.countMatching("error .*") == 0);
}

TEST_CASE("infinite with a depth limit still waits for stop", "[session][go]") {
  LiveProbe probe;
  probe.say("go infinite depth 2");
  REQUIRE(probe.waitFor("info depth 2 .*"));
  // The search has done its work: it answers, or holds the bestmove for the stop.
  probe.session().waitSettled();
  CHECK(probe.session().holdingResult());
  CHECK(probe.countMatching("bestmove .*") == 0);
  CHECK(probe.countMatching("info .*") == 2);
  probe.say("stop");
  checkBestMove(probe.bestMove(), kStart);
}

TEST_CASE("go ponder: the bestmove comes only after ponderhit or stop", "[session][go]") {
  SECTION("ponder with a depth: waits at the end for the ponderhit") {
    LiveProbe probe;
    probe.say("go ponder depth 2");
    REQUIRE(probe.waitFor("info depth 2 .*"));
    CHECK(probe.say("isready") == Lines{"readyok"});
    probe.session().waitSettled();  // answered, or holding the bestmove for the ponderhit
    CHECK(probe.session().holdingResult());
    CHECK(probe.countMatching("bestmove .*") == 0);
    probe.say("ponderhit");
    checkBestMove(probe.bestMove(), kStart);
  }
  SECTION("ponder with a clock: no time limit while pondering, then a timed search") {
    damiera::test::ManualClock clock;
    LiveProbe probe(clock);
    probe.say("go ponder wtime 100 btime 100");  // a budget of a few ms once it counts
    REQUIRE(probe.waitFor("info depth 1 .*"));
    // Ten seconds pass, far past that budget: no time limit while pondering.
    clock.advance(10s);
    const auto late = probe.waitFor("info .* time \\d{5,} .*");
    REQUIRE(late);
    CHECK(probe.countMatching("bestmove .*") == 0);
    const std::size_t hit = probe.count();
    probe.say("ponderhit");
    // Its budget counts from the ponderhit, and the clock stands still: it searches on, two
    // iterations more at least (a budget counted from the go would end it after one).
    REQUIRE(probe.waitFor("info .*", hit + 2));
    CHECK(probe.countMatching("bestmove .*") == 0);
    clock.advance(100ms);  // its whole clock
    checkBestMove(probe.bestMove(), kStart);
  }
  SECTION("stop ends a ponder search") {
    LiveProbe probe;
    probe.say("go ponder wtime 60000 btime 60000");
    REQUIRE(probe.waitFor("info depth 2 .*"));
    probe.say("stop");
    checkBestMove(probe.bestMove(0), kStart);
  }
  SECTION("ponder with no limit is infinite after the ponderhit") {
    LiveProbe probe;
    probe.say("go ponder");
    REQUIRE(probe.waitFor("info depth 2 .*"));
    probe.say("ponderhit");
    // It searches on after it: another iteration completes. (Not "a depth of 5 to 9": by the
    // time the ponderhit is handled, a fast search may be past depth 9.)
    const std::size_t hit = probe.count();
    REQUIRE(probe.waitFor("info depth \\d+ .*", hit));
    CHECK(probe.countMatching("bestmove .*") == 0);
    probe.say("stop");
    checkBestMove(probe.bestMove(0), kStart);
  }
}

// The node limit, like the clock, is for the search after the ponderhit.
TEST_CASE("go ponder nodes N waits for the ponderhit", "[session][go]") {
  LiveProbe probe;
  probe.say("go ponder nodes 2000");
  // Past the node limit: it counts only after the ponderhit.
  REQUIRE(probe.waitFor("info .* nodes (\\d{5,}|[3-9]\\d\\d\\d) .*"));
  CHECK(probe.countMatching("bestmove .*") == 0);
  probe.say("ponderhit");
  checkBestMove(probe.bestMove(0), kStart);
}

TEST_CASE("during a search, commands that would change it are busy and change nothing",
          "[session][busy]") {
  LiveProbe probe;
  probe.say("position startpos moves 22-19 10-14");
  const std::string fenBefore = probe.fen();
  const damiera::Position root = probe.session().game().position();
  probe.say("go infinite");
  REQUIRE(probe.waitFor("info depth 2 .*"));
  for (const char* busy :
       {"position startpos", "position fen W:W5:B1,2", "go depth 1", "go infinite",
        "setoption name Hash value 1", "setoption name MultiPV value 3",
        "setoption name NoProgressMoves value 1", "setoption name Threads value 2", "ucinewgame",
        "perft 1", "bench 1"}) {
    INFO(busy);
    CHECK(probe.say(busy) == Lines{"error busy"});
  }
  // Answered at once, as if no search ran.
  CHECK(probe.say("isready") == Lines{"readyok"});
  CHECK(probe.say("legalmoves") == Lines{"legalmoves 19x10"});
  CHECK(probe.say("result") == Lines{"result * ongoing"});
  CHECK(probe.say("d").size() == 14);
  CHECK(probe.say("eval").back().rfind("eval sum ", 0) == 0);
  CHECK(probe.say("frobnicate") == Lines{"error unknown command 'frobnicate'"});
  CHECK(probe.say("go depth x") == Lines{"error go: depth must be an integer 1..1000, got 'x'"});

  const std::size_t beforeStop = probe.count();
  probe.say("stop");
  checkBestMove(probe.bestMove(beforeStop), root);
  CHECK(probe.countMatching("bestmove .*") == 1);
  CHECK(probe.fen() == fenBefore);
  CHECK(probe.session().game().moves().size() == 2);
  CHECK(probe.session().options().value("Hash") == 64);
  CHECK(probe.session().options().value("MultiPV") == 1);
  CHECK(probe.session().options().value("Threads") == 1);
  CHECK(probe.session().game().noProgressLimitPlies() == 80);

  // Free again: all of them work.
  CHECK(probe.say("setoption name MultiPV value 2").empty());
  CHECK(probe.session().options().value("MultiPV") == 2);
  CHECK(probe.sayAndFinish("perft 1").size() == 2);
  CHECK(probe.say("ucinewgame").empty());
  CHECK(probe.fen() == damiera::kStartFen);
}

TEST_CASE("a client that answers the bestmove at once is never told busy", "[session][busy]") {
  LiveProbe probe;
  for (int round = 0; round < 20; ++round) {
    INFO("round " << round);
    const std::size_t from = probe.count();
    CHECK(probe.say("go depth 2").empty());
    probe.bestMove(from);
    // The very next commands, as soon as the bestmove is seen.
    CHECK(probe.say("position startpos moves 21-17").empty());
    CHECK(probe.say("setoption name Hash value 2").empty());
    CHECK(probe.say("position startpos").empty());
  }
  probe.say("isready");
  CHECK(probe.waitFor("readyok"));
  CHECK(probe.countMatching("bestmove .*") == 20);
  CHECK(probe.countMatching("error .*") == 0);
}

TEST_CASE("no legal move: bestmove none at once, whatever the limits", "[session][go]") {
  LiveProbe probe;
  for (const char* position : {"position fen W:W5:B1,2", "position fen W:W22:B18 moves 22x13"}) {
    REQUIRE(probe.say(position).empty());
    for (const char* go : {"go depth 5", "go infinite", "go ponder", "go", "go movetime 100000",
                           "go wtime 1000 btime 1000 ponder"}) {
      INFO(position << ": " << go);
      const std::size_t from = probe.count();
      probe.say(go);
      // Written before say() returned: not by the search thread.
      CHECK(probe.linesFrom(from) == Lines{"bestmove none"});
    }
  }
  // The session is not busy afterwards.
  CHECK(probe.say("position startpos").empty());
}

TEST_CASE("searchmoves restricts the root, and an illegal one is an error and no search",
          "[session][go]") {
  LiveProbe probe;
  probe.say("go depth 4 searchmoves 21-17 24-20");
  const std::string best = probe.bestMove();
  checkBestMove(best, kStart);
  CHECK((words(best)[1] == "21-17" || words(best)[1] == "24-20"));
  for (const Info& info : infosFrom(probe, 0))
    CHECK((info.pv.front() == "21-17" || info.pv.front() == "24-20"));

  const std::size_t from = probe.count();
  CHECK(probe.say("go depth 2 searchmoves 21-17 21-16") ==
        Lines{"error go: searchmoves: illegal move '21-16': 21-16 is not a legal move; legal "
              "moves from 21: 21-17, 21-18 [refusal no-such-move square=21 moves=21-17,21-18]"});
  CHECK(probe.say("position startpos moves 22-19").empty());  // not busy: nothing started
  probe.session().waitIdle();  // a search started by mistake would have answered by now
  CHECK(probe.linesFrom(from).size() == 1);

  // The only move it may play, even when a search would prefer another.
  for (const char* only : {"9-13", "12-16"}) {
    const std::size_t before = probe.count();
    probe.say(std::string("go depth 3 searchmoves ") + only);
    CHECK(words(probe.bestMove(before))[1] == only);
  }
}

TEST_CASE("MultiPV N: N lines per iteration, distinct moves, scores not increasing",
          "[session][go][multipv]") {
  LiveProbe probe;
  CHECK(probe.say("setoption name MultiPV value 3").empty());
  probe.say("go depth 5");
  const std::string best = probe.bestMove();
  checkBestMove(best, kStart);
  checkInfos(probe, 0, kStart);

  std::map<long long, std::vector<Info>> byDepth;
  for (const Info& info : infosFrom(probe, 0)) byDepth[info.numbers.at("depth")].push_back(info);
  REQUIRE(byDepth.size() == 5);
  for (const auto& [depth, lines] : byDepth) {
    INFO("depth " << depth);
    REQUIRE(lines.size() == 3);
    std::set<std::string> firstMoves;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      CHECK(lines[k].numbers.at("multipv") == static_cast<long long>(k + 1));
      firstMoves.insert(lines[k].pv.front());
      if (k > 0) CHECK(lines[k].orderedScore() <= lines[k - 1].orderedScore());
    }
    CHECK(firstMoves.size() == 3);
  }
  CHECK(words(best)[1] == byDepth.rbegin()->second.front().pv.front());

  // Fewer legal moves than lines: one line per legal move.
  probe.say("position fen W:W29:B1");
  const std::size_t from = probe.count();
  probe.say("go depth 2");
  probe.bestMove(from);
  CHECK(probe.countMatching("info depth 2 .* multipv 2 .*", from) == 1);
  CHECK(probe.countMatching("info .* multipv 3 .*", from) == 0);
}

TEST_CASE("MultiPV stopped inside an iteration: every line has a real score, none a mate",
          "[session][go][multipv]") {
  // One thread and a node limit: the search stops at the same node every time. The case this
  // test is for: it stops inside an iteration after finding a new best move (so the final report
  // is sent, the same depth again) and having proved the other moves only worse than it. Those
  // lines used to read "score mate 499". Where such a stop falls depends on the evaluation, so
  // the limit is found by trying 1,000, 2,000, ... nodes from the start position.
  std::vector<Info> last;  // the lines of the final report of the first such search
  std::string best;
  for (int nodes = 1000; nodes <= 60000 && last.empty(); nodes += 1000) {
    LiveProbe probe;
    probe.say("setoption name MultiPV value 64");
    probe.say("go nodes " + std::to_string(nodes));
    best = probe.bestMove();
    std::vector<Info> set;      // the lines of the report being read
    long long depthBefore = 0;  // of the set before it
    for (const Info& info : infosFrom(probe, 0)) {
      if (info.numbers.at("multipv") == 1) {
        if (!set.empty()) depthBefore = set.front().numbers.at("depth");
        set.clear();
      }
      set.push_back(info);
    }
    if (!set.empty() && set.front().numbers.at("depth") == depthBefore) last = set;
  }
  REQUIRE(last.size() == 7);  // found, and one line per legal move
  std::set<std::string> moves;
  for (std::size_t k = 0; k < last.size(); ++k) {
    INFO("line " << k + 1);
    CHECK(last[k].numbers.at("multipv") == static_cast<long long>(k + 1));
    CHECK_FALSE(last[k].mate);  // no forced result within reach of this quiet opening
    CHECK(std::abs(last[k].score) < 1000);
    moves.insert(last[k].pv.front());
  }
  CHECK(moves.size() == 7);
  CHECK(words(best)[1] == last.front().pv.front());
}

TEST_CASE("MultiPV with searchmoves and Threads 2", "[session][go][multipv]") {
  LiveProbe probe;
  probe.say("setoption name Threads value 2");
  probe.say("setoption name MultiPV value 2");
  probe.say("go depth 6 searchmoves 21-17 22-18 23-19");
  const std::string best = probe.bestMove();
  checkBestMove(best, kStart);
  checkInfos(probe, 0, kStart);
  for (const Info& info : infosFrom(probe, 0)) {
    CHECK(info.numbers.at("multipv") <= 2);
    CHECK((info.pv.front() == "21-17" || info.pv.front() == "22-18" || info.pv.front() == "23-19"));
  }
}

TEST_CASE("a malformed go is one error and starts no search", "[session][go]") {
  LiveProbe probe;
  for (const char* bad : {"go depth",
                          "go depth 0",
                          "go depth -1",
                          "go depth 1.5",
                          "go nodes 0",
                          "go nodes -5",
                          "go movetime 0",
                          "go movetime -10",
                          "go wtime -1",
                          "go btime -1",
                          "go winc -1",
                          "go binc -2",
                          "go movestogo 0",
                          "go movestogo -1",
                          "go wtime x",
                          "go searchmoves",
                          "go fast",
                          "go infinite please",
                          "go depth 3 depth",
                          "go searchmoves 22-19 33-29",
                          "go searchmoves 9-13"}) {
    INFO(bad);
    const Lines replies = probe.say(bad);
    REQUIRE(replies.size() == 1);
    CHECK(startsWith(replies[0], "error go: "));
    CHECK(probe.say("position startpos").empty());  // not busy
  }
  probe.session().waitIdle();  // a search started by mistake would have answered by now
  CHECK(probe.countMatching("(info|bestmove) .*") == 0);
}

TEST_CASE("eval: one line per term, each a single word, then the sum and the total",
          "[session][eval]") {
  LiveProbe probe;
  for (const std::string& fen : {std::string(damiera::kStartFen), std::string("W:W21,22,23:B1,2"),
                                 std::string("B:WK1,32,31:B9,10,K30"), std::string("W:W5:B1,2")}) {
    INFO(fen);
    probe.say("position fen " + fen);
    const Lines replies = probe.say("eval");
    REQUIRE(replies.size() >= 2);
    const damiera::EvalReport report = damiera::explainEvaluation(positionOf(fen));
    REQUIRE(replies.size() == report.terms.size() + 1);
    long long sum = 0;
    for (std::size_t i = 0; i + 1 < replies.size(); ++i) {
      INFO(replies[i]);
      CHECK(std::regex_match(replies[i], std::regex("eval [a-z][a-z-]* -?\\d+")));
      sum += std::stoll(words(replies[i])[2]);
    }
    const std::vector<std::string> last = words(replies.back());
    REQUIRE(last.size() == 7);
    CHECK(last[1] == "sum");
    CHECK(std::stoll(last[2]) == sum);
    CHECK(last[3] == "scale");
    CHECK(last[4] == std::to_string(report.scale) + "/64");
    CHECK(last[5] == "total");
    CHECK(std::stoll(last[6]) == damiera::evaluate(positionOf(fen)));
  }
  CHECK(probe.say("eval back-rank-guard") ==
        Lines{"error eval takes no arguments, got 'back-rank-guard'"});
}

TEST_CASE("bench prints one line whose node count is the search's signature", "[session][bench]") {
  LiveProbe probe;
  const Lines first = probe.sayAndFinish("bench 2");
  REQUIRE(first.size() == 1);
  CHECK(std::regex_match(first[0], std::regex("bench nodes \\d+ time \\d+ nps \\d+")));
  const std::string nodes = words(first[0])[2];
  CHECK(nodes == std::to_string(damiera::runBench(2).nodes));
  // Not changed by the session's options or its table.
  probe.say("setoption name Hash value 1");
  probe.say("setoption name Threads value 2");
  probe.say("go depth 3");
  probe.bestMove();
  CHECK(words(probe.sayAndFinish("bench 2").at(0))[2] == nodes);
  CHECK(probe.say("bench 0") == Lines{"error bench: depth must be an integer 1..30, got '0'"});
}

TEST_CASE("setoption: every search option, good and bad values", "[session][options]") {
  LiveProbe probe;
  const Session& session = probe.session();
  struct Case {
    const char* name;
    const char* good;
    int value;
    std::vector<const char*> bad;
  };
  const std::vector<Case> cases = {
      {"Hash", "1", 1, {"0", "65537", "-1", "1e3", "big", "16 MB"}},
      {"Threads", "2", 2, {"0", "257", "-2", "two"}},
      {"MultiPV", "4", 4, {"0", "65", "x"}},
      {"Ponder", "true", 1, {"yes", "1", "on", "truee"}},
      {"Move Overhead", "0", 0, {"-1", "5001", "10ms"}},
      {"NoProgressMoves", "25", 25, {"0", "1001"}},
      {"Skill Level", "20", 20, {"-1", "21", "max"}},
      {"UCI_LimitStrength", "false", 0, {"1", "yes"}},
      {"UCI_Elo", "2000", 2000, {"999", "100000", "strong"}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(probe.say(std::string("setoption name ") + c.name + " value " + c.good).empty());
    CHECK(session.options().value(c.name) == c.value);
    for (const char* bad : c.bad) {
      INFO(bad);
      const Lines replies = probe.say(std::string("setoption name ") + c.name + " value " + bad);
      REQUIRE(replies.size() == 1);
      CHECK(startsWith(replies[0], std::string("error bad value '") + bad + "' for option "));
      CHECK(session.options().value(c.name) == c.value);
    }
    CHECK(startsWith(probe.say(std::string("setoption name ") + c.name).at(0),
                     std::string("error option ") + c.name + " needs a value"));
  }
  CHECK(probe.say("setoption name ponder value FALSE").empty());
  CHECK(session.options().value("Ponder") == 0);
  CHECK(probe.say("setoption name PONDER value True").empty());
  CHECK(session.options().value("Ponder") == 1);
  CHECK(probe.say("setoption name move overhead value 50").empty());
  CHECK(session.options().value("Move Overhead") == 50);
  // The new values are what the next search uses: it still works with all of them.
  probe.say("go depth 3");
  checkBestMove(probe.bestMove(), kStart);
  CHECK(probe.countMatching("info depth 3 .* multipv 4 .*") == 1);
}

TEST_CASE("Options: a value the apply step refuses is an error and changes nothing", "[options]") {
  damiera::Options options;
  int applied = -1;
  const damiera::Options::Hook hook = [&](const damiera::EngineOption&, int v, const std::string&) {
    if (v > 50) throw damiera::OptionRejected("not enough memory for MultiPV " + std::to_string(v));
    applied = v;
  };
  CHECK(options.value("MultiPV") == 1);
  CHECK(options.set("multipv", "20", hook) == std::nullopt);
  CHECK(applied == 20);
  CHECK(options.set("MultiPV", "60", hook) == "not enough memory for MultiPV 60");
  CHECK(options.value("MultiPV") == 20);
  CHECK(applied == 20);
}

TEST_CASE("quit during a search: it stops, writes its one bestmove, and the session ends",
          "[session][quit]") {
  LiveProbe probe;
  probe.say("setoption name Threads value 2");
  probe.say("go infinite");
  // Depth 3 or more: with 2 threads the iteration lines may skip depths.
  REQUIRE(probe.waitFor("info depth ([3-9]|[1-9]\\d+) .*"));
  CHECK(probe.say("quit").empty());
  CHECK(probe.lastFlow() == Session::Flow::Quit);
  probe.end();  // what the transport does after quit: returns once the search has answered
  CHECK(probe.countMatching("bestmove .*") == 1);
  checkBestMove(probe.linesFrom(0).back(), kStart);
}

TEST_CASE("ucinewgame between searches, and stop or ponderhit with nothing running",
          "[session][go]") {
  LiveProbe probe;
  CHECK(probe.say("stop").empty());
  CHECK(probe.say("ponderhit").empty());
  CHECK(probe.count() == 0);
  probe.say("position startpos moves 21-17");
  probe.say("go depth 3");
  probe.bestMove();
  CHECK(probe.say("ucinewgame").empty());
  CHECK(probe.fen() == damiera::kStartFen);
  const std::size_t from = probe.count();
  probe.say("go depth 3");
  checkBestMove(probe.bestMove(from), kStart);
}

TEST_CASE("perft and bench run like a search: isready answered, stop ends them",
          "[session][perft][bench]") {
  LiveProbe probe;
  SECTION("perft 20: counted on the search thread until stop, the summary says stopped") {
    CHECK(probe.say("perft 20").empty());  // returns at once: hours of counting ahead
    CHECK(probe.say("isready") == Lines{"readyok"});
    CHECK(probe.say("perft 1") == Lines{"error busy"});
    // stop returns once the summary is out: it is the one reply (no root move was done).
    const Lines stopped = probe.say("stop");
    REQUIRE(stopped.size() == 1);
    CHECK(std::regex_match(stopped[0], std::regex("perft 20 stopped nodes 0 time \\d+ nps \\d+")));
    CHECK(probe.sayAndFinish("perft 1").size() == 8);  // free again
  }
  SECTION("bench 30: stopped after the position being searched") {
    CHECK(probe.say("bench 30").empty());
    CHECK(probe.say("isready") == Lines{"readyok"});
    const Lines stopped = probe.say("stop");
    REQUIRE(stopped.size() == 1);
    CHECK(std::regex_match(stopped[0], std::regex("bench stopped nodes \\d+ time \\d+ nps \\d+")));
  }
  SECTION("the end of the session ends a perft; its summary is still written") {
    probe.say("perft 20");
    probe.end();
    CHECK(probe.countMatching("perft 20 stopped nodes .*") == 1);
  }
}

namespace {

// Threads of this test process now.
std::size_t processThreads() {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++count;
  return count;
}

}  // namespace

TEST_CASE("Threads lowered releases the helper threads beyond it at once", "[session][options]") {
  LiveProbe probe;
  probe.say("setoption name Threads value 8");
  probe.say("go depth 4");
  probe.bestMove();
  const std::size_t withEight = processThreads();
  probe.say("setoption name Threads value 1");
  CHECK(processThreads() == withEight - 7);  // no search needed for them to go
  probe.say("setoption name Threads value 3");
  const std::size_t from = probe.count();
  probe.say("go depth 4");
  probe.bestMove(from);
  CHECK(processThreads() == withEight - 5);
}

TEST_CASE("stop with 256 threads: one bestmove, then Threads 1 leaves only the search thread",
          "[session][options][threads]") {
  LiveProbe probe;
  const std::size_t idle = processThreads();  // this process's, and the session's search thread
  CHECK(probe.say("setoption name Threads value 256").empty());
  for (int search = 1; search <= 2; ++search) {
    INFO("search " << search);
    const std::size_t from = probe.count();
    CHECK(probe.say("go infinite").empty());
    // The first iteration line: depth 1, or deeper when a helper completed a deeper iteration
    // before the main thread had its turn (the main thread reports that one instead).
    REQUIRE(probe.waitFor("info depth \\d+ .*", from));
    CHECK(processThreads() == idle + 255);  // the Lazy SMP helpers
    CHECK(probe.say("stop").empty());
    // stop returns with the bestmove written, exactly once.
    CHECK(probe.countMatching("bestmove .*", from) == 1);
    CHECK(probe.say("isready") == Lines{"readyok"});
    CHECK(probe.countMatching("bestmove .*", from) == 1);
  }
  CHECK(probe.say("setoption name Threads value 1").empty());
  CHECK(processThreads() == idle);
  const std::size_t from = probe.count();
  probe.say("go depth 3");
  probe.bestMove(from);
  CHECK(processThreads() == idle);
}

TEST_CASE("Hash: a large table is taken at once and costs memory only as it fills",
          "[session][options][hash]") {
  LiveProbe probe;
  const long before = residentMb();
  REQUIRE(before > 0);
  CHECK(probe.say("setoption name Hash value 4096").empty());
  CHECK(probe.session().options().value("Hash") == 4096);
  CHECK(residentMb() - before < 1024);  // not 4 GB written before the answer
  // A small search: it touches a few of the table's pages (2 MB each: huge pages), and finds
  // them there. (At depth 6 it touched some 400 of them: the kernel zeroing 800 MB, which took
  // longer than the wait for its bestmove under ASan on a loaded machine.)
  probe.say("go depth 2");
  CHECK_FALSE(probe.bestMove().empty());
  CHECK(residentMb() - before < 1024);  // it costs only what it touched
  CHECK(probe.say("ucinewgame").empty());
  CHECK(residentMb() - before < 1024);  // cleared by handing the pages back
  CHECK(probe.say("setoption name Hash value 16").empty());
  CHECK(residentMb() - before < 1024);
}

TEST_CASE("Hash: more than this machine can hold is refused, naming the limit",
          "[session][options][hash]") {
  const std::size_t limit = damiera::maxHashMbOfThisMachine();
  if (limit >= damiera::kMaxHashMb) return;  // a machine that holds every size the option has
  LiveProbe probe;
  const std::string wanted = std::to_string(limit + 1);
  CHECK(probe.say("setoption name Hash value " + wanted) ==
        Lines{"error Hash " + wanted + " (MB) is more than this machine can hold: at most " +
              std::to_string(limit) + "; it stays 64"});
  CHECK(probe.session().options().value("Hash") == 64);
  probe.say("go depth 3");  // still a table to search with
  CHECK_FALSE(probe.bestMove().empty());
}

namespace {

// A host's pacer that notes how many threads this process has as a perft starts (begin, on
// the job's thread, just before the counting) and when it is first asked to poll: by then a
// perft with threads has started all of them (its coordinator polls only once they run), and
// a perft of depth 20 is far from done, so none has ended.
struct ThreadCountingPacer final : damiera::SearchPacer {
  std::mutex mutex;
  std::condition_variable polled;
  std::optional<std::size_t> atBegin, atFirstPoll;

  void begin(const GiveUp&) override {
    std::lock_guard lock(mutex);
    atBegin = processThreads();
  }
  void poll(const GiveUp&) override {
    {
      std::lock_guard lock(mutex);
      if (atFirstPoll) return;
      atFirstPoll = processThreads();
    }
    polled.notify_all();
  }
  void urgent(const GiveUp&) override {}
  void end() override {}

  // Threads the perft started beside its own, once it polled.
  std::optional<std::size_t> threadsStarted() {
    std::unique_lock lock(mutex);
    if (!polled.wait_for(lock, kGenerous, [this] { return atFirstPoll.has_value(); }))
      return std::nullopt;
    return *atFirstPoll - *atBegin;
  }
};

// A host with that pacer for every job and, when `threadCap` > 0, a cap on search threads.
damiera::SessionEnvironment countingHost(const std::shared_ptr<ThreadCountingPacer>& pacer,
                                         int threadCap) {
  damiera::SessionEnvironment environment;
  environment.search.pacer = [pacer](const auto&, auto) { return pacer; };
  if (threadCap > 0)
    environment.search.capSearch = [threadCap](damiera::SearchLimits&,
                                               damiera::SearchOptions& options) {
      options.threads = std::min(options.threads, threadCap);
    };
  return environment;
}

}  // namespace

TEST_CASE("perft threads <N> counts on N threads, or on the host's cap of search threads",
          "[session][perft]") {
  for (const int cap : {0, 1, 2}) {
    INFO("cap " << cap);
    const auto pacer = std::make_shared<ThreadCountingPacer>();
    LiveProbe probe(countingHost(pacer, cap));
    CHECK(probe.say("perft 20 unique hash 4 threads 4").empty());
    // One thread counts on the job's own thread; N threads are N new ones.
    const std::size_t expected = cap == 1 ? 0 : cap == 2 ? 2 : 4;
    CHECK(pacer->threadsStarted() == expected);
    const Lines stopped = probe.say("stop");
    REQUIRE(stopped.size() == 1);
    CHECK(std::regex_match(stopped[0], std::regex("perft 20 stopped nodes 0 time \\d+ nps \\d+")));
    // Capped or not, the counts are exact.
    const Lines done = probe.sayAndFinish("perft 5 threads 3 hash 1");
    REQUIRE(done.size() == 8);
    CHECK(std::regex_match(done[7], std::regex("perft 5 nodes 7361 time \\d+ nps \\d+")));
  }
}

TEST_CASE("perft hash: more than the machine or the host allows is one error, nothing changed",
          "[session][perft][hash]") {
  const auto checkRefused = [](LiveProbe& probe, std::size_t megabytes, const std::string& error) {
    probe.say("position startpos moves 22-18");
    const std::string fen = probe.fen();
    CHECK(probe.say("perft 3 hash " + std::to_string(megabytes) + " threads 2") == Lines{error});
    CHECK(probe.fen() == fen);
    // Not busy, and the next perft counts as ever.
    const Lines done = probe.sayAndFinish("perft 2 hash 1 threads 2");
    REQUIRE(done.size() == 8);
    CHECK(std::regex_match(done[7], std::regex("perft 2 nodes 40 time \\d+ nps \\d+")));
  };
  SECTION("the machine") {
    const std::size_t limit = damiera::maxHashMbOfThisMachine();
    if (limit >= damiera::kMaxPerftHashMb) return;  // a machine that holds every size perft has
    LiveProbe probe;
    checkRefused(probe, limit + 1,
                 "error perft: hash " + std::to_string(limit + 1) +
                     " (MB) is more than this machine can hold: at most " + std::to_string(limit));
  }
  SECTION("a host's limit (a server: its --hash)") {
    damiera::SessionEnvironment environment;
    environment.maxPerftHashMb = 8;
    LiveProbe probe(environment);
    checkRefused(probe, 9, "error perft: hash 9 (MB) is more than this server allows: at most 8");
    const Lines done = probe.sayAndFinish("perft 2 hash 8");
    REQUIRE(done.size() == 8);
    CHECK(std::regex_match(done[7], std::regex("perft 2 nodes 40 time \\d+ nps \\d+")));
  }
}

TEST_CASE("one legal move on the clock: one info line (depth 1, score, pv), then the bestmove",
          "[session][go]") {
  LiveProbe probe;
  // White's only move is 21-17 (a man at the edge, the other squares taken or off the board).
  const char* fen = "W:W21:B18,14";
  REQUIRE(probe.say(std::string("position fen ") + fen).empty());
  const damiera::Position root = positionOf(fen);
  REQUIRE(damiera::generatePathMoves(root).size() == 1);
  for (const char* go : {"go movetime 100000", "go wtime 100000 btime 100000"}) {
    INFO(go);
    const std::size_t from = probe.count();
    probe.say(go);
    // Answered without thinking: well before the time given (this waits, it does not time).
    const std::string best = probe.bestMove(from);
    checkBestMove(best, root);
    const std::vector<Info> infos = infosFrom(probe, from);
    REQUIRE(infos.size() == 1);
    CHECK(infos[0].numbers.at("depth") == 1);
    CHECK(infos[0].pv.front() == words(best)[1]);
    CHECK(isLegalLine(root, infos[0].pv));
    if (infos[0].pv.size() >= 2) CHECK(words(best).size() == 4);  // the ponder move, known
  }
  // Pondering on the only move: the info at once, the bestmove only after the ponderhit.
  const std::size_t from = probe.count();
  probe.say("go ponder wtime 100000 btime 100000");
  REQUIRE(probe.waitFor("info depth 1 .*", from));
  CHECK(probe.countMatching("bestmove .*", from) == 0);
  probe.say("ponderhit");
  checkBestMove(probe.bestMove(from), root);
}

TEST_CASE("a long search says what it is doing: currmove and, about once a second, statistics",
          "[session][go][heavy]") {
  LiveProbe probe;
  probe.say("go infinite");
  // The start position's iterations soon take over a second each: both kinds of line come
  // (waited for, with a timeout generous enough for a loaded sanitizer build).
  const auto currentMove = probe.waitFor("info depth \\d+ currmove .*", 0, 120s);
  const auto statistics = probe.waitFor("info nodes .*", 0, 120s);
  probe.say("stop");
  checkBestMove(probe.bestMove(), kStart);
  REQUIRE(currentMove);
  REQUIRE(statistics);
  const std::string move = probe.line(*currentMove);
  INFO(move);
  CHECK(std::regex_match(move, kCurrentMoveLine));
  const std::vector<std::string> w = words(move);
  CHECK(isLegalLine(kStart, {w[4]}));
  const long long number = std::stoll(w[6]);
  CHECK(number >= 1);
  CHECK(number <= 7);  // the start position's moves
  CHECK(std::regex_match(probe.line(*statistics), kStatisticsLine));
  // Never more than one statistics line per second: its time field grows by at least that.
  long long previous = -1000;
  for (const std::string& l : probe.linesFrom(0))
    if (startsWith(l, "info nodes ")) {
      const long long time = std::stoll(words(l)[6]);
      CHECK(time - previous >= 1000);
      previous = time;
    }
}

TEST_CASE("Skill Level: a shallower search and a choice among the better lines, shown as asked",
          "[session][go][skill]") {
  LiveProbe probe;
  CHECK(probe.say("setoption name Skill Level value 0").empty());
  for (int game = 0; game < 5; ++game) {
    const std::size_t from = probe.count();
    probe.say("go depth 12");
    const std::string best = probe.bestMove(from);
    checkBestMove(best, kStart);
    const std::vector<Info> infos = infosFrom(probe, from);
    REQUIRE(!infos.empty());
    for (const Info& info : infos) {
      CHECK(info.numbers.at("depth") <= damiera::skillDepthLimit(0));
      CHECK_FALSE(info.numbers.count("multipv"));  // MultiPV 1: the extra lines are not shown
    }
  }
  // UCI_LimitStrength with the lowest UCI_Elo plays level 0 too; off again, full depth.
  CHECK(probe.say("setoption name Skill Level value 20").empty());
  CHECK(probe.say("setoption name UCI_LimitStrength value true").empty());
  CHECK(probe.say("setoption name UCI_Elo value " + std::to_string(damiera::kMinSkillElo)).empty());
  CHECK(probe.session().playingLevel() == 0);
  std::size_t from = probe.count();
  probe.say("go depth 6");
  probe.bestMove(from);
  CHECK(infosFrom(probe, from).back().numbers.at("depth") == damiera::skillDepthLimit(0));
  CHECK(probe.say("setoption name UCI_LimitStrength value false").empty());
  from = probe.count();
  probe.say("go depth 6");
  probe.bestMove(from);
  CHECK(infosFrom(probe, from).back().numbers.at("depth") == 6);
}

TEST_CASE("UCI_Variant: italian is accepted, anything else is one error", "[session][options]") {
  LiveProbe probe;
  CHECK(probe.say("setoption name UCI_Variant value italian").empty());
  CHECK(probe.say("setoption name uci_variant value Italian").empty());
  CHECK(probe.say("setoption name UCI_Variant value english") ==
        Lines{"error bad value 'english' for option UCI_Variant (italian)"});
  CHECK(probe.say("setoption name UCI_Variant") ==
        Lines{"error option UCI_Variant needs a value (italian)"});
}
