// Every protocol transcript (tests/transcripts/*.txt) and every example of PROTOCOL.md and
// README.md, replayed over TCP instead of stdin: each on a connection of its own, all against
// one server. Three transcripts are about what differs on purpose (docs/server.md, "Analysis
// server"): huge_line.txt, since on TCP a line over --max-line closes the connection
// (test_tcp_limits.cpp); go_depth.txt and levels.txt, which pin node counts that need a table
// of the session's own, emptied by ucinewgame, while the server's sessions share one table. The
// transcripts again over WebSocket (--websocket), one line a message, but raw_bytes.txt, whose
// bytes are no UTF-8 text message (a WebSocket closes on them: test_websocket.cpp).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "tests/kit/transcript.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"
#include "tests/server/websocket_client.h"

namespace fs = std::filesystem;
using namespace damiera::testing;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;

// A TCP connection as the replay sees it: bytes in, lines out; the end of input is a
// half-close.
class TcpLines {
 public:
  explicit TcpLines(int port) : client_(port) {}
  void send(const std::string& input) { client_.send(input); }
  std::optional<std::string> readLine() { return client_.readLine(20s); }
  std::optional<std::vector<std::string>> endAndReadToEnd() {
    client_.shutdownWrite();
    return client_.readToEnd(20s);
  }

 private:
  TcpClient client_;
};

// A WebSocket as the replay sees it: each input line one message, each message a line; the
// end of input is `quit` (a WebSocket closed by the client can be sent nothing more, while
// the end of input on stdin or TCP still gets the last replies; quit is what it means).
class WebSocketLines {
 public:
  explicit WebSocketLines(int port) : client_(port) {}
  void send(const std::string& input) {
    std::string_view rest = input;  // whole lines, each ending in '\n' (transcript.h)
    for (std::size_t end = rest.find('\n'); end != std::string_view::npos;
         rest.remove_prefix(end + 1), end = rest.find('\n'))
      client_.send(rest.substr(0, end));
  }
  std::optional<std::string> readLine() { return client_.read(20s); }
  std::optional<std::vector<std::string>> endAndReadToEnd() {
    client_.send("quit");
    return client_.readToEnd(20s);
  }

 private:
  WebSocketClient client_;
};

// As replay() on stdin: each step's input, a pause at every %wait until its line has come,
// then end of input, and everything until the server closes the connection.
template <class Connection>
Replay replayOver(int port, const Transcript& transcript) {
  Replay result;
  Connection client(port);
  std::size_t waitFrom = 0;
  for (const Step& step : transcript.steps) {
    client.send(step.input);
    if (!step.waitFor) continue;
    const std::regex awaited(*step.waitFor);
    bool found = false;
    for (; !found && waitFrom < result.output.size(); ++waitFrom)
      found = std::regex_match(result.output[waitFrom], awaited);
    while (!found) {
      const std::optional<std::string> line = client.readLine();
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
  const auto rest = client.endAndReadToEnd();
  if (!rest) {
    result.failure = "the server did not close the connection after the end of input";
    return result;
  }
  result.output.insert(result.output.end(), rest->begin(), rest->end());
  result.exitCode = 0;  // the connection ended cleanly
  return result;
}

template <class Connection = TcpLines>
void checkReplay(int port, const std::string& name, const std::string& text) {
  INFO(name);
  const Transcript transcript = parseTranscript(text);
  REQUIRE_FALSE(transcript.expected.empty());
  const Replay replayed = replayOver<Connection>(port, transcript);
  INFO(replayed.failure);
  REQUIRE(replayed.failure.empty());
  const std::string difference = compare(transcript, replayed);
  INFO(difference);
  CHECK(difference.empty());
}

// The transcripts of tests/transcripts/ but those named.
std::vector<fs::path> transcriptsBut(const std::vector<std::string>& left) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSourceDir + "/tests/transcripts"))
    if (entry.path().extension() == ".txt" &&
        std::find(left.begin(), left.end(), entry.path().filename().string()) == left.end())
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("Every transcript replays exactly over TCP", "[server][transcripts]") {
  ServerProcess server({"--hash", "16", "--threads", "2"});
  const std::vector<fs::path> files =
      transcriptsBut({"huge_line.txt", "go_depth.txt", "levels.txt"});
  REQUIRE(files.size() > 10);
  for (const fs::path& file : files)
    checkReplay(server.port(), file.filename().string(), readFile(file.string()));
  CHECK(server.stopCleanly());
}

TEST_CASE("Every transcript replays exactly over WebSocket", "[server][transcripts][websocket]") {
  ServerProcess server({"--hash", "16", "--threads", "2", "--websocket"});
  const std::vector<fs::path> files =
      transcriptsBut({"huge_line.txt", "go_depth.txt", "levels.txt", "raw_bytes.txt"});
  REQUIRE(files.size() > 10);
  for (const fs::path& file : files)
    checkReplay<WebSocketLines>(server.port(), file.filename().string(), readFile(file.string()));
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
