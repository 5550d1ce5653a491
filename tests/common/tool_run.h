#pragma once
// Runs one of the project's command-line tools the way a user would (through the shell, stderr
// folded into stdout) and keeps its exit status and everything it printed, for the tests of
// damiera-egdb, damiera-selfplay and damiera-train.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace damiera::tool_test {

struct ToolRun {
  int status = -1;  // the exit status, or -1 when the tool did not exit normally
  std::string output;
};

inline ToolRun runTool(const std::string& tool, const std::string& arguments) {
  const std::string command = tool + " " + arguments + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  ToolRun run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    run.output.append(buffer, n);
  const int status = ::pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace damiera::tool_test
