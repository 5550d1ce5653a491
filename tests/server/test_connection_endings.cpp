// How a connection ends, over TCP and over WebSocket alike: one table (host/connection_ending.h)
// says what the client is told for each reason, and both transports go through it. Each case
// makes a TCP client and a WebSocket client end the same way and checks that they were told the
// same thing, the WebSocket close frame carrying the table's code and reason; and the table is
// the one PROTOCOL.md gives to GUI authors. Real sockets on 127.0.0.1.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "host/connection_ending.h"
#include "tests/common/file_text.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"
#include "tests/server/websocket_client.h"

using namespace damiera::testing;
using damiera::host::Ending;
using damiera::host::termsOf;

namespace {

// For anything to arrive at all on a loaded machine under sanitizers: a bound against hanging
// when the behaviour is broken, not a measure.
constexpr std::chrono::milliseconds kDeadlockGuard = 60s;

using Lines = std::vector<std::string>;

// What one client was told before the server closed its connection.
struct Told {
  Lines lines;
  int closeCode = 0;  // WebSocket only
  std::string closeReason;
};

// A client as a case drives it: `send` one line, `await` the reply that starts with a prefix
// (what came until then is kept as told).
struct Drive {
  std::function<void(const std::string&)> send;
  std::function<void(const std::string&)> await;
};
// How a case makes its client end (SIGTERM: through the server).
using Provoke = std::function<void(const Drive& client, ServerProcess& server)>;

std::vector<std::string> withTransport(std::vector<std::string> extra, bool webSocket) {
  if (webSocket) extra.push_back("--websocket");
  return smallServer(extra);
}

// The replies that must be the same over both transports: the search's info lines are left
// out and a bestmove is only "bestmove" (two searches need not end on the same move).
void keep(Lines& told, const std::string& line) {
  if (line.rfind("info ", 0) == 0) return;
  told.push_back(line.rfind("bestmove ", 0) == 0 ? "bestmove" : line);
}

Told overTcp(const std::vector<std::string>& args, const Provoke& provoke, int clientsBefore) {
  ServerProcess server(withTransport(args, false));
  std::vector<std::unique_ptr<TcpClient>> before;
  for (int i = 0; i < clientsBefore; ++i) {
    before.push_back(std::make_unique<TcpClient>(server.port()));
    before.back()->sendLine("isready");
    REQUIRE(before.back()->readLine(kDeadlockGuard) == "readyok");
  }
  TcpClient client(server.port());
  Told told;
  const Drive drive{[&client](const std::string& line) { client.sendLine(line); },
                    [&client, &told](const std::string& prefix) {
                      Lines lines;
                      const auto last = client.readUntil(prefix, kDeadlockGuard, &lines);
                      REQUIRE(last);
                      lines.push_back(*last);
                      for (const std::string& line : lines) keep(told.lines, line);
                    }};
  provoke(drive, server);
  const std::optional<Lines> rest = client.readToEnd(kDeadlockGuard);
  REQUIRE(rest);
  for (const std::string& line : *rest) keep(told.lines, line);
  return told;
}

Told overWebSocket(const std::vector<std::string>& args, const Provoke& provoke,
                   int clientsBefore) {
  ServerProcess server(withTransport(args, true));
  std::vector<std::unique_ptr<WebSocketClient>> before;
  for (int i = 0; i < clientsBefore; ++i) {
    before.push_back(std::make_unique<WebSocketClient>(server.port()));
    before.back()->send("isready");
    REQUIRE(before.back()->read(kDeadlockGuard) == "readyok");
  }
  WebSocketClient client(server.port());
  Told told;
  const Drive drive{[&client](const std::string& line) { client.send(line); },
                    [&client, &told](const std::string& prefix) {
                      for (;;) {
                        const std::optional<std::string> message = client.read(kDeadlockGuard);
                        REQUIRE(message);
                        keep(told.lines, *message);
                        if (message->rfind(prefix, 0) == 0) return;
                      }
                    }};
  provoke(drive, server);
  const std::optional<Lines> rest = client.readToEnd(kDeadlockGuard);
  REQUIRE(rest);
  for (const std::string& line : *rest) keep(told.lines, line);
  told.closeCode = client.closeCode();
  told.closeReason = client.closeReason();
  return told;
}

// Both transports, ended for `why`: the same lines, the table's error last, the table's close.
void checkBothEndAlike(Ending why, const std::vector<std::string>& args, const Provoke& provoke,
                       int clientsBefore = 0) {
  const Told tcp = overTcp(args, provoke, clientsBefore);
  const Told webSocket = overWebSocket(args, provoke, clientsBefore);
  CHECK(tcp.lines == webSocket.lines);
  const auto& terms = termsOf(why);
  if (terms.error.empty()) {
    CHECK((tcp.lines.empty() || tcp.lines.back().rfind("error", 0) != 0));
  } else {
    REQUIRE(!tcp.lines.empty());
    CHECK(tcp.lines.back() == "error " + std::string(terms.error));
  }
  CHECK(webSocket.closeCode == terms.closeCode);
  CHECK(webSocket.closeReason == terms.closeReason);
}

void sendNothing(const Drive&, ServerProcess&) {}

}  // namespace

TEST_CASE("Both transports end alike: quit", "[server][endings]") {
  checkBothEndAlike(Ending::Quit, {}, [](const Drive& client, ServerProcess&) {
    client.send("isready");
    client.send("quit");
  });
}

TEST_CASE("Both transports end alike: a wrong first line with --token-file",
          "[server][endings][auth]") {
  const std::string token = temporaryFile("endings-token", "correct-horse\n");
  checkBothEndAlike(Ending::Unauthorized, {"--token-file", token},
                    [](const Drive& client, ServerProcess&) { client.send("isready"); });
}

TEST_CASE("Both transports end alike: past --max-clients", "[server][endings][limits]") {
  checkBothEndAlike(Ending::ServerFull, {"--max-clients", "1"}, sendNothing, 1);
}

TEST_CASE("Both transports end alike: a line over --max-line", "[server][endings][limits]") {
  checkBothEndAlike(Ending::LineTooLong, {"--max-line", "64"},
                    [](const Drive& client, ServerProcess&) {
                      client.send("isready");
                      client.send(std::string(65, 'x'));
                    });
}

TEST_CASE("Both transports end alike: the idle timeout", "[server][endings][limits][heavy]") {
  checkBothEndAlike(Ending::IdleTimeout, {"--idle-timeout", "1"},
                    [](const Drive& client, ServerProcess&) {
                      client.send("isready");
                      client.await("readyok");  // then silence
                    });
}

TEST_CASE("Both transports end alike: the server stops during a search", "[server][endings]") {
  checkBothEndAlike(Ending::ServerStopping, {"--max-movetime", "600000"},
                    [](const Drive& client, ServerProcess& server) {
                      client.send("go infinite");
                      client.await("info");  // searching
                      // Its search is stopped and answered before the close.
                      REQUIRE(server.stop(SIGTERM, kDeadlockGuard) == std::optional<int>(0));
                    });
}

TEST_CASE("PROTOCOL.md's tables of the connection's own errors are the transports' table",
          "[server][endings][docs]") {
  const std::string protocol =
      damiera::test::fileText(std::string(DAMIERA_SOURCE_DIR) + "/PROTOCOL.md");
  REQUIRE(!protocol.empty());
  for (const Ending why :
       {Ending::Quit, Ending::Unauthorized, Ending::ServerFull, Ending::LineTooLong,
        Ending::IdleTimeout, Ending::ServerStopping, Ending::OriginRefused}) {
    const auto& terms = termsOf(why);
    const std::string reply =
        terms.error.empty() ? "(none)" : "`error " + std::string(terms.error) + "`";
    const std::string reason = why == Ending::OriginRefused ? " `origin not allowed: <origin>`"
                               : terms.closeReason.empty()
                                   ? ""
                                   : " `" + std::string(terms.closeReason) + "`";
    // Over WebSocket: | reply | code and reason | when |
    const std::string webSocketRow =
        "| " + reply + " | " + std::to_string(terms.closeCode) + reason + " |";
    INFO("Ending " << static_cast<int>(why) << ": " << webSocketRow);
    CHECK(protocol.find("\n" + webSocketRow) != std::string::npos);
    // Over TCP: | reply | when | closed |, for the endings TCP has (the origin is a browser's).
    if (why != Ending::OriginRefused && why != Ending::Quit && !terms.error.empty())
      CHECK(protocol.find("\n| " + reply + " | ") != std::string::npos);
  }
}
