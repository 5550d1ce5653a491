// damiera-perftbench: runs every benchmark, checks its counts, and rejects bad arguments.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace {

const std::string kPerftBench = DAMIERA_BUILD_DIR "/damiera-perftbench";

struct Output {
  std::string text;
  int status = -1;
};

Output runTool(const std::string& args) {
  Output out;
  FILE* pipe = popen((kPerftBench + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) out.text += buffer;
  const int status = pclose(pipe);
  out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

TEST_CASE("damiera-perftbench --quick prints one checked figure per position", "[perftbench]") {
  const Output out = runTool("--quick --runs 1");
  INFO(out.text);
  CHECK(out.status == 0);
  for (const char* line : {"start position         perft  8      828783 leaves",
                           "start position unique  perft  8      828783 leaves",
                           "position 1             perft 11      628686 leaves",
                           "position 2             perft  7      389809 leaves",
                           "position 3             perft  5       46241 leaves"})
    CHECK(out.text.find(line) != std::string::npos);
  CHECK(out.text.find("M leaves/s") != std::string::npos);
  CHECK(out.text.find("WRONG") == std::string::npos);
}

TEST_CASE("damiera-perftbench rejects bad arguments with exit status 2", "[perftbench]") {
  for (const char* args : {"--runs 0", "--runs x", "--depth 3"}) {
    INFO(args);
    const Output out = runTool(args);
    CHECK(out.status == 2);
    CHECK(out.text.find("damiera-perftbench:") == 0);
  }
  const Output help = runTool("--help");
  CHECK(help.status == 0);
  CHECK(help.text.find("Usage: damiera-perftbench") == 0);
}

}  // namespace
