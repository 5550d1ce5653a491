// Every protocol transcript (tests/transcripts/*.txt) and every example of PROTOCOL.md and
// README.md, replayed over TCP instead of stdin: each on a connection of its own, all against
// one server. Two transcripts are about what differs on purpose (docs/server.md, "Analysis
// server"): huge_line.txt, since on TCP a line over --max-line closes the connection
// (test_tcp_limits.cpp); go_depth.txt, which pins node counts that need a table of the
// session's own, emptied by ucinewgame, while the server's sessions share one table.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/engine/transcript.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"

namespace fs = std::filesystem;
using namespace damiera::testing;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;

// As replay() on stdin: each step's input, a pause at every %wait until its line has come,
// then end of input (a half-close), and everything until the server closes the connection.
Replay replayOverTcp(int port, const Transcript& transcript) {
  Replay result;
  TcpClient client(port);
  std::size_t waitFrom = 0;
  for (const Step& step : transcript.steps) {
    client.send(step.input);
    if (!step.waitFor) continue;
    const std::regex awaited(*step.waitFor);
    bool found = false;
    for (; !found && waitFrom < result.output.size(); ++waitFrom)
      found = std::regex_match(result.output[waitFrom], awaited);
    while (!found) {
      const std::optional<std::string> line = client.readLine(20s);
      if (!line) {
        result.failure = "no line matching '" + *step.waitFor + "' (transcript line " +
                         std::to_string(step.waitLine) + ")";
        return result;
      }
      result.output.push_back(*line);
      ++waitFrom;
      found = std::regex_match(*line, awaited);
    }
  }
  client.shutdownWrite();
  const auto rest = client.readToEnd(20s);
  if (!rest) {
    result.failure = "the server did not close the connection after the end of input";
    return result;
  }
  result.output.insert(result.output.end(), rest->begin(), rest->end());
  result.exitCode = 0;  // the connection ended cleanly
  return result;
}

void checkReplay(int port, const std::string& name, const std::string& text) {
  INFO(name);
  const Transcript transcript = parseTranscript(text);
  REQUIRE_FALSE(transcript.expected.empty());
  const Replay replayed = replayOverTcp(port, transcript);
  INFO(replayed.failure);
  REQUIRE(replayed.failure.empty());
  const std::string difference = compare(transcript, replayed);
  INFO(difference);
  CHECK(difference.empty());
}

}  // namespace

TEST_CASE("Every transcript replays exactly over TCP", "[server][transcripts]") {
  ServerProcess server({"--hash", "16", "--threads", "2"});
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSourceDir + "/tests/transcripts"))
    if (entry.path().extension() == ".txt" && entry.path().filename() != "huge_line.txt" &&
        entry.path().filename() != "go_depth.txt")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 10);
  for (const fs::path& file : files)
    checkReplay(server.port(), file.filename().string(), readFile(file.string()));
  CHECK(server.stopCleanly());
}

TEST_CASE("The examples of PROTOCOL.md and README.md hold over TCP", "[server][transcripts]") {
  ServerProcess server({"--hash", "16", "--threads", "2"});
  for (const char* file : {"PROTOCOL.md", "README.md"}) {
    const std::vector<std::string> blocks = transcriptBlocks(readFile(kSourceDir + "/" + file));
    REQUIRE_FALSE(blocks.empty());
    for (std::size_t i = 0; i < blocks.size(); ++i)
      checkReplay(server.port(), std::string(file) + " example " + std::to_string(i + 1),
                  blocks[i]);
  }
  CHECK(server.stopCleanly());
}
