// Scale-out (docs/server.md, "Running several servers"): two `damiera --listen` servers behind a
// real HAProxy with the shipped configuration (tools/deploy/haproxy.cfg), all on 127.0.0.1.
// damiera-load runs through the balancer while one server is killed: the clients of the live
// one lose nothing, new connections all go to the live one, and the clients of the killed one
// see their connection closed (no hang). The token check and the limits work the same through
// the balancer. Prints the load figures. The same with --websocket servers: the upgrade and the
// messages pass, and the health check (their GET /health) takes a server down and up again.
// Without haproxy these tests are skipped (exit code 77, the reason printed last).
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/common/file_text.h"
#include "tests/common/skip_test.h"
#include "tests/common/toolchain_group.h"
#include "tests/server/http_client.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"
#include "tests/server/websocket_client.h"

extern char** environ;

using namespace damiera::testing;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;
const std::string kLoadTool = std::string(DAMIERA_BUILD_DIR) + "/damiera-load";
constexpr const char* kToken = "balancer-test-token";

// The exit code ctest counts as skipped (SKIP_RETURN_CODE), with the reason printed last.
constexpr int kSkipped = 77;
// For anything to arrive at all on a loaded machine: a bound against hanging, not a measure.
constexpr std::chrono::milliseconds kDeadlockGuard = 60s;

void skipUnlessHaproxyIsInstalled() {
  if (const auto missing = damiera::test_kit::toolchainGroupMissing("haproxy")) {
    damiera::test_kit::reportSkipped(*missing);
    std::exit(kSkipped);
  }
  const char* path = std::getenv("PATH");
  std::istringstream folders(path != nullptr ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');)
    if (!folder.empty() && access((folder + "/haproxy").c_str(), X_OK) == 0) return;
  std::cout << "skipped: haproxy is not installed (tools/setup installs it)" << std::endl;
  std::exit(kSkipped);
}

// A free loopback port for HAProxy's frontend (HAProxy cannot report a port 0 it was given).
int freePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  socklen_t length = sizeof address;
  REQUIRE(getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  close(fd);
  return ntohs(address.sin_port);
}

// What the servers behind HAProxy speak: lines, or WebSocket (DAMIERA_WEBSOCKET).
enum class Servers { Lines, WebSocket, Http };

// haproxy -f tools/deploy/haproxy.cfg in the foreground, its addresses in the environment.
class Haproxy {
 public:
  Haproxy(int frontend, int server1, int server2, Servers servers = Servers::Lines)
      : port_(frontend),
        log_(std::string(DAMIERA_BUILD_DIR) +
             (servers == Servers::WebSocket ? "/server_tests_haproxy_ws.log"
              : servers == Servers::Http    ? "/server_tests_haproxy_http.log"
                                            : "/server_tests_haproxy.log")) {
    const std::string& log = log_;
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    env.push_back("DAMIERA_FRONTEND=127.0.0.1:" + std::to_string(frontend));
    env.push_back("DAMIERA_SERVER1=127.0.0.1:" + std::to_string(server1));
    env.push_back("DAMIERA_SERVER2=127.0.0.1:" + std::to_string(server2));
    env.push_back(std::string("DAMIERA_TOKEN=") + kToken);
    if (servers == Servers::WebSocket) env.push_back("DAMIERA_WEBSOCKET=1");
    if (servers == Servers::Http) env.push_back("DAMIERA_HTTP=1");
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::string config = kSourceDir + "/tools/deploy/haproxy.cfg";
    std::vector<std::string> args = {"haproxy", "-f", config, "-db"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    const int spawned = posix_spawnp(&pid_, "haproxy", &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
      pid_ = -1;
      FAIL("cannot start haproxy (tools/setup installs it)");
    }
    // The WebSocket and HTTP tests wait for HAProxy's own words instead (waitForLog).
    if (servers != Servers::Lines) return;
    // Ready once a session through it answers (bounded: 100 tries, 10 s).
    for (int attempt = 0; attempt < 100; ++attempt) {
      try {
        TcpClient probe(port_);
        probe.sendLine(std::string("auth ") + kToken);
        probe.sendLine("isready");
        if (probe.readLine(1s) == std::optional<std::string>("readyok")) return;
      } catch (const std::runtime_error&) {
      }
      std::this_thread::sleep_for(100ms);
    }
    FAIL("haproxy did not serve within 10 s; its log:\n" << damiera::test::fileText(log));
  }
  ~Haproxy() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }
  int port() const { return port_; }
  std::string log() const { return damiera::test::fileText(log_); }

  // Waits until HAProxy's log (its warnings: servers going down and up) holds `text` `times`
  // times: woken by inotify at every write, no polling. False when it has not within `timeout`.
  bool waitForLog(const std::string& text, int times, std::chrono::milliseconds timeout) const {
    const int watch = inotify_init1(IN_CLOEXEC);
    REQUIRE(watch >= 0);
    REQUIRE(inotify_add_watch(watch, log_.c_str(), IN_MODIFY) >= 0);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    bool found = false;
    for (;;) {
      const std::string written = log();  // read after the watch is set: no write is missed
      int count = 0;
      for (auto at = written.find(text); at != std::string::npos; at = written.find(text, at + 1))
        ++count;
      found = count >= times;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (found || left.count() <= 0) break;
      pollfd p{watch, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) > 0) {
        char events[4096];
        [[maybe_unused]] const ssize_t ignored = read(watch, events, sizeof events);
      }
    }
    close(watch);
    return found;
  }

 private:
  pid_t pid_ = -1;
  int port_;
  std::string log_;
};

std::unique_ptr<TcpClient> authorised(int port) {
  auto client = std::make_unique<TcpClient>(port);
  client->sendLine(std::string("auth ") + kToken);
  return client;
}

// Which server a connection is on: server 1 caps depths at 3, server 2 at 4, so "go depth 9"
// ends with an info of depth 3 or 4. 0 when the connection is gone.
int serverOf(TcpClient& client) {
  client.sendLine("position startpos");
  client.sendLine("go depth 9");
  std::vector<std::string> before;
  if (!client.readUntil("bestmove", 20s, &before) || before.empty()) return 0;
  std::smatch depth;
  const std::string& last = before.back();
  if (!std::regex_search(last, depth, std::regex("^info depth (\\d+) "))) return 0;
  return std::stoi(depth[1]) == 3 ? 1 : std::stoi(depth[1]) == 4 ? 2 : 0;
}

// Established TCP connections whose local port is `port`, from /proc/net/tcp.
int establishedOn(int port) {
  std::ifstream in("/proc/net/tcp");
  std::string line;
  std::getline(in, line);  // header
  int count = 0;
  char localPort[8];
  std::snprintf(localPort, sizeof localPort, ":%04X", port);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    fields >> slot >> local >> remote >> state;
    if (state == "01" && local.size() >= 5 && local.substr(local.size() - 5) == localPort) ++count;
  }
  return count;
}

struct Totals {
  long errors = -1, lost = -1, disconnects = -1;
};

Totals totalsOf(const std::string& output) {
  Totals totals;
  std::smatch match;
  if (std::regex_search(output, match,
                        std::regex("errors (\\d+), lost replies (\\d+), disconnects (\\d+)"))) {
    totals.errors = std::stol(match[1]);
    totals.lost = std::stol(match[2]);
    totals.disconnects = std::stol(match[3]);
  }
  return totals;
}

}  // namespace

TEST_CASE("Behind HAProxy: a killed server's clients are closed, the live one's lose nothing",
          "[server][haproxy][heavy]") {
  skipUnlessHaproxyIsInstalled();
  const std::string tokenFile = temporaryFile("haproxy_token", std::string(kToken) + "\n");
  auto server1 = std::make_unique<ServerProcess>(
      smallServer({"--token-file", tokenFile, "--max-depth", "3", "--max-line", "4096"}));
  ServerProcess server2(
      smallServer({"--token-file", tokenFile, "--max-depth", "4", "--max-line", "4096"}));
  Haproxy haproxy(freePort(), server1->port(), server2.port());

  // The token check and the limits, through the balancer, as without it.
  {
    TcpClient intruder(haproxy.port());
    intruder.sendLine("isready");
    CHECK(intruder.readToEnd(10s) == std::vector<std::string>{"error unauthorized"});
    auto longLine = authorised(haproxy.port());
    longLine->sendLine(std::string(5000, 'x'));
    CHECK(longLine->readToEnd(10s) == std::vector<std::string>{"error line too long"});
  }

  // Eight clients of our own, spread by least connections: four on each server.
  std::vector<std::unique_ptr<TcpClient>> onServer[3];
  for (int i = 0; i < 8; ++i) {
    auto client = authorised(haproxy.port());
    const int server = serverOf(*client);
    REQUIRE(server != 0);
    onServer[server].push_back(std::move(client));
  }
  CHECK(onServer[1].size() == 4);
  CHECK(onServer[2].size() == 4);
  REQUIRE(!onServer[1].empty());
  REQUIRE(!onServer[2].empty());

  // The load: 16 clients through HAProxy for 6 s, on both servers; server 1 killed meanwhile.
  const std::string script = temporaryFile(
      "haproxy_script", "position\nlegalmoves\nisready\ngo depth 2\nposition\ngo movetime 5\n");
  const std::string command = kLoadTool + " --connect 127.0.0.1:" + std::to_string(haproxy.port()) +
                              " --clients 16 --duration 6 --grace 10 --script " + script +
                              " --token-file " + tokenFile + " 2>&1";
  FILE* load = popen(command.c_str(), "r");
  REQUIRE(load != nullptr);
  // Wait until the load's clients are on server 1 too (our 4 plus at least 6 of its 16).
  bool loaded = false;
  for (int i = 0; i < 200 && !loaded; ++i) {  // at most 10 s
    loaded = establishedOn(server1->port()) >= 4 + 6;
    if (!loaded) std::this_thread::sleep_for(50ms);
  }
  CHECK(loaded);
  server1->stop(SIGKILL, 10s);
  server1.reset();

  // The killed server's clients: closed at once, not left hanging.
  for (auto& client : onServer[1]) CHECK(client->readToEnd(10s).has_value());
  // The live server's clients go on as if nothing happened.
  for (auto& client : onServer[2]) {
    client->sendLine("isready");
    CHECK(client->readLine() == "readyok");
    CHECK(serverOf(*client) == 2);
  }
  // New connections all go to the live server (a refused connect is redispatched at once;
  // the health check soon marks the dead one down).
  for (int i = 0; i < 6; ++i) {
    auto client = authorised(haproxy.port());
    CHECK(serverOf(*client) == 2);
  }

  std::string output;
  char buffer[4096];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, load)) output.append(buffer, n);
  const int status = pclose(load);
  std::cout << "-- damiera-load through HAProxy, server 1 of 2 killed midway:\n" << output;
  INFO(output);
  const Totals totals = totalsOf(output);
  // No wrong reply anywhere; the load's clients of the killed server were disconnected (not
  // all 16: the others were on the live one), and only a disconnected client lost its one
  // command in flight. damiera-load exits 1 since there were disconnects.
  CHECK(totals.errors == 0);
  CHECK(totals.disconnects >= 1);
  CHECK(totals.disconnects <= 15);
  CHECK(totals.lost <= totals.disconnects);
  CHECK(WIFEXITED(status));
  CHECK(output.find("all ") != std::string::npos);
  // HAProxy's own log (tools/deploy/haproxy.cfg: on its stdout): a line a connection, naming
  // the server that served it.
  CHECK(haproxy.log().find(" damiera damiera_servers/damiera2 ") != std::string::npos);
  CHECK(server2.stopCleanly());
}

namespace {

std::vector<std::string> webSocketServer(const std::string& tokenFile, const char* maxDepth) {
  return smallServer({"--websocket", "--token-file", tokenFile, "--max-line", "4096",
                      "--allow-origin", "https://play.example", "--max-depth", maxDepth});
}

std::unique_ptr<WebSocketClient> authorisedPage(int port) {
  auto client = std::make_unique<WebSocketClient>(port, "https://play.example");
  client->send(std::string("auth ") + kToken);
  return client;
}

// As serverOf, over WebSocket: 1 or 2 (the server's depth cap, 3 or 4), 0 when gone.
int webSocketServerOf(WebSocketClient& client) {
  client.send("position startpos");
  client.send("go depth 9");
  std::string last;
  for (auto message = client.read(20s); message; message = client.read(20s)) {
    if (message->rfind("bestmove", 0) != 0) {
      last = *message;
      continue;
    }
    std::smatch depth;
    if (!std::regex_search(last, depth, std::regex("^info depth (\\d+) "))) return 0;
    return depth[1] == "3" ? 1 : depth[1] == "4" ? 2 : 0;
  }
  return 0;
}

}  // namespace

TEST_CASE("Behind HAProxy over WebSocket: the upgrade and messages pass, /health is the check",
          "[server][haproxy][websocket][heavy]") {
  skipUnlessHaproxyIsInstalled();
  const std::string tokenFile = temporaryFile("haproxy_ws_token", std::string(kToken) + "\n");
  const int port1 = freePort();
  ServerProcess server2(webSocketServer(tokenFile, "4"));
  Haproxy haproxy(freePort(), port1, server2.port(), Servers::WebSocket);

  // Server 1 is not running yet: the health check takes it down; once it runs, only a check
  // that a --websocket server passes (GET /health answered 200) brings it up again.
  INFO(haproxy.log());
  REQUIRE(haproxy.waitForLog("damiera1 is DOWN", 1, kDeadlockGuard));
  auto server1 = std::make_unique<ServerProcess>(webSocketServer(tokenFile, "3"),
                                                 "127.0.0.1:" + std::to_string(port1));
  REQUIRE(haproxy.waitForLog("damiera1 is UP", 1, kDeadlockGuard));

  // The Origin check, the token check and the limits, through the balancer, as without it:
  // the close codes and reasons pass unchanged.
  {
    WebSocketClient page(haproxy.port(), "https://evil.example");
    CHECK(page.readToEnd() == std::optional<std::vector<std::string>>(std::vector<std::string>{}));
    CHECK(page.closeCode() == 1008);
    CHECK(page.closeReason() == "origin not allowed: https://evil.example");
    WebSocketClient intruder(haproxy.port(), "https://play.example");
    intruder.send("isready");
    CHECK(intruder.readToEnd() == std::vector<std::string>{"error unauthorized"});
    CHECK(intruder.closeCode() == 1008);
    auto longLine = authorisedPage(haproxy.port());
    longLine->send(std::string(5000, 'x'));
    CHECK(longLine->readToEnd() == std::vector<std::string>{"error line too long"});
    CHECK(longLine->closeCode() == 1009);
  }

  // Pages on both servers (least connections spreads them).
  std::vector<std::unique_ptr<WebSocketClient>> onServer[3];
  for (int i = 0; i < 4; ++i) {
    auto page = authorisedPage(haproxy.port());
    const int server = webSocketServerOf(*page);
    REQUIRE(server != 0);
    onServer[server].push_back(std::move(page));
  }
  REQUIRE(!onServer[1].empty());
  REQUIRE(!onServer[2].empty());

  server1->stop(SIGKILL, 10s);
  server1.reset();
  // The killed server's pages see their connection end (no hang); the live one's go on.
  for (auto& page : onServer[1]) CHECK(page->readToEnd(kDeadlockGuard).has_value());
  for (auto& page : onServer[2]) {
    page->send("isready");
    CHECK(page->read() == "readyok");
    CHECK(webSocketServerOf(*page) == 2);
  }
  // New pages all go to the live server, and the check takes the dead one down again.
  for (int i = 0; i < 4; ++i) {
    auto page = authorisedPage(haproxy.port());
    CHECK(webSocketServerOf(*page) == 2);
  }
  CHECK(haproxy.waitForLog("damiera1 is DOWN", 2, kDeadlockGuard));
  CHECK(haproxy.log().find("damiera2 is DOWN") == std::string::npos);
  CHECK(server2.stopCleanly());
}

TEST_CASE("Behind HAProxy over HTTP: each position's evaluations go to one server, its cache",
          "[server][haproxy][http][heavy]") {
  skipUnlessHaproxyIsInstalled();
  ServerProcess server1(smallServer({"--http"}));
  ServerProcess server2(smallServer({"--http"}));
  Haproxy haproxy(freePort(), server1.port(), server2.port(), Servers::Http);
  INFO(haproxy.log());
  // Up once it listens: a refused connection is answered at once, so this loop is short.
  bool up = false;
  for (int attempt = 0; attempt < 100'000 && !up; ++attempt)
    up = httpGet(haproxy.port(), "/health").status == 200;
  REQUIRE(up);
  // 16 positions (one man each side), each asked twice: with balancing by position the second
  // is always the first's server's cache; taking turns, it would go to the other server.
  for (int white = 21; white <= 28; ++white)
    for (int black = 1; black <= 2; ++black) {
      const std::string target =
          "/v1/eval?fen=W:W" + std::to_string(white) + ":B" + std::to_string(black) + "&depth=3";
      const HttpAnswer first = httpGet(haproxy.port(), target);
      const HttpAnswer second = httpGet(haproxy.port(), target);
      INFO(target << ": " << first.status << " " << first.body << " / " << second.body);
      REQUIRE(first.status == 200);
      REQUIRE(second.status == 200);
      CHECK(nlohmann::json::parse(first.body)["cached"] == false);
      CHECK(nlohmann::json::parse(second.body)["cached"] == true);
    }
  // ... and the positions are spread over both servers: each has some in its cache.
  for (const ServerProcess* server : {&server1, &server2}) {
    const std::string metrics = httpGet(server->port(), "/metrics").body;
    CHECK(metrics.find("damiera_eval_cache_hits_total 0\n") == std::string::npos);
  }
  CHECK(haproxy.log().find(" damiera_eval/damiera") != std::string::npos);  // its httplog
  CHECK(server1.stopCleanly());
  CHECK(server2.stopCleanly());
}
