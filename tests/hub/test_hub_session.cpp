// HubSession: the Hub dialect over the native Session (engine/hub_session.h), driven in this
// process line by line, and the Hub transcripts (tests/hub_transcripts/*.txt, the examples of
// PROTOCOL.md's Hub section) replayed against it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <regex>
#include <string>
#include <vector>

#include "core/position.h"
#include "engine/hub_session.h"
#include "protocol/hub_notation.h"
#include "protocol/hub_reply.h"
#include "protocol/hub_syntax.h"
#include "tests/kit/hub_transcript.h"

using namespace damiera;
namespace fs = std::filesystem;
namespace hub = damiera::protocol::hub;
namespace transcript = damiera::testing::hub;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;

// Collects a session's output (from any thread) and waits for lines.
class Output {
 public:
  void add(std::string_view line) {
    {
      const std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    }
    changed_.notify_all();
  }

  // Waits for the first line starting with prefix after the first `from` lines; its index.
  std::size_t waitFor(std::string_view prefix, std::size_t from = 0) {
    std::unique_lock lock(mutex_);
    std::size_t found = 0;
    const bool ok = changed_.wait_for(lock, std::chrono::seconds(20), [&] {
      for (std::size_t i = from; i < lines_.size(); ++i)
        if (lines_[i].starts_with(prefix)) {
          found = i;
          return true;
        }
      return false;
    });
    INFO("waiting for " << prefix);
    REQUIRE(ok);
    return found;
  }

  std::vector<std::string> lines() {
    const std::lock_guard lock(mutex_);
    return lines_;
  }

  std::size_t count(std::string_view prefix) {
    const std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count_if(
        lines_.begin(), lines_.end(), [&](const std::string& l) { return l.starts_with(prefix); }));
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
};

struct Fixture {
  Output output;
  HubSession session{[this](std::string_view line) { output.add(line); }};

  SessionFlow send(std::string_view line) { return session.handleLine(line); }
};

// The value of name=... in a Hub line.
std::string valueOf(const std::string& line, std::string_view name) {
  const Parsed<hub::Line> parsed = hub::parseLine(line);
  REQUIRE(parsed);
  const hub::Argument* argument = parsed.value->find(name);
  return argument && argument->value ? *argument->value : std::string();
}

void checkTranscript(const std::string& name, const std::string& text,
                     const transcript::EngineFactory& engine) {
  INFO(name);
  const std::vector<transcript::Entry> entries = transcript::parseTranscript(text);
  REQUIRE_FALSE(entries.empty());
  const std::string difference = transcript::replay(entries, engine);
  INFO(difference);
  CHECK(difference.empty());
}

std::vector<fs::path> transcriptFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSourceDir + "/tests/hub_transcripts"))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("Hub session: hub declares the engine, the variant and every option", "[hub][session]") {
  Fixture f;
  f.send("hub");
  const std::vector<std::string> lines = f.output.lines();
  REQUIRE(lines.size() == 2 + hubParams().size() + 1);
  CHECK(lines.front().starts_with("id name=Damiera version="));
  CHECK(lines[1] == "param name=variant value=italian type=enum values=\"italian\"");
  for (std::size_t i = 0; i < hubParams().size(); ++i)
    CHECK(valueOf(lines[2 + i], "name") == hubParams()[i].hubName);
  CHECK(lines.back() == "wait");
}

TEST_CASE("Hub session: a timed think gives info lines and exactly one legal done",
          "[hub][session]") {
  Fixture f;
  f.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
  f.send("level time=0.5 inc=0.01");
  f.send("go think");
  const std::size_t done = f.output.waitFor("done");
  const std::vector<std::string> lines = f.output.lines();
  for (std::size_t i = 0; i < done; ++i) CHECK(lines[i].starts_with("info depth="));
  CHECK(done >= 1);

  // The move is legal for Black in the start position, in Hub notation.
  const Position start = *hub::parsePosition("Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").value;
  const std::string move = valueOf(lines[done], "move");
  INFO(lines[done]);
  CHECK(hub::parseMove(start, move));
  // The pv of the last info starts with a legal move too, and its moves follow each other.
  const std::string pv = valueOf(lines[done - 1], "pv");
  Position pos = start;
  std::size_t at = 0;
  while (at < pv.size()) {
    const std::size_t end = std::min(pv.find(' ', at), pv.size());
    const Parsed<PathMove> m = hub::parseMove(pos, pv.substr(at, end - at));
    INFO(pv);
    REQUIRE(m);
    pos = pos.after(m.value->move);
    at = end + 1;
  }
  // Nothing more comes: one done per go.
  f.send("ping");
  f.output.waitFor("pong");
  CHECK(f.output.count("done") == 1);
}

TEST_CASE("Hub session: ping is answered during a search, stop still gives a done",
          "[hub][session]") {
  Fixture f;
  f.send("pos start");
  f.send("level infinite");
  f.send("go think");
  f.output.waitFor("info depth=1 ");
  f.send("ping");
  const std::size_t pong = f.output.waitFor("pong");
  CHECK(f.output.count("done") == 0);  // still searching: infinite waits for stop
  f.send("stop");                      // returns once the done is written
  CHECK(f.output.count("done") == 1);
  CHECK(f.output.waitFor("done") > pong);
  f.send("stop");  // nothing is searching: nothing happens
  f.send("ponder-hit");
  f.send("ping");
  f.output.waitFor("pong", f.output.waitFor("done"));
  CHECK(f.output.count("done") == 1);
}

TEST_CASE("Hub session: a go without any level limit thinks for the default move time",
          "[hub][session][heavy]") {
  // Before: a bare go (go think, go fast) searched until stop. Now it ends by itself, on the
  // default move time, with no stop sent; the done comes after at most a few iterations' info.
  for (const char* go : {"go", "go think", "go fast"}) {
    INFO(go);
    Fixture f;
    f.send("pos start");
    f.send(go);
    f.output.waitFor("done move=");
    CHECK(f.output.count("done") == 1);
  }
  // A level with only inc or moves is no limit either.
  Fixture f;
  f.send("pos start");
  f.send("level inc=0.01 moves=40");
  f.send("go think");
  f.output.waitFor("done move=");
}

TEST_CASE("Hub session: a finished game takes no move and a go answers a bare done",
          "[hub][session]") {
  Fixture f;
  // Kings shuffling: the start position of this pos comes a third time (R14).
  const std::string drawn = "pos pos=WeeeB" + std::string(24, 'e') +
                            "Weee moves=\"29-25 4-8 25-29 8-4 "
                            "29-25 4-8 25-29 8-4\"";
  f.send(drawn);
  CHECK(f.output.lines().empty());
  f.send(drawn.substr(0, drawn.size() - 1) + " 29-25\"");
  CHECK(f.output.lines() ==
        std::vector<std::string>{"error message=\"pos: illegal move 9 '29-25': the game is over "
                                 "(1/2-1/2 repetition, R14)\" refusal=game-over "
                                 "outcome=1/2-1/2 reason=repetition rule=R14"});
  f.send("level depth=3");
  f.send("go think");
  f.output.waitFor("done");
  CHECK(f.output.lines().back() == "done");
}

TEST_CASE("Hub session: go ponder waits for ponder-hit, then plays on its clock",
          "[hub][session]") {
  Fixture f;
  f.send("pos start moves=\"21-17 10-14\"");
  f.send("level move-time=0.05");
  f.send("go ponder");
  f.output.waitFor("info depth=2 ");
  CHECK(f.output.count("done") == 0);  // a ponder search does not end before ponder-hit
  f.send("ponder-hit");
  f.output.waitFor("done move=");
  CHECK(f.output.count("done") == 1);
}

TEST_CASE("Hub session: new-game, quit, and the session's answers outside a search",
          "[hub][session]") {
  Fixture f;
  f.send("init");
  f.send("new-game");
  CHECK(f.send("  ") == SessionFlow::Continue);
  CHECK(f.send("unknown-command a=1") == SessionFlow::Continue);
  CHECK(f.output.lines() == std::vector<std::string>{"ready"});
  CHECK(f.send("quit") == SessionFlow::Quit);
}

TEST_CASE("Hub replies: scores in men, forced results as Scan writes them", "[hub][reply]") {
  CHECK(hub::scoreInMen(false, 25) == Approx(0.25));
  CHECK(hub::scoreInMen(false, -140) == Approx(-1.40));
  CHECK(hub::scoreInMen(true, 1) == Approx(99.99));    // win in 1 move = 1 ply
  CHECK(hub::scoreInMen(true, 3) == Approx(99.95));    // win in 3 moves = 5 plies
  CHECK(hub::scoreInMen(true, -1) == Approx(-99.98));  // no move left after 2 plies
}

TEST_CASE("Hub replies: info, done and error lines from typed fields", "[hub][reply]") {
  hub::Info info;
  info.depth = 3;
  info.selDepth = 5;
  info.score = -0.25;
  info.nodes = 1234;
  info.seconds = 1.5;
  info.megaNodesPerSecond = 2.5;
  info.pv = {"22-19", "10-14", "19x10x14"};
  CHECK(hub::infoLine(info) ==
        "info depth=3 mean-depth=3.0 sel-depth=5 score=-0.25 nodes=1234 time=1.500 nps=2.50 "
        "pv=\"22-19 10-14 19x10x14\"");
  info = {};
  info.depth = 1;
  info.selDepth = 1;
  info.multiPv = 2;
  info.score = hub::scoreInMen(true, 1);
  info.nodes = 2;
  info.pv = {"22x13x18"};
  CHECK(hub::infoLine(info) ==
        "info depth=1 mean-depth=1.0 sel-depth=1 multi-pv=2 score=99.99 nodes=2 time=0.000 "
        "nps=0.00 pv=22x13x18");
  CHECK(hub::doneLine("22-19", "10-14") == "done move=22-19 ponder=10-14");
  CHECK(hub::doneLine("21-17", "") == "done move=21-17");
  CHECK(hub::doneLine("", "") == "done");
  CHECK(hub::errorLine("busy") == "error message=busy");
  CHECK(hub::errorLine("bad value '0' for option Hash") ==
        "error message=\"bad value '0' for option Hash\"");
}

TEST_CASE("Every Hub transcript replays exactly against a HubSession", "[hub][transcripts]") {
  const std::vector<fs::path> files = transcriptFiles();
  REQUIRE_FALSE(files.empty());
  for (const fs::path& file : files)
    checkTranscript(file.filename().string(), transcript::readFile(file.string()),
                    transcript::inProcessEngine());
}

TEST_CASE("Every Hub transcript replays exactly against `damiera hub`", "[hub][transcripts]") {
  for (const fs::path& file : transcriptFiles())
    checkTranscript(file.filename().string(), transcript::readFile(file.string()),
                    transcript::processEngine(DAMIERA_BINARY, {"hub"}));
}

TEST_CASE("PROTOCOL.md's Hub examples are what the engine says", "[hub][transcripts][docs]") {
  const std::vector<std::string> blocks =
      transcript::transcriptBlocks(transcript::readFile(kSourceDir + "/PROTOCOL.md"));
  REQUIRE_FALSE(blocks.empty());
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const std::string name = "PROTOCOL.md Hub example " + std::to_string(i + 1);
    checkTranscript(name, blocks[i], transcript::inProcessEngine());
    checkTranscript(name + " (damiera hub)", blocks[i],
                    transcript::processEngine(DAMIERA_BINARY, {"hub"}));
  }
}

TEST_CASE("The Hub transcript format rejects what it does not know", "[hub][transcripts]") {
  CHECK_THROWS_AS(transcript::parseTranscript("hello\n"), std::invalid_argument);
  CHECK_THROWS_AS(transcript::parseTranscript("<* \n<x\n"), std::invalid_argument);
  const std::vector<transcript::Entry> entries =
      transcript::parseTranscript("# c\n\n> hub\n< wait\n<~ a+\n<* b\n");
  REQUIRE(entries.size() == 4);
  CHECK(entries[0].kind == transcript::Entry::Kind::Send);
  CHECK(entries[1].kind == transcript::Entry::Kind::Exact);
  CHECK(entries[2].kind == transcript::Entry::Kind::Regex);
  CHECK(entries[3].kind == transcript::Entry::Kind::AnyNumber);
  // A mismatch, a missing line and an extra line are each reported.
  const auto engine = transcript::inProcessEngine();
  CHECK_THAT(transcript::replay(transcript::parseTranscript("> ping\n< pang\n"), engine),
             Catch::Contains("expected: pang"));
  CHECK_THAT(transcript::replay(transcript::parseTranscript("> init\n< ready\n< more\n"), engine),
             Catch::Contains("no output line for transcript line 3"));
  CHECK_THAT(transcript::replay(transcript::parseTranscript("> init\n> ping\n< ready\n"), engine),
             Catch::Contains("unexpected extra output line 2: pong"));
}
