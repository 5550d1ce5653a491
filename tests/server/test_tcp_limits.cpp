// The limits of the TCP server, over real sockets on 127.0.0.1: over-long lines, auth, a full
// server, idle clients, clients that never read, the memory a client can make it use, and a
// clean stop on SIGTERM.
#include <signal.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"

using namespace damiera::testing;

namespace {

// For anything to arrive at all on a loaded machine under sanitizers: a bound against hanging
// when the behaviour is broken, not a measure.
constexpr std::chrono::milliseconds kDeadlockGuard = 60s;

}  // namespace

TEST_CASE("The server says where it listens, on loopback unless told otherwise", "[server]") {
  ServerProcess server(smallServer(), "0");  // a port alone: the host is 127.0.0.1
  TcpClient client(server.port());
  client.sendLine("isready");
  CHECK(client.readLine() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("A line over --max-line gets 'error line too long' and the connection closes",
          "[server][limits]") {
  ServerProcess server(smallServer({"--max-line", "64"}));
  TcpClient client(server.port());
  client.sendLine(std::string(64, 'y'));  // exactly the limit: still a line
  CHECK(client.readLine() == "error unknown command 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...'");
  client.sendLine(std::string(65, 'z'));
  CHECK(client.readLine() == "error line too long");
  const auto rest = client.readToEnd(5s);
  REQUIRE(rest);  // closed
  CHECK(rest->empty());

  TcpClient other(server.port());  // the server goes on
  other.sendLine("isready");
  CHECK(other.readLine() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("A line that never ends does not make the server's memory grow", "[server][limits]") {
  ServerProcess server(smallServer());
  TcpClient warmup(server.port());
  warmup.sendLine("isready");
  REQUIRE(warmup.readLine() == "readyok");
  const long before = server.statusKb("VmHWM");

  TcpClient client(server.port());
  const std::string chunk(1 << 20, 'a');  // no newline at all
  // The server answers after --max-line bytes, then reads and drops the rest for a while
  // (closing with unread input would reset the connection and could lose the reply).
  for (int i = 0; i < 64 && client.send(chunk); ++i) {
  }
  client.shutdownWrite();
  const auto rest = client.readToEnd(10s);
  REQUIRE(rest);
  REQUIRE_FALSE(rest->empty());
  CHECK(rest->front() == "error line too long");
  const long after = server.statusKb("VmHWM");
  CHECK(after - before < 16 * 1024);  // kB; the line was 64 MiB
  CHECK(server.stopCleanly());
}

TEST_CASE("With --token-file every connection starts with auth <token>", "[server][auth]") {
  const std::string tokenFile = temporaryFile("token", "correct-horse\n");
  ServerProcess server(smallServer({"--token-file", tokenFile}));

  SECTION("no auth") {
    TcpClient client(server.port());
    client.sendLine("isready");
    CHECK(client.readLine() == "error unauthorized");
    CHECK(client.readToEnd(5s));
  }
  SECTION("a wrong token") {
    TcpClient client(server.port());
    client.sendLine("auth correct-horsf");
    client.sendLine("isready");
    CHECK(client.readLine() == "error unauthorized");
    CHECK(client.readToEnd(5s));
  }
  SECTION("a blank line first") {
    TcpClient client(server.port());
    client.sendLine("");
    CHECK(client.readLine() == "error unauthorized");
    CHECK(client.readToEnd(5s));
  }
  SECTION("the right token") {
    TcpClient client(server.port());
    client.sendLine("auth correct-horse");
    client.sendLine("isready");
    CHECK(client.readLine() == "readyok");  // auth itself says nothing
    client.sendLine("auth correct-horse");  // once authorized, auth is no command
    CHECK(client.readLine() == "error unknown command 'auth'");
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("A flood of connections past --max-clients is turned away without holding them",
          "[server][limits]") {
  ServerProcess server(smallServer({"--max-clients", "1"}));
  TcpClient member(server.port());
  member.sendLine("isready");
  REQUIRE(member.readLine() == "readyok");
  // None of these ever closes its side: the first ones wait (briefly) for it, the rest of the
  // flood is closed at once. Every one is told why.
  std::vector<std::unique_ptr<TcpClient>> flood;
  for (int i = 0; i < 100; ++i) flood.push_back(std::make_unique<TcpClient>(server.port()));
  for (const auto& client : flood) CHECK(client->readLine(5s) == "error server full");
  member.sendLine("isready");  // the member is served all along
  CHECK(member.readLine() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("Past --max-clients a connection gets 'error server full'", "[server][limits]") {
  ServerProcess server(smallServer({"--max-clients", "2"}));
  auto first = std::make_unique<TcpClient>(server.port());
  TcpClient second(server.port());
  for (TcpClient* client : {first.get(), &second}) {
    client->sendLine("isready");
    REQUIRE(client->readLine() == "readyok");
  }
  {
    TcpClient third(server.port());
    third.sendLine("isready");
    CHECK(third.readLine() == "error server full");
    CHECK(third.readToEnd(5s));
  }
  first->sendLine("quit");
  CHECK(first->readToEnd(5s));
  first.reset();
  // The slot is free again once the server has seen the close, which nothing tells a client
  // but a new connection that is let in: try again until one is.
  bool admitted = false;
  for (const auto deadline = std::chrono::steady_clock::now() + kDeadlockGuard;
       !admitted && std::chrono::steady_clock::now() < deadline;) {
    TcpClient again(server.port());
    again.sendLine("isready");
    admitted = again.readLine() == "readyok";
    if (!admitted) std::this_thread::sleep_for(100ms);
  }
  CHECK(admitted);
  CHECK(server.stopCleanly());
}

TEST_CASE("The idle timeout closes a silent connection, not a busy one", "[server][limits][heavy]") {
  ServerProcess server(smallServer({"--idle-timeout", "1"}));
  TcpClient idle(server.port());
  TcpClient busy(server.port());
  for (int i = 0; i < 8; ++i) {  // 2 s of traffic, a line every 250 ms
    busy.sendLine("isready");
    REQUIRE(busy.readLine() == "readyok");
    std::this_thread::sleep_for(250ms);
  }
  const auto rest = idle.readToEnd(5s);
  REQUIRE(rest);
  CHECK(*rest == std::vector<std::string>{"error idle timeout"});
  busy.sendLine("isready");
  CHECK(busy.readLine() == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("The idle timeout counts whole lines: a byte a second without a newline is idle",
          "[server][limits][heavy]") {
  // What counts as activity (PROTOCOL.md, "Over TCP"): a line received up to its newline, or a
  // reply written. Bytes of a line not yet ended do not: a client trickling them is closed.
  ServerProcess server(smallServer({"--idle-timeout", "1"}));
  TcpClient trickle(server.port());
  bool closed = false;
  std::optional<std::string> reply;
  for (int i = 0; i < 40 && !closed; ++i) {  // at most 40 bytes, 10 s: the test always ends
    if (!trickle.send("x")) break;
    reply = trickle.readLine(250ms);  // the pace of the trickle, and what the server said
    closed = reply.has_value();
  }
  REQUIRE(closed);
  CHECK(*reply == "error idle timeout");
  CHECK(trickle.readToEnd(5s) == std::vector<std::string>{});
  CHECK(server.stopCleanly());
}

TEST_CASE("A client that never reads is disconnected when its output is full, and others go on",
          "[server][limits]") {
  ServerProcess server(smallServer({"--max-output", "65536"}));
  TcpClient reader(server.port());
  TcpClient hog(server.port());
  // About 14 lines (742 bytes) for every "d": 74 MB of replies to 100,000 of them, never read.
  // The kernel's buffers take some of them (about 100 KB here), the server at most 64 KiB more.
  std::string batch;
  for (int i = 0; i < 1000; ++i) batch += "d\n";
  for (int i = 0; i < 100 && hog.send(batch); ++i) {
    reader.sendLine("isready");
    REQUIRE(reader.readLine(kDeadlockGuard) == "readyok");
  }
  // Only once the server has closed it does the hog read: what got through, then the end.
  // (Reading earlier would make room for more replies, and the server could serve them all.)
  REQUIRE(hog.waitForClose(kDeadlockGuard));
  const auto received = hog.readToEnd(kDeadlockGuard);
  REQUIRE(received);
  CHECK(received->size() < 100u * 1000u * 14u);
  reader.sendLine("legalmoves");
  CHECK(reader.readLine(kDeadlockGuard) == "legalmoves 21-17 21-18 22-18 22-19 23-19 23-20 24-20");
  CHECK(server.stopCleanly());
}

TEST_CASE("SIGTERM stops every search, closes every connection and exits 0", "[server]") {
  ServerProcess server(smallServer({"--max-movetime", "600000"}));
  TcpClient searching(server.port());
  TcpClient waiting(server.port());
  searching.sendLine("go infinite");
  REQUIRE(searching.readUntil("info"));
  waiting.sendLine("isready");
  REQUIRE(waiting.readLine() == "readyok");

  const std::optional<int> status = server.stop(SIGTERM, 10s);
  REQUIRE(status);
  CHECK(*status == 0);
  std::vector<std::string> infos;
  CHECK(searching.readUntil("bestmove", 5s, &infos));  // its search was stopped, and answered
  CHECK(searching.readToEnd(5s));
  CHECK(waiting.readToEnd(5s));
}

TEST_CASE("SIGINT stops the server too", "[server]") {
  ServerProcess server(smallServer());
  TcpClient client(server.port());
  client.sendLine("isready");
  REQUIRE(client.readLine() == "readyok");
  const std::optional<int> status = server.stop(SIGINT, 10s);
  REQUIRE(status);
  CHECK(*status == 0);
  CHECK(client.readToEnd(5s));
}

TEST_CASE("Hash and Threads of one session allocate no memory and start no thread",
          "[server][limits]") {
  ServerProcess server(smallServer());
  TcpClient client(server.port());
  client.sendLine("go depth 3");
  REQUIRE(client.readUntil("bestmove"));
  const long threads = server.statusKb("Threads");  // a count, not kB
  client.sendLine("setoption name Hash value 16384");
  client.sendLine("setoption name Threads value 64");
  client.sendLine("go depth 5");
  std::vector<std::string> before;
  REQUIRE(client.readUntil("bestmove", 10s, &before));
  for (const std::string& line : before) CHECK(line.rfind("info", 0) == 0);  // no error: accepted
  client.sendLine("isready");
  CHECK(client.readLine() == "readyok");
  CHECK(server.statusKb("VmHWM") < 1024 * 1024);  // far below 16 GB
  CHECK(server.statusKb("Threads") == threads);
  CHECK(server.stopCleanly());
}
