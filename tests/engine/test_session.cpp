// Session through its sink: what each command replies and what it does to the game.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "engine/session.h"
#include "protocol/reply.h"
#include "search/eval_weights.h"
#include "search/tt.h"
#include "tests/common/session_probe.h"

using damiera::Session;

namespace {

using Probe = damiera::test::SessionProbe;

using Lines = std::vector<std::string>;

bool isOneErrorLine(const Lines& replies) {
  return replies.size() == 1 && replies[0].rfind("error ", 0) == 0;
}

}  // namespace

TEST_CASE("uci names the engine, declares the options and ends with uciok", "[session]") {
  Probe probe;
  const Lines replies = probe.say("uci");
  REQUIRE(replies.size() == 23);
  CHECK(replies[0].rfind("id name Damiera ", 0) == 0);
  CHECK(replies[1].rfind("id author ", 0) == 0);
  CHECK(Lines(replies.begin() + 2, replies.end()) ==
        Lines{"option name Hash type spin default 64 min 1 max 65536",
              "option name Threads type spin default 1 min 1 max 256",
              "option name MultiPV type spin default 1 min 1 max 64",
              "option name Ponder type check default false",
              "option name Move Overhead type spin default 30 min 0 max 5000",
              "option name NoProgressMoves type spin default 40 min 1 max 1000",
              "option name EGDBPath type string default <empty>",
              "option name EGDBPieces type spin default 6 min 0 max 9",
              "option name EGDBCache type spin default 64 min 1 max 65536",
              "option name EvalFile type string default <empty>",
              "option name OwnBook type check default true",
              "option name BookFile type string default <empty>",
              "option name BookVariety type spin default 0 min 0 max 100",
              "option name BookDepth type spin default 100 min 0 max 1000",
              "option name Contempt type spin default 0 min -100 max 100",
              "option name Skill Level type spin default 20 min 0 max 20",
              "option name UCI_LimitStrength type check default false",
              "option name UCI_Elo type spin default 2333 min 1000 max 2333",
              "option name Level type combo default off var off var easy var medium var hard var 0 "
              "var 1 var 2 var 3 var 4 var 5 var 6 var 7 var 8 var 9 var 10 var 11 var 12 var 13 "
              "var 14 var 15 var 16 var 17 var 18 var 19 var 20",
              "option name UCI_Variant type combo default italian var italian",
              "uciok"});
}

namespace {

namespace fs = std::filesystem;

// A folder of this process's own holding a weights file that only doubles the tempo term (the
// start position's total shows which weights are used); removed with the object, also when a
// REQUIRE ends the test.
struct DoubledTempoWeights {
  DoubledTempoWeights() {
    fs::create_directories(dir);
    damiera::EvalWeights doubled = damiera::embeddedEvalWeights();
    for (auto& phase : doubled.terms) phase[damiera::kTermTempo] *= 2;
    damiera::saveEvalWeights(doubled, path);
  }
  ~DoubledTempoWeights() { fs::remove_all(dir); }
  DoubledTempoWeights(const DoubledTempoWeights&) = delete;
  DoubledTempoWeights& operator=(const DoubledTempoWeights&) = delete;

  const fs::path dir =
      fs::temp_directory_path() / ("damiera-evalfile-" + std::to_string(::getpid()));
  const std::string path = (dir / "doubled.weights").string();
};

// The node count of the last info line before the bestmove of `go depth <depth>`.
std::uint64_t nodesToDepth(Probe& probe, int depth) {
  const Lines replies = probe.say("go depth " + std::to_string(depth));
  REQUIRE(replies.size() >= 2);
  const std::string& last = replies[replies.size() - 2];
  const std::size_t at = last.find(" nodes ");
  REQUIRE(at != std::string::npos);
  return std::stoull(last.substr(at + 7));
}

}  // namespace

TEST_CASE("setoption EvalFile loads weights, and a bad file is refused and changes nothing",
          "[session][eval]") {
  const DoubledTempoWeights file;
  const fs::path& dir = file.dir;
  const std::string& good = file.path;
  const std::string bad = (dir / "bad.weights").string();
  std::ofstream(bad) << "not weights";

  Probe probe;
  const std::string embedded = probe.say("eval").back();
  CHECK(probe.say("setoption name EvalFile value " + good).empty());
  const std::string loaded = probe.say("eval").back();
  CHECK(loaded != embedded);
  for (const std::string& path : {bad, (dir / "missing.weights").string()}) {
    const Lines refused = probe.say("setoption name EvalFile value " + path);
    INFO(path);
    REQUIRE(isOneErrorLine(refused));
    CHECK(refused[0].find(path) != std::string::npos);
    CHECK(probe.say("eval").back() == loaded);  // still the file loaded before
  }
  CHECK(probe.say("setoption name EvalFile value <empty>").empty());
  CHECK(probe.say("eval").back() == embedded);
}

TEST_CASE(
    "A host whose clients may not name files refuses EvalFile and EGDBPath but <empty> "
    "and the defaults",
    "[session][eval]") {
  const DoubledTempoWeights file;
  const std::string& weights = file.path;
  // The operator's database folder (here one that holds no database: a bad default just means
  // none) is a default a client may set again, as GUIs send every option they were shown.
  const std::string operatorsFolder = file.dir.string();
  ::setenv("DAMIERA_EGDB", operatorsFolder.c_str(), 1);
  damiera::SessionEnvironment server;
  server.clientNamesFiles = false;
  Probe probe(server);
  ::unsetenv("DAMIERA_EGDB");
  const std::string embedded = probe.say("eval").back();

  const Lines evalFile = probe.say("setoption name EvalFile value " + weights);
  REQUIRE(isOneErrorLine(evalFile));  // the path quoted (shortened: it is long)
  CHECK(evalFile[0].starts_with("error EvalFile '"));
  CHECK(evalFile[0].ends_with(
      "': this server opens no file or folder a client names (allowed: <empty>)"));
  CHECK(probe.say("eval").back() == embedded);  // nothing loaded
  CHECK(probe.say("setoption name EvalFile value <empty>").empty());

  const Lines database = probe.say("setoption name EGDBPath value /tmp");
  CHECK(database == Lines{"error EGDBPath '/tmp': this server opens no file or folder a client "
                          "names (allowed: <empty> or " +
                          operatorsFolder + ")"});
  const Lines again = probe.say("setoption name EGDBPath value " + operatorsFolder);
  for (const std::string& line : again)  // the folder itself is refused: it holds no database
    CHECK(line.find("client names") == std::string::npos);
  CHECK(probe.say("setoption name EGDBPath value <empty>").empty());

  Probe local;  // on stdin the client is the machine's user: the file is loaded
  CHECK(local.say("setoption name EvalFile value " + weights).empty());
  CHECK(local.say("eval").back() != embedded);
}

TEST_CASE(
    "A host's evaluation folder: its clients choose its files by name, and reach nothing else",
    "[session][eval]") {
  const DoubledTempoWeights file;  // doubled.weights in its folder
  std::ofstream(file.dir / "broken.weights") << "not weights";
  std::ofstream(file.dir / ".hidden") << "an editor's backup";  // not offered
  fs::create_directories(file.dir / "sub");
  damiera::SessionEnvironment server;
  server.clientNamesFiles = false;
  server.evalFolder = file.dir.string();
  Probe probe(server);
  const std::string embedded = probe.say("eval").back();

  CHECK(probe.say("setoption name EvalFile value doubled.weights").empty());
  const std::string doubled = probe.say("eval").back();
  CHECK(doubled != embedded);
  const std::string allowed =
      ": not a file of this server's evaluation folder (allowed: <empty>, 'broken.weights', "
      "'doubled.weights')";
  for (const std::string& name :
       {std::string("missing.weights"), std::string("sub"), std::string(".."),
        std::string("sub/../doubled.weights"), std::string("./doubled.weights"),
        std::string("C:doubled.weights"), std::string(".hidden"), file.path}) {
    INFO(name);
    const Lines refused = probe.say("setoption name EvalFile value " + name);
    REQUIRE(isOneErrorLine(refused));
    CHECK(refused[0].ends_with(allowed));
    CHECK(probe.say("eval").back() == doubled);  // unchanged
  }
  // A file of the folder that is no weights file: refused by name, the folder not shown.
  const Lines broken = probe.say("setoption name EvalFile value broken.weights");
  REQUIRE(isOneErrorLine(broken));
  CHECK(broken[0].starts_with("error EvalFile 'broken.weights': not an evaluation weights file"));
  CHECK(broken[0].find(file.dir.string()) == std::string::npos);
  CHECK(probe.say("eval").back() == doubled);
  CHECK(probe.say("setoption name EvalFile value <empty>").empty());
  CHECK(probe.say("eval").back() == embedded);
}

TEST_CASE(
    "Sessions sharing a table (a server's) with different EvalFiles read none of each "
    "other's entries",
    "[session][eval]") {
  // Their scores and static evaluations mean different things. One thread each: node counts
  // are exact, and a single entry read from the other session's search changes them.
  const DoubledTempoWeights file;
  const std::string& doubled = file.path;
  damiera::SessionEnvironment server;
  server.search.table = std::make_shared<damiera::TranspositionTable>(64);
  server.search.tableShared = true;

  Probe alone;  // a table of its own
  const std::uint64_t aloneNodes = nodesToDepth(alone, 8);

  Probe other(server);
  REQUIRE(other.say("setoption name EvalFile value " + doubled).empty());
  nodesToDepth(other, 10);
  Probe embedded(server);
  CHECK(nodesToDepth(embedded, 8) == aloneNodes);
  // Sessions with the same evaluation do share: the next one finds the entries of the last.
  Probe next(server);
  CHECK(nodesToDepth(next, 8) < aloneNodes);
}

TEST_CASE("isready, ucinewgame, quit and blank lines", "[session]") {
  Probe probe;
  CHECK(probe.say("isready") == Lines{"readyok"});
  CHECK(probe.say("").empty());
  CHECK(probe.say(" \t \r").empty());
  CHECK(probe.say("position startpos moves 21-17").empty());
  CHECK(probe.say("ucinewgame").empty());
  CHECK(probe.fen() == damiera::kStartFen);
  CHECK(probe.session().game().moves().empty());
  CHECK(probe.lastFlow() == Session::Flow::Continue);
  CHECK(probe.say("quit").empty());
  CHECK(probe.lastFlow() == Session::Flow::Quit);
}

TEST_CASE("position plays the moves and keeps the history", "[session]") {
  Probe probe;
  CHECK(probe.say("position startpos moves 22-19 10-14 19x10 5x14").empty());
  CHECK(probe.session().game().moves().size() == 4);
  CHECK(probe.session().game().keys().size() == 5);
  CHECK(probe.say("position fen B:W21, 22 :B 1,K5 moves 5-9").empty());
  CHECK(probe.fen() == "W:W21,22:B1,K9");
}

TEST_CASE("a rejected position leaves the game exactly as it was", "[session]") {
  Probe probe;
  REQUIRE(probe.say("position startpos moves 21-17 9-13").empty());
  const std::string fenBefore = probe.fen();

  const Lines illegal = probe.say("position startpos moves 21-17 10-14 17-12");
  REQUIRE(isOneErrorLine(illegal));
  CHECK(illegal[0].rfind("error illegal move 3 '17-12': ", 0) == 0);

  const Lines badFen = probe.say("position fen W:W33:B1");
  REQUIRE(isOneErrorLine(badFen));
  CHECK(badFen[0].rfind("error invalid fen: ", 0) == 0);

  CHECK(isOneErrorLine(probe.say("position")));
  CHECK(isOneErrorLine(probe.say("position fen")));
  CHECK(isOneErrorLine(probe.say("position startpos 21-17")));
  CHECK(probe.fen() == fenBefore);
  CHECK(probe.session().game().moves().size() == 2);
}

TEST_CASE("legalmoves lists every path in order, or nothing", "[session]") {
  Probe probe;
  CHECK(probe.say("legalmoves") == Lines{"legalmoves 21-17 21-18 22-18 22-19 23-19 23-20 24-20"});
  probe.say("position fen W:WK22:B10,11,18,19");
  CHECK(probe.say("legalmoves") == Lines{"legalmoves 22x13x6x15x22 22x15x6x13x22"});
  probe.say("position fen W:W5:B1,2");
  CHECK(probe.say("legalmoves") == Lines{"legalmoves"});
}

TEST_CASE("setoption NoProgressMoves sets the game's limit in plies, now and later", "[session]") {
  Probe probe;
  CHECK(probe.session().game().noProgressLimitPlies() == 80);
  CHECK(probe.say("setoption name noprogressmoves value 2").empty());
  CHECK(probe.session().game().noProgressLimitPlies() == 4);
  probe.say("position startpos");
  CHECK(probe.session().game().noProgressLimitPlies() == 4);
  probe.say("ucinewgame");
  CHECK(probe.session().game().noProgressLimitPlies() == 4);

  for (const char* bad :
       {"setoption name NoProgressMoves value 0", "setoption name NoProgressMoves value 1001",
        "setoption name NoProgressMoves value 3x", "setoption name NoProgressMoves",
        "setoption name Style value 16", "setoption NoProgressMoves 3", "setoption name value 3"}) {
    INFO(bad);
    CHECK(isOneErrorLine(probe.say(bad)));
    CHECK(probe.session().game().noProgressLimitPlies() == 4);
  }
}

TEST_CASE("result names the outcome and its reason", "[session]") {
  Probe probe;
  CHECK(probe.say("result") == Lines{"result * ongoing"});
  probe.say("position fen W:W22:B18 moves 22x13");
  CHECK(probe.say("result") == Lines{"result 1-0 no-pieces"});
  probe.say("position fen W:W5:B1,2");
  CHECK(probe.say("result") == Lines{"result 0-1 no-moves"});
  probe.say("position fen W:WK29:BK4 moves 29-25 4-8 25-29 8-4 29-25 4-8 25-29 8-4");
  CHECK(probe.say("result") == Lines{"result 1/2-1/2 repetition"});
  probe.say("setoption name NoProgressMoves value 2");
  probe.say("position fen W:WK29:BK4 moves 29-25 4-8 25-21 8-12");
  CHECK(probe.say("result") == Lines{"result 1/2-1/2 no-progress"});
}

TEST_CASE("perft divides by root move and totals", "[session]") {
  Probe probe;
  const Lines replies = probe.say("perft 3");
  REQUIRE(replies.size() == 8);
  CHECK(replies[0].rfind("21-17 ", 0) == 0);
  CHECK(replies[7].rfind("perft 3 nodes 302 time ", 0) == 0);

  probe.say("position fen W:WK22:B10,11,18,19");
  CHECK(probe.say("perft 1")[2].rfind("perft 1 nodes 2 ", 0) == 0);
  const Lines unique = probe.say("perft 1 unique");
  REQUIRE(unique.size() == 2);
  CHECK(unique[0] == "22x13x6x15x22 1");
  CHECK(unique[1].rfind("perft 1 nodes 1 ", 0) == 0);

  for (const char* bad : {"perft", "perft 0", "perft 21", "perft -1", "perft x", "perft 2 all",
                          "perft 2 unique more"}) {
    INFO(bad);
    CHECK(isOneErrorLine(probe.say(bad)));
  }
}

TEST_CASE("d draws the board then gives the FEN and the key", "[session]") {
  Probe probe;
  const Lines replies = probe.say("d");
  REQUIRE(replies.size() >= 3);
  CHECK(replies[replies.size() - 2] == "fen " + std::string(damiera::kStartFen));
  CHECK(replies.back() == damiera::protocol::keyLine(probe.session().game().position().key()));
  CHECK(replies[1] == "8   b     b     b     b        8   1     2     3     4");
}

TEST_CASE("anything else is one error line and changes nothing", "[session]") {
  Probe probe;
  probe.say("position startpos moves 23-19");
  const std::string fenBefore = probe.fen();
  CHECK(probe.say("Go") == Lines{"error unknown command 'Go'"});
  CHECK(probe.say("go depth -1") == Lines{"error go: depth must be an integer 1..1000, got '-1'"});
  CHECK(probe.say("UCI") == Lines{"error unknown command 'UCI'"});
  CHECK(probe.say("isready now") == Lines{"error isready takes no arguments, got 'now'"});
  const Lines huge = probe.say(std::string(5000, 'z'));
  REQUIRE(isOneErrorLine(huge));
  CHECK(huge[0].size() < 100);
  CHECK(probe.say(std::string("\x01\xff", 2)) == Lines{"error unknown command '\\x01\\xff'"});
  CHECK(probe.fen() == fenBefore);
  CHECK(probe.lastFlow() == Session::Flow::Continue);
}
