// Engines that break the rules or the protocol lose, with the reason in the PDN, and the match
// goes on; no engine process outlives the runner, even when it is stopped by a signal.
#include <signal.h>

#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "core/pdn.h"
#include "tests/tools/match_support.h"

using namespace damiera;
using namespace damiera::test;

namespace {

struct Fault {
  const char* mode;
  const char* reason;  // in the Termination tag of each game the faulty engine played
};

}  // namespace

TEST_CASE("match: a faulty engine loses every game with the reason, and the match goes on",
          "[match][faults][heavy]") {
  const Fault fault =
      GENERATE(Fault{"illegal", "loses: illegal move '"},
               Fault{"crash", "loses: engine crashed: engine process exited with code 3"},
               Fault{"hang", "loses: no reply, no bestmove within 2000 ms"},
               Fault{"garbage", "loses: unparsable move '?!@#garbage'"},
               Fault{"error", "loses: engine error: 'error this engine refuses"},
               Fault{"none", "loses: bestmove none (no move), but it has legal moves"},
               Fault{"nullmove", "loses: bestmove 0000 (no move), but it has legal moves"});
  INFO("mode " << fault.mode);
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");
  const std::string marker = std::string("6100") + fault.mode;  // the fake's seed
  // Two games: the faulty engine is restarted after its first loss and fails again (after two
  // legal moves each game, so the referee has accepted moves from it first). The timeout is
  // generous so that a loaded machine cannot make the engine's legal moves late.
  const RunResult run =
      runMatch({"--engine", "name=Good", fakeEngine("random", 0, "6199"), "--engine", "name=Bad",
                fakeEngine(fault.mode, 2, marker), "--depth", "1", "--move-timeout", "2000",
                "--games", "2", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  CHECK(run.output.find("Good vs Bad      2     2     0     0  100.0%") != std::string::npos);

  const Parsed<std::vector<PdnGame>> games = readPdn(damiera::test::fileText(pdn));
  REQUIRE(games);
  REQUIRE(games.value->size() == 2);
  for (const PdnGame& g : *games.value) {
    const bool badIsWhite = g.tag("White") == "Bad";
    CHECK(g.result == (badIsWhite ? kPdnBlackWins : kPdnWhiteWins));
    const std::string termination = *g.tag("Termination");
    INFO("termination: " << termination);
    CHECK(termination.rfind(badIsWhite ? "White " : "Black ", 0) == 0);
    CHECK(termination.find(fault.reason) != std::string::npos);
    // The bad engine's two legal moves were accepted (and White's third move, if it was Black).
    CHECK(g.moves.size() == (badIsWhite ? 4u : 5u));
  }
  CHECK(processesLeftWith(marker) == 0);
}

TEST_CASE("match: with a clock, an engine that does not answer loses on time",
          "[match][faults][heavy]") {
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");
  const RunResult run = runMatch({"--engine", "name=Good", fakeEngine("random", 0, "6201"),
                                  "--engine", "name=Slow", fakeEngine("hang", 1, "6202"), "--tc",
                                  "1+0.1", "--margin", "500", "--games", "2", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  const Parsed<std::vector<PdnGame>> games = readPdn(damiera::test::fileText(pdn));
  REQUIRE(games);
  REQUIRE(games.value->size() == 2);
  for (const PdnGame& g : *games.value) {
    // The allowance is what was left on its clock plus the margin.
    CHECK(std::regex_search(*g.tag("Termination"),
                            std::regex(R"(loses: time forfeit, no bestmove within \d+ ms)")));
  }
  CHECK(processesLeftWith("6202") == 0);
}

TEST_CASE("match: SIGTERM stops the match, reports, and leaves no engine behind",
          "[match][faults]") {
  const std::string marker = "6301";
  RunningProgram match({kMatchBinary, "--engine", "name=Good", fakeEngine("random", 0, "6300"),
                        "--engine", "name=Stuck", fakeEngine("hang", 1, marker), "--depth", "1",
                        "--move-timeout", "600000", "--games", "50", "--concurrency", "2"});
  // Stop it once the stuck engine runs: its games wait for a move that never comes.
  REQUIRE(match.readUntil("games per pair"));
  REQUIRE(processesAppearWith(marker));
  kill(match.pid(), SIGTERM);
  const RunResult run = match.finish();
  INFO(run.output);
  CHECK(run.exitCode == 128 + SIGTERM);
  CHECK(run.output.find("Stopped by signal 15") != std::string::npos);
  CHECK(run.output.find("Good vs Stuck") != std::string::npos);  // the table is still printed
  CHECK(processesLeftWith(marker) == 0);
}
