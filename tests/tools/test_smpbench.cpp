// damiera-smpbench: measures every position to the depth asked, reports the speed-up, and
// rejects bad arguments and bad positions.
#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "tests/common/tool_run.h"

namespace {

using damiera::tool_test::runTool;

const std::string kSmpBench = DAMIERA_BUILD_DIR "/damiera-smpbench";

TEST_CASE("damiera-smpbench prints time and nodes to depth per position and the mean speed-up",
          "[smpbench]") {
  const auto run = runTool(kSmpBench, "--depth 8 --runs 1");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("time to depth 8, 1 runs per thread count, alternating; 1 thread vs 2") !=
        std::string::npos);
  // One line per default position: number, time and nodes with 1 thread, then with 2,
  // speed-up, work speed-up, thread speed.
  const std::regex row(
      R"(\n([123]) +(\d+\.\d) +([1-9]\d*) +(\d+\.\d) +([1-9]\d*) +(\d+\.\d\d)x +(\d+\.\d\d)x +(\d+\.\d\d)(?=\n))");
  int rows = 0;
  for (auto it = std::sregex_iterator(run.output.begin(), run.output.end(), row);
       it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    ++rows;
    // The work speed-up is 2 x the 1-thread nodes over the 2-thread nodes, and the speed-up is
    // the product of the work speed-up and the thread speed (to the printed precision).
    const double work = 2 * std::stod(m[3]) / std::stod(m[5]);
    CHECK(std::stod(m[7]) == Approx(work).margin(0.006));
    const double printedWork = std::stod(m[7]), thread = std::stod(m[8]);
    const double roundingBound = 0.005 * (1 + printedWork + thread) + 0.001;
    CHECK(std::stod(m[6]) == Approx(printedWork * thread).margin(roundingBound));
  }
  CHECK(rows == 3);
  CHECK(std::regex_search(run.output,
                          std::regex(R"(geometric mean speed-up with 2 threads: \d+\.\d\dx)")));
  CHECK(std::regex_search(
      run.output,
      std::regex(R"(geometric mean work speed-up: \d+\.\d\dx; thread speed: \d+\.\d\d\n)")));
}

TEST_CASE("damiera-smpbench takes positions and a thread count", "[smpbench]") {
  const auto run = runTool(kSmpBench, "--threads 3 --depth 5 --runs 1 --fen W:WK18:B5,6");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("1 thread vs 3") != std::string::npos);
  CHECK(std::regex_search(run.output, std::regex(R"(\n1 +\d+\.\d +[1-9]\d* )")));
  CHECK(run.output.find("\n2 ") == std::string::npos);  // only the position given
}

TEST_CASE("damiera-smpbench rejects bad arguments and bad positions", "[smpbench]") {
  for (const char* args : {"--runs 0", "--threads 1", "--depth x", "--fen", "--frobnicate"}) {
    INFO(args);
    const auto run = runTool(kSmpBench, args);
    CHECK(run.status == 2);
    CHECK(run.output.find("damiera-smpbench: bad argument") == 0);
  }
  const auto bad = runTool(kSmpBench, "--depth 3 --runs 1 --fen W:W99:B1");
  INFO(bad.output);
  CHECK(bad.status == 1);
  CHECK(bad.output.find("damiera-smpbench: error ") != std::string::npos);
  const auto help = runTool(kSmpBench, "--help");
  CHECK(help.status == 0);
  CHECK(help.output.find("Usage: damiera-smpbench") == 0);
}

}  // namespace
