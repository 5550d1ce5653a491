// damiera-spsa end to end: a short run at depth 2, its resumption, and refusals.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/common/file_text.h"
#include "tests/tools/match_support.h"

namespace {

namespace fs = std::filesystem;
using damiera::test::RunResult;

const std::string kSpsa = DAMIERA_BUILD_DIR "/damiera-spsa";

RunResult runSpsa(std::vector<std::string> args) {
  args.insert(args.begin(), kSpsa);
  return damiera::test::runProgram(args);
}

int countOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("damiera-spsa plays its iterations, saves its state and resumes from it", "[spsa]") {
  const fs::path folder =
      fs::temp_directory_path() / ("damiera-spsa-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string state = (folder / "run.state").string();
  const std::vector<std::string> common = {
      "--engine",   DAMIERA_BINARY,
      "--state",    state,
      "--depth",    "2",
      "--params",   "aspirationDelta,rfpMaxDepth",
      "--openings", DAMIERA_SOURCE_DIR "/tools/openings/3ply.txt"};
  std::vector<std::string> command = common;
  command.insert(command.end(), {"--iterations", "2"});
  const RunResult first = runSpsa(command);
  INFO(first.output);
  REQUIRE(first.exitCode == 0);
  CHECK(countOf(first.output, "iteration ") == 2);
  CHECK(countOf(first.output, "games 2 ") == 2);
  CHECK(first.output.find("SearchTunables aspirationDelta=") != std::string::npos);
  const std::string stateText = damiera::test::fileText(state);
  CHECK(stateText.find("done 2\n") != std::string::npos);
  CHECK(countOf(stateText, "result ") == 2);
  CHECK_FALSE(fs::exists(state + ".tmp"));

  // The same command again: nothing left to play, the same answer.
  const RunResult again = runSpsa(command);
  CHECK(again.exitCode == 0);
  CHECK(countOf(again.output, "iteration ") == 0);
  CHECK(again.output.substr(again.output.find("SearchTunables")) ==
        first.output.substr(first.output.find("SearchTunables")));

  // Another schedule over the same state is refused, as is a damaged state.
  std::vector<std::string> other3 = common;
  other3.insert(other3.end(), {"--iterations", "3"});
  const RunResult other = runSpsa(other3);
  CHECK(other.exitCode == 1);
  CHECK(other.output.find("another --iterations") != std::string::npos);
  std::ofstream(state) << "damiera-spsa 1\ndone x\n";
  const RunResult damaged = runSpsa(command);
  CHECK(damaged.exitCode == 1);
  CHECK(damaged.output.find("bad line") != std::string::npos);
  fs::remove_all(folder);
}

TEST_CASE("damiera-spsa refuses bad arguments with status 2", "[spsa]") {
  CHECK(runSpsa({"--state", "x", "--iterations", "2", "--depth", "2"}).exitCode ==
        2);  // no --engine
  CHECK(runSpsa({"--engine", DAMIERA_BINARY, "--state", "/nonexistent/x", "--iterations", "2"})
            .exitCode == 2);  // no limit
  const RunResult unknown =
      runSpsa({"--engine", DAMIERA_BINARY, "--state", "/tmp/damiera-spsa-never", "--iterations",
               "2", "--depth", "2", "--params", "nosuch"});
  CHECK(unknown.exitCode == 2);
  CHECK(unknown.output.find("no tunable 'nosuch'") != std::string::npos);
}
