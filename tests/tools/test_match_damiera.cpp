// Two instances of the real engine play a short match (the rest of the runner is tested with
// fake engines).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/pdn.h"
#include "tests/tools/match_support.h"

using namespace damiera;
using namespace damiera::test;

namespace {

// Asks the built damiera for one move: does it implement `go`? The probe waits for the answer
// (bestmove or error) before it says quit, so a slow start cannot look like "no go".
bool damieraSearches() {
  ScratchDir dir;
  const std::string script = dir.file("probe.sh");
  writeFile(script,
            "coproc ENGINE { exec \"$1\"; }\n"
            "printf 'uci\\nposition startpos\\ngo depth 1\\n' >&\"${ENGINE[1]}\"\n"
            "while IFS= read -r -t 30 line <&\"${ENGINE[0]}\"; do\n"
            "  echo \"$line\"\n"
            "  case $line in bestmove*|error*) break ;; esac\n"
            "done\n"
            "echo quit >&\"${ENGINE[1]}\"\n"
            "wait\n");
  const RunResult probe = runProgram({"bash", script, kDamieraBinary});
  return probe.output.find("\nbestmove ") != std::string::npos;
}

}  // namespace

TEST_CASE("match: Damiera against Damiera completes with valid PDN", "[match][damiera]") {
  // The engine answers go; if it does not, this fails here rather than in the match.
  REQUIRE(damieraSearches());
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");
  const RunResult run = runMatch({"--engine", "name=D1", "cmd='" + kDamieraBinary + "'", "--engine",
                                  "name=D2", "cmd='" + kDamieraBinary + "'", "--depth", "2",
                                  "--openings", kSourceDir + "/tools/openings/3ply.txt", "--games",
                                  "4", "--concurrency", "2", "--max-moves", "40", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  CHECK(run.output.find("D1 vs D2      4") != std::string::npos);
  const Parsed<std::vector<PdnGame>> games = readPdn(damiera::test::fileText(pdn));
  INFO(games.error);
  REQUIRE(games);
  REQUIRE(games.value->size() == 4);
  for (const PdnGame& g : *games.value) {
    CHECK(g.result != kPdnUnfinished);
    // Damiera must neither break a rule nor fail: every game ends by the rules (R13..R15) or
    // the move limit that keeps this test short.
    CHECK(g.tag("Termination")->find("loses") == std::string::npos);
  }
}
