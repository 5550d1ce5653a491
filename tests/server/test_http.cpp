// The analysis server's HTTP/JSON API (--http, docs/http.md) driven by an HTTP client over real
// sockets on 127.0.0.1: every endpoint, the refusals (400, 401, 429), and the port shared with
// WebSocket.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/common/file_text.h"
#include "tests/server/http_client.h"
#include "tests/server/server_process.h"
#include "tests/server/websocket_client.h"

using namespace damiera::testing;
using nlohmann::json;

namespace {

const std::string kStartFen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
const std::string kGame =
    "[Event \"http test\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. 22-18 10-14 2. 23-19 14x23 *\n";

json body(const HttpAnswer& answer) {
  INFO(answer.error << answer.body);
  REQUIRE(answer.status != 0);
  return json::parse(answer.body);
}

std::vector<std::string> httpServer(const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = smallServer({"--http"});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("Over HTTP an evaluation, then the same from the cache, multipv and /metrics",
          "[server][http]") {
  ServerProcess server(httpServer());
  const std::string target = "/v1/eval?fen=" + kStartFen + "&depth=5";
  const HttpAnswer first = httpGet(server.port(), target);
  CHECK(first.status == 200);
  CHECK(first.headers.at("content-type") == "application/json");
  const json searched = body(first);
  CHECK(searched["cached"] == false);
  CHECK(searched["depth"].get<int>() >= 5);
  CHECK(searched["fen"] == kStartFen);
  const json cached = body(httpGet(server.port(), target));
  CHECK(cached["cached"] == true);
  CHECK(cached["pvs"] == searched["pvs"]);

  const json three =
      body(httpGet(server.port(), "/v1/eval?fen=" + kStartFen + "&depth=4&multipv=3"));
  REQUIRE(three["pvs"].size() == 3);
  for (const json& pv : three["pvs"]) {
    CHECK(!pv["moves"].get<std::string>().empty());
    CHECK((pv.contains("cp") || pv.contains("mate")));
  }

  const HttpAnswer metrics = httpGet(server.port(), "/metrics");
  CHECK(metrics.status == 200);
  CHECK(metrics.headers.at("content-type").rfind("text/plain", 0) == 0);
  CHECK(metrics.body.find("damiera_eval_cache_hits_total 1\n") != std::string::npos);
  CHECK(metrics.body.find("damiera_eval_cache_misses_total 2\n") != std::string::npos);
  CHECK(metrics.body.find("# TYPE damiera_searches_running gauge\n") != std::string::npos);
  CHECK(httpGet(server.port(), "/health").status == 200);
  CHECK(server.stopCleanly());
}

TEST_CASE("Over HTTP a game's analysis goes from submission to done and bad requests are 400s",
          "[server][http]") {
  ServerProcess server(httpServer());
  const HttpAnswer submitted =
      httpFetch(server.port(), HttpExchange{"POST", "/v1/analyse?depth=3", kGame, {}});
  REQUIRE(submitted.status == 202);
  const std::string url = body(submitted)["url"];
  CHECK(submitted.headers.at("location") == url);
  // Each answer is the job's state now: asked again until it is done (each request waits on
  // the server's answer, there is no sleep).
  json job;
  for (int asked = 0; asked < 100'000; ++asked) {
    job = body(httpGet(server.port(), url));
    if (job["status"] == "done") break;
    CHECK((job["status"] == "queued" || job["status"] == "running"));
  }
  REQUIRE(job["status"] == "done");
  CHECK(job["analysed"] == 5);
  REQUIRE(job["analysis"]["moves"].size() == 4);
  CHECK(job["analysis"]["moves"][3]["move"] == "14x23");
  CHECK(job["analysis"]["tags"]["Event"] == "http test");

  const HttpAnswer badFen = httpGet(server.port(), "/v1/eval?fen=W:W33:B1&depth=2");
  CHECK(badFen.status == 400);
  CHECK(body(badFen)["error"].get<std::string>().rfind("invalid fen", 0) == 0);
  const HttpAnswer badPdn = httpFetch(
      server.port(), HttpExchange{"POST", "/v1/analyse", "1. 22-18 10-14 2. 18-15 *\n", {}});
  CHECK(badPdn.status == 400);
  CHECK(body(badPdn)["error"].get<std::string>().find("18-15") != std::string::npos);
  CHECK(httpGet(server.port(), "/v1/eval?fen=" + kStartFen + "&depth=99").status == 400);
  CHECK(httpGet(server.port(), "/v1/eval?fen=" + kStartFen + "&speed=1").status == 400);
  CHECK(server.stopCleanly());
}

TEST_CASE("Over HTTP with --token-file a request without 'Authorization: Bearer <token>' is a 401",
          "[server][http]") {
  const std::string token = temporaryFile("http-token.txt", "s3cret-token\n");
  ServerProcess server(httpServer({"--token-file", token}));
  const std::string target = "/v1/eval?fen=" + kStartFen + "&depth=2";
  const HttpAnswer refused = httpGet(server.port(), target);
  CHECK(refused.status == 401);
  CHECK(body(refused)["error"] == "unauthorized");
  CHECK(refused.headers.at("www-authenticate") == "Bearer");
  CHECK(httpFetch(server.port(), HttpExchange{"GET", target, {}, {{"Authorization", "Bearer no"}}})
            .status == 401);
  CHECK(httpFetch(server.port(),
                  HttpExchange{"GET", target, {}, {{"Authorization", "Bearer s3cret-token"}}})
            .status == 200);
  CHECK(httpGet(server.port(), "/health").status == 200);  // a balancer's check needs none
  CHECK(server.stopCleanly());
}

TEST_CASE(
    "Over HTTP a flood gets 429 with Retry-After beyond a client's queue and the server "
    "still answers",
    "[server][http]") {
  ServerProcess server(httpServer({"--http-client-queue", "2", "--max-movetime", "60000"}));
  // Long searches (each stopped by SIGTERM at the end): two take the client's places, the
  // other four are refused at once.
  std::vector<HttpExchange> flood;
  for (int i = 0; i < 6; ++i)
    flood.push_back({"GET", "/v1/eval?fen=" + kStartFen + "&movetime=60000", {}, {}});
  const std::vector<HttpAnswer> answers = httpFlood(server.port(), flood, 4, 60s);
  int refused = 0;
  for (const HttpAnswer& answer : answers) {
    if (answer.status == 0) continue;  // one of the two still searching
    CHECK(answer.status == 429);
    CHECK(answer.headers.at("retry-after") == "1");
    CHECK(body(answer)["error"] == "too many requests of this client not done yet");
    ++refused;
  }
  CHECK(refused == 4);
  const HttpAnswer metrics = httpGet(server.port(), "/metrics");
  CHECK(metrics.status == 200);
  CHECK(metrics.body.find("damiera_http_pending 2\n") != std::string::npos);
  CHECK(metrics.body.find("damiera_http_responses_total{code=\"429\"} 4\n") != std::string::npos);
  CHECK(body(httpGet(server.port(), "/v1/analyse/nothing"))["error"] ==
        "no such analysis job: nothing");
  CHECK(server.stopCleanly());
}

TEST_CASE(
    "With --websocket and --http on one port upgrades are sessions and other requests the API",
    "[server][http]") {
  ServerProcess server(httpServer({"--websocket"}));
  WebSocketClient client(server.port());
  REQUIRE(client.send("isready"));
  CHECK(client.readUntil("readyok"));
  const json evaluation = body(httpGet(server.port(), "/v1/eval?fen=" + kStartFen + "&depth=3"));
  CHECK(evaluation["depth"].get<int>() >= 3);
  const HttpAnswer metrics = httpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("damiera_sessions 1\n") != std::string::npos);
  client.close();
  CHECK(server.stopCleanly());
}

TEST_CASE("With --http alone the port speaks HTTP only and a WebSocket upgrade is not served",
          "[server][http]") {
  ServerProcess server(httpServer());
  CHECK_THROWS(WebSocketClient(server.port()));
  CHECK(httpGet(server.port(), "/").status == 404);
  CHECK(server.stopCleanly());
}

TEST_CASE("The server's log has a line for each request and each connection event",
          "[server][http]") {
  const std::string log = temporaryFile("http-server.log", "");
  const std::string token = temporaryFile("http-log-token.txt", "log-token\n");
  {
    ServerProcess server(httpServer({"--websocket", "--token-file", token, "--max-depth", "3"}),
                         "127.0.0.1:0", log);
    CHECK(httpGet(server.port(), "/v1/eval?fen=" + kStartFen + "&depth=2").status == 401);
    {
      WebSocketClient refused(server.port());  // a wrong first line: closed, unauthorized
      REQUIRE(refused.send("isready"));
      CHECK(refused.readToEnd());
    }
    WebSocketClient client(server.port());
    REQUIRE(client.send("auth log-token"));
    REQUIRE(client.send("go depth 9"));  // deeper than --max-depth: capped
    CHECK(client.readUntil("bestmove"));
    client.close();
    CHECK(server.stopCleanly());
  }
  const std::string lines = damiera::test::fileText(log);
  INFO(lines);
  CHECK(lines.find(" http \"GET /v1/eval?fen=" + kStartFen + "&depth=2\" 401 ") !=
        std::string::npos);
  CHECK(lines.find(" closed: unauthorized\n") != std::string::npos);
  CHECK(lines.find("a search of depth 9 is capped at depth 3 (--max-depth)\n") !=
        std::string::npos);

  // A full server: the one place is held by a session that has answered, so the request
  // after it is the one turned away.
  const std::string fullLog = temporaryFile("http-server-full.log", "");
  {
    ServerProcess server(httpServer({"--websocket", "--max-clients", "1"}), "127.0.0.1:0", fullLog);
    WebSocketClient holder(server.port());
    REQUIRE(holder.send("isready"));
    CHECK(holder.readUntil("readyok"));
    CHECK(httpGet(server.port(), "/health").status == 503);
    holder.close();
    CHECK(server.stopCleanly());
  }
  const std::string full = damiera::test::fileText(fullLog);
  INFO(full);
  CHECK(full.find(" http \"GET /health\" 503 ") != std::string::npos);
}

TEST_CASE("Over HTTP one connection serves request after request until 'Connection: close'",
          "[server][http]") {
  const std::string log = temporaryFile("http-keep-alive.log", "");
  int clientPort = 0;
  {
    ServerProcess server(httpServer(), "127.0.0.1:0", log);
    HttpConnection connection(server.port());
    clientPort = connection.localPort();
    const std::string target = "/v1/eval?fen=" + kStartFen + "&depth=3";
    const HttpAnswer first = connection.fetch({"GET", target, {}, {}});
    CHECK(first.status == 200);
    CHECK(first.headers.count("connection") == 0);  // HTTP/1.1: kept unless it says close
    CHECK(body(first)["cached"] == false);
    CHECK(body(connection.fetch({"GET", target, {}, {}}))["cached"] == true);
    CHECK(connection.fetch({"POST", "/v1/analyse?depth=2", kGame, {}}).status == 202);
    CHECK(connection.fetch({"GET", "/v1/eval?fen=W:W33:B1", {}, {}}).status == 400);  // kept too
    const HttpAnswer last = connection.fetch({"GET", "/health", {}, {{"Connection", "close"}}});
    CHECK(last.status == 200);
    CHECK(last.headers.at("connection") == "close");
    CHECK(connection.closedByServer());
    // A kept connection does not hold the server up when it stops: it is closed.
    HttpConnection waiting(server.port());
    CHECK(waiting.fetch({"GET", "/health", {}, {}}).status == 200);
    CHECK(server.stopCleanly());
    CHECK(waiting.closedByServer());
  }
  // Every request came on the one connection: the log names the same client port for each.
  const std::string lines = damiera::test::fileText(log);
  INFO(lines);
  const std::string client = "damiera: 127.0.0.1:" + std::to_string(clientPort) + " http \"";
  int requests = 0;
  for (auto at = lines.find(client); at != std::string::npos; at = lines.find(client, at + 1))
    ++requests;
  CHECK(requests == 5);
}

TEST_CASE("Over HTTP a kept connection holds its place and is closed after the idle timeout",
          "[server][http][heavy]") {
  ServerProcess server(httpServer({"--max-clients", "1", "--idle-timeout", "1"}));
  HttpConnection kept(server.port());
  CHECK(kept.fetch({"GET", "/health", {}, {}}).status == 200);
  // The kept connection still counts against --max-clients: another is turned away...
  const HttpAnswer refused = httpGet(server.port(), "/health");
  CHECK(refused.status == 503);
  CHECK(refused.headers.at("connection") == "close");
  // ... while the kept one goes on, until it stays silent for the idle timeout.
  CHECK(kept.fetch({"GET", "/health", {}, {}}).status == 200);
  CHECK(kept.closedByServer());
  CHECK(server.stopCleanly());
}

TEST_CASE("Over HTTP/1.0 a connection is closed after its answer unless it asks 'keep-alive'",
          "[server][http]") {
  ServerProcess server(httpServer());
  HttpConnection once(server.port());
  const HttpAnswer answered = once.fetch({"GET", "/health", {}, {}, 10});
  CHECK(answered.status == 200);
  CHECK(once.closedByServer());
  HttpConnection kept(server.port());
  const HttpAnswer first = kept.fetch({"GET", "/health", {}, {{"Connection", "keep-alive"}}, 10});
  CHECK(first.status == 200);
  CHECK(first.headers.at("connection") == "keep-alive");
  CHECK(kept.fetch({"GET", "/health", {}, {{"Connection", "keep-alive"}}, 10}).status == 200);
  CHECK(server.stopCleanly());
}

TEST_CASE("Behind a trusted proxy each client named by X-Forwarded-For has its own queue",
          "[server][http]") {
  const std::string eval = "/v1/eval?fen=" + kStartFen + "&depth=";
  const auto from = [](const std::string& client, std::string method, const std::string& target,
                       std::string body = "") {
    HttpExchange exchange{std::move(method), target, std::move(body), {}};
    if (!client.empty()) exchange.headers["X-Forwarded-For"] = client;
    return exchange;
  };
  // One place a client; an analysis at depth 60 holds the place of 203.0.113.5 until cancelled.
  const std::vector<std::string> common = {"--http-client-queue", "1", "--max-depth", "60"};
  SECTION("trusted: the header names the client") {
    const std::string log = temporaryFile("http-trusted-proxy.log", "");
    {
      std::vector<std::string> args = common;
      args.insert(args.end(), {"--trusted-proxy", "127.0.0.1"});
      ServerProcess server(httpServer(args), "127.0.0.1:0", log);
      const HttpAnswer held =
          httpFetch(server.port(), from("203.0.113.5", "POST", "/v1/analyse?depth=60", kGame));
      REQUIRE(held.status == 202);
      CHECK(httpFetch(server.port(), from("203.0.113.5", "GET", eval + "3")).status == 429);
      CHECK(httpFetch(server.port(), from("198.51.100.7", "GET", eval + "2")).status == 200);
      CHECK(httpFetch(server.port(), from("", "GET", eval + "4")).status == 200);  // the proxy's
      CHECK(httpFetch(server.port(), from("203.0.113.5", "DELETE", body(held)["url"])).status ==
            204);
      CHECK(httpFetch(server.port(), from("203.0.113.5", "GET", eval + "3")).status == 200);
      CHECK(server.stopCleanly());
    }
    const std::string lines = damiera::test::fileText(log);
    INFO(lines);
    CHECK(lines.find(" 429 ") != std::string::npos);
    CHECK(lines.find("bytes for 203.0.113.5\n") != std::string::npos);
    CHECK(lines.find("bytes for 198.51.100.7\n") != std::string::npos);
  }
  SECTION("not trusted: the header is anyone's to write, and every request is the peer's") {
    ServerProcess server(httpServer(common));
    const HttpAnswer held =
        httpFetch(server.port(), from("203.0.113.5", "POST", "/v1/analyse?depth=60", kGame));
    REQUIRE(held.status == 202);
    CHECK(httpFetch(server.port(), from("198.51.100.7", "GET", eval + "2")).status == 429);
    CHECK(httpFetch(server.port(), from("", "DELETE", body(held)["url"])).status == 204);
    CHECK(httpFetch(server.port(), from("198.51.100.7", "GET", eval + "2")).status == 200);
    CHECK(server.stopCleanly());
  }
}
