// damiera-match's command line: mistakes are refused before any game with exit code 2 and a
// message naming them; the shipped default openings are what their generator makes.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/tools/match_support.h"

using namespace damiera::test;

namespace {

using Args = std::vector<std::string>;

Args join(Args first, const Args& more) {
  first.insert(first.end(), more.begin(), more.end());
  return first;
}

// Two well-formed fake engines, named A and B.
Args twoEngines() {
  return {"--engine", "name=A", fakeEngine("random", 0, "7001"),
          "--engine", "name=B", fakeEngine("random", 0, "7002")};
}

// Runs the runner expecting a usage error (exit code 2) that mentions `expected`.
void checkUsageError(const Args& args, const std::string& expected) {
  const RunResult run = runMatch(args);
  INFO("expected: " << expected << "\noutput: " << run.output);
  CHECK(run.exitCode == 2);
  CHECK(run.output.find(expected) != std::string::npos);
}

}  // namespace

TEST_CASE("match cli: --help lists the options", "[match][cli]") {
  const RunResult run = runMatch({"--help"});
  CHECK(run.exitCode == 0);
  for (const char* option : {"--engine", "--each", "--openings", "--tc", "--movetime", "--depth",
                             "--nodes", "--adjudicate", "--max-moves", "--games", "--rounds",
                             "--concurrency", "--sprt", "--pdn", "--log"})
    CHECK(run.output.find(option) != std::string::npos);
}

TEST_CASE("match cli: usage mistakes are named", "[match][cli]") {
  checkUsageError({"--depth", "1"}, "at least two --engine");
  checkUsageError(twoEngines(), "engine A has no search limit");
  checkUsageError(join(twoEngines(), {"--tc", "fast"}), "invalid time control 'fast'");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--sprt", "elo0=5", "elo1=0"}),
                  "elo1 must be greater");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--games", "-3"}),
                  "--games: expected a positive number");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--adjudicate", "lose=3"}),
                  "--adjudicate: unknown key 'lose'");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--concurrency", "0"}),
                  "--concurrency: expected a positive number");
  const std::string a = fakeEngine("random", 0, "7003");
  const std::string b = fakeEngine("random", 0, "7004");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--shard", "4/3"}),
                  "--shard: expected K/N with 1 <= K <= N, got '4/3'");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--shard", "0/3"}), "--shard: expected K/N");
  checkUsageError(join(twoEngines(), {"--combine", "x.pdn"}), "--combine plays no games");
  checkUsageError({"--combine", "x.pdn", "--sprt", "elo0=5", "elo1=0"}, "elo1 must be greater");
  checkUsageError({"--engine", a, "colour=red", "--engine", b, "--depth", "1"},
                  "unknown key 'colour'");
  checkUsageError({"--engine", a, "--engine", b, "--depth", "1"}, "two engines are named 'bash'");
  checkUsageError({"--engine", "name=X", "--engine", b, "--depth", "1"},
                  "--engine X needs exactly one of cmd=");
}

TEST_CASE("match cli: --combine names a file it cannot read or parse", "[match][cli]") {
  ScratchDir dir;
  RunResult run = runMatch({"--combine", dir.file("missing.pdn")});
  CHECK(run.exitCode == 1);
  CHECK(run.output.find("cannot read '" + dir.file("missing.pdn") + "'") != std::string::npos);
  writeFile(dir.file("bad.pdn"), "[White \"A\"]\n[Black \"B\"]\n\n1. 22-18 99-14 1-0\n");
  run = runMatch({"--combine", dir.file("bad.pdn")});
  CHECK(run.exitCode == 1);
  CHECK(run.output.find(dir.file("bad.pdn") + ": ") != std::string::npos);
}

TEST_CASE("match cli: an engine that cannot start or refuses an option stops the match early",
          "[match][cli]") {
  const Args good = {"--engine", "name=Good", fakeEngine("random", 0, "7005")};
  checkUsageError(join(good, {"--engine", "name=Ghost", "cmd=/nonexistent/engine", "--depth", "1"}),
                  "engine Ghost: cannot run '/nonexistent/engine': No such file or directory");
  checkUsageError(join(good, {"--engine", "name=Picky", fakeEngine("random", 0, "7006"),
                              "option.Hash=64", "--depth", "1"}),
                  "engine Picky: does not offer option 'Hash' (it offers: WhiteScore)");
}

TEST_CASE("match cli: a bad openings file is refused with the line at fault", "[match][cli]") {
  ScratchDir dir;
  const std::string openings = dir.file("openings.txt");
  writeFile(openings, "22-18 11-15\n# fine so far\n22-19 10-14 21-17\n");
  // R6: after 22-19 10-14 White must capture.
  checkUsageError(join(twoEngines(), {"--depth", "1", "--openings", openings}),
                  openings + ":3: move '21-17': 21-17 is not legal: white must capture (R6)");
  checkUsageError(join(twoEngines(), {"--depth", "1", "--openings", dir.file("missing.txt")}),
                  "cannot read openings file");
}

TEST_CASE("match cli: the default openings are exactly what make_openings.sh makes",
          "[match][openings]") {
  const RunResult made =
      runProgram({"bash", kSourceDir + "/tools/openings/make_openings.sh", kDamieraBinary, "3"});
  REQUIRE(made.exitCode == 0);
  CHECK(made.output == damiera::test::fileText(kSourceDir + "/tools/openings/3ply.txt"));
}
