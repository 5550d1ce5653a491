// The analysis server over WebSocket (--websocket), as a browser connects to it: one text
// message is one line each way, every connection its own session, and every limit of the TCP
// server (auth, max clients, message length, output bound, idle timeout, time caps), plus the
// Origin allow-list, binary messages and the plain HTTP answers. Real sockets on 127.0.0.1.
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "tests/server/server_process.h"
#include "tests/server/websocket_client.h"

using namespace damiera::testing;

namespace {

// For anything to arrive at all on a loaded machine under sanitizers: a bound against hanging
// when the behaviour is broken, not a measure.
constexpr std::chrono::milliseconds kDeadlockGuard = 60s;

// Close codes (RFC 6455, 7.4.1).
constexpr int kNormal = 1000;
constexpr int kGoingAway = 1001;
constexpr int kInvalidPayload = 1007;
constexpr int kPolicyViolation = 1008;
constexpr int kMessageTooBig = 1009;
constexpr int kTryAgainLater = 1013;

const std::string kStartMoves = "legalmoves 21-17 21-18 22-18 22-19 23-19 23-20 24-20";

std::vector<std::string> webSocketServer(const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = smallServer({"--websocket"});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

using Messages = std::optional<std::vector<std::string>>;

}  // namespace

TEST_CASE("Over --websocket a message is a line, a reply a message, each connection a session",
          "[server][websocket]") {
  ServerProcess server(webSocketServer());
  WebSocketClient first(server.port());
  WebSocketClient second(server.port());
  first.send("position startpos moves 22-19 10-14");
  first.send("legalmoves");
  CHECK(first.read() == "legalmoves 19x10");
  second.send("legalmoves");  // its own position: the start
  CHECK(second.read() == kStartMoves);
  second.send("uci");
  CHECK(second.read().value_or("").rfind("id name Damiera ", 0) == 0);
  CHECK(second.readUntil("uciok"));
  first.send("go depth 3");
  const auto best = first.readUntil("bestmove", kDeadlockGuard);
  REQUIRE(best);
  CHECK(best->rfind("bestmove 19x10 ", 0) == 0);  // the capture is forced
  first.send("quit");                             // the session ends: a normal close
  CHECK(first.readToEnd() == Messages(std::vector<std::string>{}));
  CHECK(first.closeCode() == kNormal);
  second.send("isready");  // the other goes on
  CHECK(second.read() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("A WebSocket message that holds several lines is served line by line",
          "[server][websocket]") {
  ServerProcess server(webSocketServer());
  WebSocketClient client(server.port());
  client.send("isready\nposition startpos moves 22-19\nlegalmoves\n");  // a final newline too
  CHECK(client.read() == "readyok");
  CHECK(client.read() == "legalmoves 9-13 10-13 10-14 11-14 11-15 12-15 12-16");
  client.send("isready\nquit\nisready");  // what follows quit is dropped
  CHECK(client.readToEnd() == Messages({"readyok"}));
  CHECK(client.closeCode() == kNormal);
  CHECK(server.stopCleanly());
}

TEST_CASE("A binary WebSocket message gets one error and leaves the session as it was",
          "[server][websocket]") {
  ServerProcess server(webSocketServer());
  WebSocketClient client(server.port());
  client.send("position startpos moves 22-19 10-14");
  client.send("legalmoves", true);
  CHECK(client.read() == "error binary message: send each protocol line as a text message");
  client.send("legalmoves");
  CHECK(client.read() == "legalmoves 19x10");  // the position kept
  CHECK(server.stopCleanly());
}

TEST_CASE("A text message that is not UTF-8 is closed with 1007, as RFC 6455 asks",
          "[server][websocket]") {
  ServerProcess server(webSocketServer());
  WebSocketClient client(server.port());
  client.send("isready \xff\xfe");
  CHECK(client.readToEnd() == Messages(std::vector<std::string>{}));
  CHECK(client.closeCode() == kInvalidPayload);
  WebSocketClient other(server.port());
  other.send("isready");
  CHECK(other.read() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("With --allow-origin a page from another origin is closed with 1008 and why",
          "[server][websocket]") {
  ServerProcess server(webSocketServer(
      {"--allow-origin", "https://play.example", "--allow-origin", "http://localhost:8080"}));
  SECTION("another origin") {
    WebSocketClient browser(server.port(), "https://evil.example");
    browser.send("isready");  // never read: there is no session
    CHECK(browser.readToEnd() == Messages(std::vector<std::string>{}));
    CHECK(browser.closeCode() == kPolicyViolation);
    CHECK(browser.closeReason() == "origin not allowed: https://evil.example");
  }
  SECTION("an allowed origin on another port") {
    WebSocketClient browser(server.port(), "http://localhost:8081");
    CHECK(browser.readToEnd() == Messages(std::vector<std::string>{}));
    CHECK(browser.closeCode() == kPolicyViolation);
  }
  SECTION("an allowed origin, whatever its case") {
    WebSocketClient browser(server.port(), "http://LocalHost:8080");
    browser.send("isready");
    CHECK(browser.read() == "readyok");
  }
  SECTION("no Origin header: not a browser, not asked") {
    WebSocketClient tool(server.port());
    tool.send("isready");
    CHECK(tool.read() == "readyok");
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket --token-file asks for auth first, as on TCP",
          "[server][websocket][auth]") {
  const std::string tokenFile = temporaryFile("ws-token", "correct-horse\n");
  ServerProcess server(webSocketServer({"--token-file", tokenFile}));
  SECTION("no auth") {
    WebSocketClient client(server.port());
    client.send("isready");
    CHECK(client.readToEnd() == Messages({"error unauthorized"}));
    CHECK(client.closeCode() == kPolicyViolation);
    CHECK(client.closeReason() == "unauthorized");
  }
  SECTION("a wrong token") {
    WebSocketClient client(server.port());
    client.send("auth battery-staple");
    CHECK(client.readToEnd() == Messages({"error unauthorized"}));
  }
  SECTION("the token in a binary message") {
    WebSocketClient client(server.port());
    client.send("auth correct-horse", true);
    CHECK(client.readToEnd() == Messages({"error unauthorized"}));
  }
  SECTION("the token") {
    WebSocketClient client(server.port());
    client.send("auth correct-horse");
    client.send("isready");
    CHECK(client.read() == "readyok");  // auth itself says nothing
    client.send("auth correct-horse");
    CHECK(client.read() == "error unknown command 'auth'");
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket past --max-clients: 'error server full', 1013, /health says 503",
          "[server][websocket][limits]") {
  ServerProcess server(webSocketServer({"--max-clients", "1"}));
  const std::string health = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  auto first = std::make_unique<WebSocketClient>(server.port());
  first->send("isready");
  REQUIRE(first->read() == "readyok");
  WebSocketClient second(server.port());
  CHECK(second.readToEnd() == Messages({"error server full"}));
  CHECK(second.closeCode() == kTryAgainLater);
  CHECK(second.closeReason() == "server full");
  CHECK(plainHttpRequest(server.port(), health).rfind("HTTP/1.1 503 ", 0) == 0);
  first->send("isready");  // the member is served all along
  CHECK(first->read() == "readyok");

  first->send("quit");
  CHECK(first->readToEnd());
  first.reset();
  // The slot is free once the server has seen the close, which nothing tells a client but a
  // new connection that is let in: each try waits for the server's answer.
  bool admitted = false;
  for (const auto deadline = std::chrono::steady_clock::now() + kDeadlockGuard;
       !admitted && std::chrono::steady_clock::now() < deadline;) {
    WebSocketClient again(server.port());
    again.send("isready");
    admitted = again.read() == "readyok";
  }
  CHECK(admitted);
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket a message over --max-line: 'error line too long' and 1009",
          "[server][websocket][limits]") {
  ServerProcess server(webSocketServer({"--max-line", "64"}));
  WebSocketClient client(server.port());
  client.send(std::string(64, 'y'));  // exactly the limit: still a line
  CHECK(client.read() == "error unknown command 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...'");
  client.send(std::string(64, 'y') + "\n");  // a final newline is not counted
  CHECK(client.read() == "error unknown command 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...'");
  client.send(std::string(65, 'z'));
  CHECK(client.readToEnd() == Messages({"error line too long"}));
  CHECK(client.closeCode() == kMessageTooBig);
  CHECK(client.closeReason() == "line too long");

  WebSocketClient binary(server.port());  // binary or text, the bound is the same
  binary.send(std::string(65, 'z'), true);
  CHECK(binary.readToEnd() == Messages({"error line too long"}));
  CHECK(binary.closeCode() == kMessageTooBig);

  WebSocketClient other(server.port());  // the server goes on
  other.send("isready");
  CHECK(other.read() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("A huge WebSocket message does not make the server's memory grow",
          "[server][websocket][limits]") {
  ServerProcess server(webSocketServer());
  WebSocketClient warmup(server.port());
  warmup.send("isready");
  REQUIRE(warmup.read() == "readyok");
  const long before = server.statusKb("VmHWM");
  WebSocketClient client(server.port());
  // One message of 64 MiB in 64 frames: the server answers after --max-line bytes and drops
  // the rest while it closes (Beast alone would gather 16 MiB before it refused).
  const std::string chunk(1 << 20, 'a');
  for (int i = 0; i < 64 && client.sendFragment(chunk, i == 63); ++i) {
  }
  CHECK(client.readToEnd(kDeadlockGuard) == Messages({"error line too long"}));
  CHECK(client.closeCode() == kMessageTooBig);
  const long after = server.statusKb("VmHWM");
  CHECK(after - before < 16 * 1024);  // kB; the message was 64 MiB
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket the idle timeout closes a silent connection, not a busy one",
          "[server][websocket][limits][heavy]") {
  ServerProcess server(webSocketServer({"--idle-timeout", "1"}));
  WebSocketClient busy(server.port());  // the older: its timeout would come first
  WebSocketClient idle(server.port());
  // The busy client talks until the idle one is closed; each turn waits (at most 100 ms) for
  // the idle one's end, far less than the timeout between two of the busy one's messages.
  std::optional<std::string> idleGot;
  for (const auto deadline = std::chrono::steady_clock::now() + kDeadlockGuard;
       !idleGot && !idle.closed() && std::chrono::steady_clock::now() < deadline;) {
    busy.send("isready");
    REQUIRE(busy.read() == "readyok");
    idleGot = idle.read(100ms);
  }
  CHECK(idleGot == "error idle timeout");
  CHECK(idle.readToEnd() == Messages(std::vector<std::string>{}));
  CHECK(idle.closeCode() == kNormal);
  CHECK(idle.closeReason() == "idle timeout");
  busy.send("isready");  // as old as the idle one, still served
  CHECK(busy.read() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket the idle timeout counts whole messages, not their fragments",
          "[server][websocket][limits][heavy]") {
  ServerProcess server(webSocketServer({"--idle-timeout", "1"}));
  WebSocketClient trickle(server.port());
  std::optional<std::string> reply;
  for (int i = 0; i < 40 && !reply && trickle.sendFragment("x", false); ++i)
    reply = trickle.read(250ms);  // the pace of the trickle (10 s at most), and the answer
  CHECK(reply == "error idle timeout");
  CHECK(trickle.readToEnd() == Messages(std::vector<std::string>{}));
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket a client that never reads is disconnected when its output is full",
          "[server][websocket][limits]") {
  ServerProcess server(webSocketServer({"--max-output", "65536"}));
  WebSocketClient reader(server.port());
  WebSocketClient hog(server.port());
  // About 14 messages (742 bytes) for every "d": 74 MB of replies to 100 messages of 1,000,
  // never read. The kernel's buffers take some of them, the server at most 64 KiB more.
  std::string batch;
  for (int i = 0; i < 1000; ++i) batch += "d\n";
  for (int i = 0; i < 100 && hog.send(batch); ++i) {
    reader.send("isready");
    REQUIRE(reader.read(kDeadlockGuard) == "readyok");
  }
  // Only once the server has closed it does the hog read: what got through, then the end,
  // with no close frame (the server had no room left to send one).
  REQUIRE(hog.waitForClose(kDeadlockGuard));
  std::size_t received = 0;
  while (hog.read(kDeadlockGuard)) ++received;
  CHECK(hog.closed());
  CHECK(received < 100u * 1000u * 14u);
  reader.send("legalmoves");
  CHECK(reader.read(kDeadlockGuard) == kStartMoves);
  CHECK(server.stopCleanly());
}

TEST_CASE("Over WebSocket --max-movetime and --max-depth cap every search",
          "[server][websocket][limits]") {
  ServerProcess server(webSocketServer({"--max-movetime", "300", "--max-depth", "3"}));
  WebSocketClient client(server.port());
  client.send("go infinite");  // ends without stop: the cap stops it
  CHECK(client.readUntil("bestmove", kDeadlockGuard));
  client.send("go depth 9");
  std::string last;
  for (auto message = client.read(kDeadlockGuard); message && message->rfind("bestmove", 0) != 0;
       message = client.read(kDeadlockGuard))
    last = *message;
  std::smatch depth;
  REQUIRE(std::regex_search(last, depth, std::regex("^info depth (\\d+) ")));
  CHECK(depth[1] == "3");
  CHECK(server.stopCleanly());
}

TEST_CASE("Hub over WebSocket: Hub sessions, the connection's errors in Hub form",
          "[server][websocket][hub]") {
  ServerProcess server(webSocketServer({"--protocol", "hub", "--max-line", "64"}));
  WebSocketClient client(server.port());
  client.send("hub");
  CHECK(client.read().value_or("").rfind("id name=Damiera ", 0) == 0);
  CHECK(client.readUntil("wait"));
  client.send("ping");
  CHECK(client.read() == "pong");
  client.send(std::string(65, 'z'));
  CHECK(client.readToEnd() == Messages({"error message=\"line too long\""}));
  CHECK(client.closeCode() == kMessageTooBig);
  CHECK(server.stopCleanly());
}

TEST_CASE("The WebSocket port answers plain HTTP: /health for a balancer, 426 for the rest",
          "[server][websocket]") {
  ServerProcess server(webSocketServer());
  const std::string health =
      plainHttpRequest(server.port(), "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  CHECK(health.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  CHECK(health.substr(health.size() - 3) == "ok\n");
  const std::string page = plainHttpRequest(server.port(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(page.rfind("HTTP/1.1 426 Upgrade Required\r\n", 0) == 0);
  CHECK(page.find("\r\nUpgrade: websocket\r\n") != std::string::npos);
  CHECK(plainHttpRequest(server.port(), "isready\r\n\r\n").empty());  // not HTTP: closed
  CHECK(server.stopCleanly());
}

TEST_CASE("SIGTERM closes every WebSocket client with 1001 and the server exits 0",
          "[server][websocket]") {
  ServerProcess server(webSocketServer({"--max-movetime", "600000"}));
  WebSocketClient searching(server.port());
  WebSocketClient waiting(server.port());
  searching.send("go infinite");
  REQUIRE(searching.readUntil("info", kDeadlockGuard));
  waiting.send("isready");
  REQUIRE(waiting.read() == "readyok");
  REQUIRE(server.stopCleanly());
  const auto rest = searching.readToEnd(kDeadlockGuard);
  REQUIRE(rest);
  REQUIRE_FALSE(rest->empty());
  CHECK(rest->back().rfind("bestmove", 0) == 0);  // the search stopped, its move sent
  CHECK(searching.closeCode() == kGoingAway);
  CHECK(searching.closeReason() == "server stopping");
  CHECK(waiting.readToEnd(kDeadlockGuard) == Messages(std::vector<std::string>{}));
  CHECK(waiting.closeCode() == kGoingAway);
}
