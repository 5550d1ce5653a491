// damiera-load against a real server, briefly: every reply checked, nothing lost.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "tests/server/server_process.h"

using namespace damiera::testing;

namespace {

struct Run {
  std::string output;
  int exitCode = -1;
};

Run runCommand(const std::string& command) {
  Run run;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe))
    run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

const std::string kLoadTool = std::string(DAMIERA_BUILD_DIR) + "/damiera-load";

}  // namespace

TEST_CASE("damiera-load drives the server with every reply correct", "[server][load]") {
  const std::string tokenFile = temporaryFile("load_token", "load-test-token\n");
  ServerProcess server({"--hash", "8", "--threads", "2", "--token-file", tokenFile});
  const std::string script = temporaryFile(
      "load_script", "# each client repeats these\nposition\nlegalmoves\nisready\ngo depth 2\n");
  const Run run = runCommand(kLoadTool + " --connect 127.0.0.1:" + std::to_string(server.port()) +
                             " --clients 8 --duration 1 --script " + script + " --token-file " +
                             tokenFile + " --server-pid " + std::to_string(server.pid()));
  INFO(run.output);
  CHECK(run.exitCode == 0);
  CHECK(run.output.find("errors 0, lost replies 0, disconnects 0") != std::string::npos);
  for (const char* command : {"position+isready", "legalmoves", "isready", "go depth 2"})
    CHECK(run.output.find(command) != std::string::npos);
  CHECK(run.output.find("server peak RSS (VmHWM):") != std::string::npos);
  CHECK(server.stopCleanly());
}

TEST_CASE("damiera-load reports a server that is not there", "[server][load]") {
  // A port nobody listens on: take one from a server, then stop it.
  int port = 0;
  {
    ServerProcess server({"--hash", "1", "--threads", "1"});
    port = server.port();
    REQUIRE(server.stopCleanly());
  }
  const Run run = runCommand(kLoadTool + " --connect 127.0.0.1:" + std::to_string(port) +
                             " --clients 2 --duration 1 2>&1");
  INFO(run.output);
  CHECK(run.exitCode == 1);
  CHECK(run.output.find("disconnects 2") != std::string::npos);
}

TEST_CASE("damiera-load --think paces every client", "[server][load]") {
  ServerProcess server({"--hash", "1", "--threads", "1"});
  const std::string script = temporaryFile("think_script", "isready\n");
  const Run run = runCommand(kLoadTool + " --connect 127.0.0.1:" + std::to_string(server.port()) +
                             " --clients 2 --duration 1 --think 200 --script " + script);
  INFO(run.output);
  REQUIRE(run.exitCode == 0);
  // "isready <replies> <per s> ...": about one command per 200 ms per client (at once
  // without --think, thousands).
  const std::size_t row = run.output.find("\nisready ");
  REQUIRE(row != std::string::npos);
  const long replies = std::stol(run.output.substr(row + 9));
  CHECK(replies >= 2);
  CHECK(replies <= 40);  // 2 clients x 5 a second on average, with room for chance
  CHECK(server.stopCleanly());
}

namespace {

// The replies of a row of damiera-load's table ("eval cached  <replies> <per s> ..."), or -1
// when the row is not there.
long repliesOf(const std::string& output, const std::string& row) {
  const std::size_t at = output.find("\n" + row + " ");
  if (at == std::string::npos) return -1;
  return std::stol(output.substr(at + 1 + row.size()));
}

}  // namespace

TEST_CASE("damiera-load --http asks evaluations on kept connections, searched then cached",
          "[server][load][http]") {
  const std::string tokenFile = temporaryFile("load_http_token", "load-http-token\n");
  ServerProcess server(
      smallServer({"--http", "--token-file", tokenFile, "--http-client-queue", "4"}));
  const std::string load = kLoadTool + " --connect 127.0.0.1:" + std::to_string(server.port()) +
                           " --http --clients 4 --duration 1 --token-file " + tokenFile;
  // A warm cache: every position asked once before the timed run, which is then all cached.
  const Run warm = runCommand(load + " --positions 20 --query depth=3 --warm");
  INFO(warm.output);
  CHECK(warm.exitCode == 0);
  CHECK(warm.output.find("4 clients over HTTP") != std::string::npos);
  CHECK(warm.output.find("20 positions (asked once before: warm cache), query 'depth=3'") !=
        std::string::npos);
  CHECK(warm.output.find(", 4 connections opened\n") != std::string::npos);  // one a client
  CHECK(repliesOf(warm.output, "eval cached") > 0);
  CHECK(repliesOf(warm.output, "eval searched") == -1);
  CHECK(warm.output.find("errors 0, lost replies 0, disconnects 0") != std::string::npos);

  // The positions of a file, new to the server: each searched once, then from the cache (one
  // client: with more, a position could be asked again while its first search still runs).
  const std::string fens = temporaryFile(
      "load_http_fens", "# three positions\nW:W21,22,23:B1,2,3\nB:W25,K30:B5,6\n\nW:W31:B4\n");
  const Run cold = runCommand(kLoadTool + " --connect 127.0.0.1:" + std::to_string(server.port()) +
                              " --http --clients 1 --duration 1 --token-file " + tokenFile +
                              " --fens " + fens + " --query depth=2");
  INFO(cold.output);
  CHECK(cold.exitCode == 0);
  CHECK(repliesOf(cold.output, "eval searched") == 3);
  CHECK(cold.output.find("errors 0, lost replies 0, disconnects 0") != std::string::npos);

  // A wrong answer is an error: the server's own 401 without the token.
  const Run refused =
      runCommand(kLoadTool + " --connect 127.0.0.1:" + std::to_string(server.port()) +
                 " --http --clients 1 --duration 1 --positions 5");
  INFO(refused.output);
  CHECK(refused.exitCode == 1);
  CHECK(refused.output.find(": 401 {\"error\":\"unauthorized\"}") != std::string::npos);
  CHECK(server.stopCleanly());
}

TEST_CASE("damiera-load --http names a bad position of its file", "[server][load][http]") {
  const std::string fens = temporaryFile("load_bad_fens", "W:W21:B1\nW:W33:B1\n");
  const Run run = runCommand(kLoadTool + " --connect 127.0.0.1:1 --http --fens " + fens + " 2>&1");
  INFO(run.output);
  CHECK(run.exitCode == 2);
  CHECK(run.output.find("load_bad_fens:2: invalid fen") != std::string::npos);
}
