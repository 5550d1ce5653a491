// The Hub dialect over TCP (damiera --listen --protocol hub): every Hub transcript and every
// Hub example of PROTOCOL.md replayed on connections of their own, the connection's own errors
// in Hub form, and the server's caps ending a Hub analysis with its done.
#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/kit/hub_transcript.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"

namespace fs = std::filesystem;
using namespace damiera::testing;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;
// Every connection speaks Hub.
std::vector<std::string> hubServer(std::vector<std::string> extra = {}) {
  extra.insert(extra.begin(), {"--protocol", "hub"});
  return smallServer(extra);
}

// One connection as a Hub engine: lines go out on the socket, and a reader thread hands every
// line that comes back to the transcript's matcher until the server closes the connection.
class TcpHubEngine final : public hub::Engine {
 public:
  TcpHubEngine(int port, hub::OutputCallback output)
      : client_(port), reader_([this, output = std::move(output)] {
          while (const std::optional<std::string> line = client_.readLine(30s)) output(*line);
        }) {}
  ~TcpHubEngine() override {
    if (reader_.joinable()) finish();
  }
  TcpHubEngine(const TcpHubEngine&) = delete;
  TcpHubEngine& operator=(const TcpHubEngine&) = delete;

  void send(const std::string& line) override { client_.sendLine(line); }
  // End of input is quit: the server sends what is left and closes, which ends the reader.
  int finish() override {
    client_.shutdownWrite();
    reader_.join();
    return 0;
  }

 private:
  TcpClient client_;
  std::thread reader_;
};

hub::EngineFactory tcpHubEngine(int port) {
  return [port](hub::OutputCallback output) {
    return std::make_unique<TcpHubEngine>(port, std::move(output));
  };
}

}  // namespace

TEST_CASE("Every Hub transcript replays exactly over TCP (--protocol hub)", "[server][hub]") {
  ServerProcess server(hubServer());
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSourceDir + "/tests/hub_transcripts"))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 8);
  for (const fs::path& file : files) {
    INFO(file.filename().string());
    CHECK(hub::replay(hub::parseTranscript(hub::readFile(file.string())),
                      tcpHubEngine(server.port())) == "");
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("PROTOCOL.md's Hub examples hold over TCP", "[server][hub]") {
  ServerProcess server(hubServer());
  const std::vector<std::string> blocks =
      hub::transcriptBlocks(hub::readFile(kSourceDir + "/PROTOCOL.md"));
  REQUIRE_FALSE(blocks.empty());
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    INFO("PROTOCOL.md Hub example " << i + 1);
    CHECK(hub::replay(hub::parseTranscript(blocks[i]), tcpHubEngine(server.port())) == "");
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("Hub clients are independent sessions", "[server][hub]") {
  ServerProcess server(hubServer());
  TcpClient analyst(server.port());
  TcpClient player(server.port());
  analyst.sendLine("pos start");
  analyst.sendLine("level infinite");
  analyst.sendLine("go analyze");
  REQUIRE(analyst.readUntil("info depth="));
  // The other client's pos, level and search are its own; its stop does not touch the first.
  player.sendLine("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"21-17 10-14\"");
  player.sendLine("level depth=3");
  player.sendLine("go think");
  const auto done = player.readUntil("done ");
  REQUIRE(done);
  CHECK(done->starts_with("done move="));
  player.sendLine("stop");
  player.sendLine("ping");
  CHECK(player.readUntil("pong"));
  analyst.sendLine("ping");
  std::vector<std::string> before;
  REQUIRE(analyst.readUntil("pong", 10s, &before));
  for (const std::string& line : before) CHECK_FALSE(line.starts_with("done"));
  analyst.sendLine("stop");
  CHECK(analyst.readUntil("done move="));
  CHECK(server.stopCleanly());
}

TEST_CASE("A Hub connection's own errors are in Hub form", "[server][hub][limits][heavy]") {
  SECTION("line too long") {
    ServerProcess server(hubServer({"--max-line", "64"}));
    TcpClient client(server.port());
    client.sendLine(std::string(65, 'z'));
    CHECK(client.readLine() == "error message=\"line too long\"");
    CHECK(client.readToEnd(5s));  // closed
    CHECK(server.stopCleanly());
  }
  SECTION("server full") {
    ServerProcess server(hubServer({"--max-clients", "1"}));
    TcpClient first(server.port());
    first.sendLine("ping");
    REQUIRE(first.readLine() == "pong");
    TcpClient second(server.port());
    CHECK(second.readLine() == "error message=\"server full\"");
    CHECK(second.readToEnd(10s));
    CHECK(server.stopCleanly());
  }
  SECTION("unauthorized, then the right token") {
    const std::string tokenFile = temporaryFile("hub_token", "s3cret\n");
    ServerProcess server(hubServer({"--token-file", tokenFile}));
    TcpClient stranger(server.port());
    stranger.sendLine("hub");
    CHECK(stranger.readLine() == "error message=unauthorized");  // no blank: no quotes
    CHECK(stranger.readToEnd(5s));
    TcpClient friendly(server.port());
    friendly.sendLine("auth s3cret");
    friendly.sendLine("ping");
    CHECK(friendly.readLine() == "pong");
    CHECK(server.stopCleanly());
  }
  SECTION("idle timeout") {
    ServerProcess server(hubServer({"--idle-timeout", "1"}));
    TcpClient client(server.port());
    CHECK(client.readLine(5s) == "error message=\"idle timeout\"");
    CHECK(client.readToEnd(5s));
    CHECK(server.stopCleanly());
  }
}

TEST_CASE("The time cap (--max-movetime) ends a Hub analysis with its done",
          "[server][hub][limits]") {
  ServerProcess server(hubServer({"--max-movetime", "300"}));
  TcpClient client(server.port());
  client.sendLine("pos start");
  client.sendLine("level infinite");
  client.sendLine("go analyze");
  const auto done = client.readUntil("done ", 10s);  // with no stop from the client
  REQUIRE(done);
  CHECK(done->starts_with("done move="));
  CHECK(server.stopCleanly());
}
