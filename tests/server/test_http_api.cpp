// The HTTP/JSON API's handler without sockets (server/http_api.h): requests in, responses out,
// searches on a real worker pool.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "core/fen.h"
#include "server/eval_cache.h"
#include "server/http_api.h"
#include "server/http_query.h"
#include "server/worker_pool.h"

using namespace damiera;
using namespace damiera::server;
namespace http = boost::beast::http;
using nlohmann::json;

namespace {

// Against hanging only: every wait below ends on its condition.
constexpr auto kPatience = std::chrono::seconds(60);

// One response, which may come from another thread.
class Outcome {
 public:
  HttpReply reply() {
    return [this](HttpResponse response) {
      const std::lock_guard lock(mutex_);
      response_ = std::move(response);
      arrived_.notify_all();
    };
  }
  const HttpResponse& wait() {
    std::unique_lock lock(mutex_);
    REQUIRE(arrived_.wait_for(lock, kPatience, [this] { return response_.has_value(); }));
    return *response_;
  }
  bool arrived() {
    const std::lock_guard lock(mutex_);
    return response_.has_value();
  }

 private:
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::optional<HttpResponse> response_;
};

HttpRequest request(http::verb verb, const std::string& target, std::string body = "") {
  HttpRequest made(verb, target, 11);
  made.body() = std::move(body);
  made.prepare_payload();
  return made;
}

struct Api {
  explicit Api(HttpApiConfig config = {}, int workers = 2)
      : pool(workers), api(config, resources()) {}
  HttpSearchResources resources() {
    HttpSearchResources made;
    made.pool = &pool;
    made.table = std::make_shared<TranspositionTable>(4);
    return made;
  }
  const HttpResponse& call(const HttpRequest& made, Outcome& outcome,
                           const std::string& client = "client") {
    api.handle(made, client, outcome.reply());
    return outcome.wait();
  }
  json callJson(const std::string& target, unsigned expected) {
    Outcome outcome;
    const HttpResponse& response = call(request(http::verb::get, target), outcome);
    INFO(response.body());
    CHECK(response.result_int() == expected);
    return json::parse(response.body());
  }
  WorkerPool pool;
  HttpApi api;
};

const std::string kPdnGame =
    "[Event \"test\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. 22-18 10-14 2. 23-19 14x23 *\n";

}  // namespace

TEST_CASE("An evaluation is searched once, then answered from the cache", "[server][http]") {
  Api server;
  const json first = server.callJson("/v1/eval?depth=3", 400);  // fen is required
  CHECK(first["error"] == "missing parameter 'fen'");
  const std::string target = "/v1/eval?fen=" + std::string(kStartFen) + "&depth=4";
  const json searched = server.callJson(target, 200);
  CHECK(searched["fen"] == std::string(kStartFen));
  CHECK(searched["depth"].get<int>() >= 4);
  CHECK(searched["cached"] == false);
  REQUIRE(searched["pvs"].size() == 1);
  CHECK(searched["pvs"][0].contains("cp"));
  CHECK(!searched["pvs"][0]["moves"].get<std::string>().empty());
  const json cached = server.callJson(target, 200);
  CHECK(cached["cached"] == true);
  CHECK(cached["pvs"] == searched["pvs"]);
  // Shallower is answered from the deeper search too; deeper needs a search.
  CHECK(server.callJson("/v1/eval?fen=" + std::string(kStartFen) + "&depth=2", 200)["cached"] ==
        true);
  CHECK(server.callJson("/v1/eval?fen=" + std::string(kStartFen) + "&depth=5", 200)["cached"] ==
        false);
  const json metrics = nullptr;
  Outcome outcome;
  const HttpResponse& scraped = server.call(request(http::verb::get, "/metrics"), outcome);
  CHECK(scraped.result_int() == 200);
  CHECK(scraped.body().find("damiera_eval_cache_hits_total 2\n") != std::string::npos);
  CHECK(scraped.body().find("damiera_eval_cache_misses_total 2\n") != std::string::npos);
}

TEST_CASE("multipv gives that many lines, best first, scores from White's view", "[server][http]") {
  Api server;
  const json three =
      server.callJson("/v1/eval?fen=" + std::string(kStartFen) + "&depth=3&multipv=3", 200);
  REQUIRE(three["pvs"].size() == 3);
  std::set<std::string> firstMoves;
  for (const json& pv : three["pvs"]) {
    const std::string moves = pv["moves"];
    firstMoves.insert(moves.substr(0, moves.find(' ')));
  }
  CHECK(firstMoves.size() == 3);
  CHECK(three["pvs"][0]["cp"].get<int>() >= three["pvs"][2]["cp"].get<int>());
  // A man up for White with Black to move: White's view stays positive.
  const json blackToMove = server.callJson("/v1/eval?fen=B:W21,22,23:B1,2&depth=3", 200);
  CHECK(blackToMove["pvs"][0]["cp"].get<int>() > 0);
}

TEST_CASE("A bad request is a 400 that says what was wrong", "[server][http]") {
  HttpApiConfig config;
  config.maxDepth = 10;
  Api server(config);
  const std::string start = "/v1/eval?fen=" + std::string(kStartFen);
  CHECK(server.callJson("/v1/eval?fen=W:W99:B1&depth=3", 400)["error"].get<std::string>().find(
            "invalid fen") == 0);
  CHECK(server.callJson(start + "&depth=3&colour=white", 400)["error"] ==
        "unknown parameter 'colour'");
  CHECK(server.callJson(start + "&depth=11", 400)["error"] == "depth 11 is out of range: 1..10");
  CHECK(server.callJson(start + "&depth=x", 400)["error"] ==
        "depth must be a whole number, not 'x'");
  CHECK(server.callJson(start + "&depth=3&movetime=5", 400)["error"] ==
        "give depth or movetime, not both");
  CHECK(server.callJson(start + "&multipv=0", 400)["error"] == "multipv 0 is out of range: 1..10");
  CHECK(server.callJson(start + "&depth=3&depth=4", 400)["error"] ==
        "parameter 'depth' given twice");
  CHECK(server.callJson("/v1/eval?fen=%zz", 400)["error"] ==
        "malformed percent escape in the query");
  CHECK(server.callJson("/v2/nothing", 404)["error"] == "no such endpoint: /v2/nothing");
  CHECK(server.callJson("/v1/analyse/0123", 404)["error"] == "no such analysis job: 0123");
  CHECK(server.callJson("/v1/analyse", 405)["error"] == "use POST with a PDN game");
  Outcome badPdn;
  const HttpResponse& refused = server.call(
      request(http::verb::post, "/v1/analyse?depth=2", "1. 22-18 10-14 2. 18-15 *\n"), badPdn);
  CHECK(refused.result_int() == 400);
  INFO(refused.body());
  CHECK(json::parse(refused.body())["error"].get<std::string>().find("18-15 is not a legal move") !=
        std::string::npos);
  CHECK(server.api.pending() == 0);
}

TEST_CASE("A game's analysis is a job: submitted, then done with every move judged",
          "[server][http]") {
  Api server;
  Outcome submitted;
  const HttpResponse& accepted =
      server.call(request(http::verb::post, "/v1/analyse?depth=3", kPdnGame), submitted);
  REQUIRE(accepted.result_int() == 202);
  const json job = json::parse(accepted.body());
  CHECK(job["positions"] == 5);
  const std::string url = job["url"];
  CHECK(std::string(accepted[http::field::location]) == url);
  REQUIRE(server.api.waitUntilPending(0, kPatience));
  const json done = server.callJson(url, 200);
  CHECK(done["status"] == "done");
  CHECK(done["analysed"] == 5);
  const json& analysis = done["analysis"];
  CHECK(analysis["tags"]["White"] == "A");
  CHECK(analysis["effort"] == "depth 3");
  REQUIRE(analysis["moves"].size() == 4);
  CHECK(analysis["moves"][0]["move"] == "22-18");
  CHECK(analysis["moves"][0]["color"] == "white");
  CHECK(analysis["moves"][3]["move"] == "14x23");
  CHECK(analysis["white"]["moves"] == 2);
}

// The metric `name`'s value in a /metrics scrape (-1 when it is not there).
long long metricValue(Api& server, const std::string& name) {
  Outcome outcome;
  const std::string text = server.call(request(http::verb::get, "/metrics"), outcome).body();
  const auto at = text.find('\n' + name + ' ');
  return at == std::string::npos ? -1 : std::stoll(text.substr(at + name.size() + 2));
}

// POSTs a game's analysis; the job's address.
std::string submitAnalysis(Api& server, const std::string& query) {
  Outcome submitted;
  const HttpResponse& accepted =
      server.call(request(http::verb::post, "/v1/analyse?" + query, kPdnGame), submitted);
  INFO(accepted.body());
  REQUIRE(accepted.result_int() == 202);
  return json::parse(accepted.body())["url"];
}

TEST_CASE("DELETE cancels an analysis not done and forgets it, its place free at once",
          "[server][http]") {
  HttpApiConfig config;
  config.maxDepth = 60;  // a search that never ends within the test: only a cancel ends it
  config.queuePerClient = 1;
  Api server(config, 1);
  const auto remove = [&server](const std::string& target) {
    Outcome outcome;
    const HttpResponse& response = server.call(request(http::verb::delete_, target), outcome);
    INFO(response.body());
    return response.result_int();
  };

  SECTION("a running one: its worker is free for the next job") {
    const std::string endless = submitAnalysis(server, "depth=60");
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (server.callJson(endless, 200)["status"] != "running") {  // polled, as a client does
      REQUIRE(std::chrono::steady_clock::now() < deadline);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    CHECK(remove(endless) == 204);
    CHECK(server.api.pending() == 0);  // the client's one place is free: the next is taken
    const std::string next = submitAnalysis(server, "depth=2");
    CHECK(server.callJson(endless, 404)["error"].get<std::string>().rfind("no such", 0) == 0);
    REQUIRE(server.api.waitUntilPending(0, kPatience));  // on the one worker: it was freed
    CHECK(server.callJson(next, 200)["status"] == "done");
    CHECK(metricValue(server, "damiera_http_analyses_cancelled_total") == 1);
    CHECK(metricValue(server, "damiera_http_games_analysed_total") == 1);
  }
  SECTION("a queued one never runs") {
    std::mutex mutex;
    std::condition_variable changed;
    bool release = false;
    server.pool.submit([&] {  // holds the one worker
      std::unique_lock lock(mutex);
      changed.wait(lock, [&] { return release; });
    });
    const std::string queued = submitAnalysis(server, "depth=2");
    CHECK(server.callJson(queued, 200)["status"] == "queued");
    CHECK(remove(queued) == 204);
    CHECK(server.api.pending() == 0);
    {
      const std::lock_guard lock(mutex);
      release = true;
    }
    changed.notify_all();
    const std::string next = submitAnalysis(server, "depth=2");
    REQUIRE(server.api.waitUntilPending(0, kPatience));
    CHECK(server.callJson(next, 200)["status"] == "done");
    CHECK(metricValue(server, "damiera_http_games_analysed_total") == 1);  // only the next
  }
  SECTION("a done one is forgotten, not counted as cancelled; an unknown one is a 404") {
    const std::string done = submitAnalysis(server, "depth=2");
    REQUIRE(server.api.waitUntilPending(0, kPatience));
    CHECK(remove(done) == 204);
    CHECK(server.callJson(done, 404)["error"].get<std::string>().rfind("no such", 0) == 0);
    CHECK(remove(done) == 404);
    CHECK(metricValue(server, "damiera_http_analyses_cancelled_total") == 0);
  }
  SECTION("another method on a job is refused, naming the two") {
    Outcome outcome;
    const HttpResponse& refused =
        server.call(request(http::verb::put, "/v1/analyse/0123"), outcome);
    CHECK(refused.result_int() == 405);
    CHECK(refused[http::field::allow] == "GET, DELETE");
    CHECK(json::parse(refused.body())["error"] == "use GET or DELETE");
  }
}

TEST_CASE("A token is asked for as a Bearer token", "[server][http]") {
  HttpApiConfig config;
  config.token = "s3cret";
  Api server(config);
  const std::string target = "/v1/eval?fen=" + std::string(kStartFen) + "&depth=2";
  CHECK(server.callJson(target, 401)["error"] == "unauthorized");
  HttpRequest wrong = request(http::verb::get, target);
  wrong.set(http::field::authorization, "Bearer nope");
  Outcome refused;
  CHECK(server.call(wrong, refused).result_int() == 401);
  HttpRequest right = request(http::verb::get, target);
  right.set(http::field::authorization, "Bearer s3cret");
  Outcome answered;
  CHECK(server.call(right, answered).result_int() == 200);
  Outcome health;  // balancers ask it without a token
  CHECK(server.call(request(http::verb::get, "/health"), health).result_int() == 200);
}

TEST_CASE("A page of an --allow-origin origin may read the answers (CORS), others not",
          "[server][http]") {
  HttpApiConfig config;
  config.token = "s3cret";
  config.allowedOrigins = {"http://127.0.0.1:8000"};
  Api server(config);
  const auto from = [](HttpRequest made, const std::string& origin) {
    made.set(http::field::origin, origin);
    return made;
  };
  // The browser's question before a request with a token: answered without one.
  HttpRequest asked =
      from(request(http::verb::options, "/v1/analyse?depth=2"), "http://127.0.0.1:8000");
  asked.set(http::field::access_control_request_method, "POST");
  asked.set(http::field::access_control_request_headers, "authorization,content-type");
  Outcome preflight;
  const HttpResponse& allowed = server.call(asked, preflight);
  CHECK(allowed.result_int() == 204);
  CHECK(allowed[http::field::access_control_allow_origin] == "http://127.0.0.1:8000");
  CHECK(allowed[http::field::access_control_allow_methods] == "GET, POST, DELETE");
  CHECK(allowed[http::field::access_control_allow_headers] == "Authorization, Content-Type");
  // Every answer to that page names it, errors too (the page shows their message).
  HttpRequest submitted =
      from(request(http::verb::post, "/v1/analyse?depth=2", kPdnGame), "HTTP://127.0.0.1:8000");
  submitted.set(http::field::authorization, "Bearer s3cret");
  Outcome accepted;
  CHECK(server.call(submitted, accepted).result_int() == 202);
  CHECK(accepted.wait()[http::field::access_control_allow_origin] == "HTTP://127.0.0.1:8000");
  Outcome refused;
  const HttpResponse& unauthorized = server.call(
      from(request(http::verb::get, "/v1/analyse/none"), "http://127.0.0.1:8000"), refused);
  CHECK(unauthorized.result_int() == 401);
  CHECK(unauthorized[http::field::access_control_allow_origin] == "http://127.0.0.1:8000");
  // Another page: no CORS header, so its browser withholds the answer; no preflight either.
  Outcome other;
  const HttpResponse& foreign =
      server.call(from(request(http::verb::get, "/health"), "https://evil.example"), other);
  CHECK(foreign.result_int() == 200);
  CHECK(foreign.find(http::field::access_control_allow_origin) == foreign.end());
  HttpRequest otherAsked =
      from(request(http::verb::options, "/v1/analyse"), "https://evil.example");
  Outcome otherPreflight;
  CHECK(server.call(otherAsked, otherPreflight).result_int() != 204);
  // Without --allow-origin: none.
  Api plain;
  Outcome none;
  const HttpResponse& closed =
      plain.call(from(request(http::verb::get, "/health"), "http://127.0.0.1:8000"), none);
  CHECK(closed.find(http::field::access_control_allow_origin) == closed.end());
}

TEST_CASE("Beyond a client's queue and the server's, a 429 with Retry-After", "[server][http]") {
  HttpApiConfig config;
  config.queuePerClient = 1;
  config.queue = 2;
  Api server(config, 1);
  // The one worker is held until the test lets it go: the searches below stay queued.
  std::mutex mutex;
  std::condition_variable changed;
  bool release = false;
  server.pool.submit([&] {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return release; });
  });
  const auto eval = [](int depth) {
    return request(http::verb::get,
                   "/v1/eval?fen=" + std::string(kStartFen) + "&depth=" + std::to_string(depth));
  };
  Outcome first, second, third, fourth;
  server.api.handle(eval(3), "alice", first.reply());
  server.api.handle(eval(4), "alice", second.reply());
  const HttpResponse& ownQueue = second.wait();
  CHECK(ownQueue.result_int() == 429);
  CHECK(std::string(ownQueue[http::field::retry_after]) == "1");
  server.api.handle(eval(5), "bob", third.reply());
  server.api.handle(eval(6), "carol", fourth.reply());
  CHECK(fourth.wait().result_int() == 429);
  CHECK(json::parse(fourth.wait().body())["error"] == "the server's queue is full");
  CHECK(!first.arrived());
  {
    const std::lock_guard lock(mutex);
    release = true;
  }
  changed.notify_all();
  CHECK(first.wait().result_int() == 200);
  CHECK(third.wait().result_int() == 200);
  REQUIRE(server.api.waitUntilPending(0, kPatience));
  Outcome again;  // the queue is free again
  CHECK(server.call(eval(3), again, "alice").result_int() == 200);
}

TEST_CASE("Shutting down drops the replies not made and refuses new requests", "[server][http]") {
  Api server({}, 1);
  std::mutex mutex;
  std::condition_variable changed;
  bool release = false;
  server.pool.submit([&] {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return release; });
  });
  Outcome queued;
  server.api.handle(request(http::verb::get, "/v1/eval?fen=" + std::string(kStartFen)), "a",
                    queued.reply());
  server.api.shutdown();
  {
    const std::lock_guard lock(mutex);
    release = true;
  }
  changed.notify_all();
  Outcome late;
  CHECK(server.call(request(http::verb::get, "/health"), late).result_int() == 503);
  CHECK(!queued.arrived());
}

TEST_CASE("The cache keeps the deepest search of a position and forgets the least used",
          "[server][http]") {
  EvalCache cache(2);
  Evaluation deep{"a", 8, 1000, 50, 1, {{"22-18", false, 5}}};
  cache.store(deep);
  cache.store({"a", 4, 10, 1, 1, {{"21-17", false, 0}}});  // shallower: kept the deep one
  EvalRequest asked{"a", 6, 0, 1};
  REQUIRE(cache.find(asked));
  CHECK(cache.find(asked)->lines.front().moves == "22-18");
  asked.multiPv = 2;
  CHECK(!cache.find(asked));
  cache.store({"b", 1, 1, 1, 1, {}});
  CHECK(cache.find({"a", 1, 0, 1}));  // "a" used last: "b" goes
  cache.store({"c", 1, 1, 1, 1, {}});
  CHECK(cache.size() == 2);
  CHECK(!cache.find({"b", 1, 0, 1}));
  CHECK(cache.find({"a", 0, 40, 1}));   // searched 50 ms: answers movetime 40
  CHECK(!cache.find({"a", 0, 60, 1}));  // not 60
}

TEST_CASE("A target's query is percent-decoded, '+' a space", "[server][http]") {
  std::string error;
  const auto target = parseTarget("/v1/eval?fen=W%3AW21+%3AB1&depth=3&", error);
  REQUIRE(target);
  CHECK(target->path == "/v1/eval");
  CHECK(target->parameters.at("fen") == "W:W21 :B1");
  CHECK(target->parameters.at("depth") == "3");
  CHECK(!parseTarget("/v1/eval?fen=%4", error));
}

TEST_CASE("docs/openapi.json is valid JSON and lists exactly the paths the API serves",
          "[server][http]") {
  std::ifstream file(std::string(DAMIERA_SOURCE_DIR) + "/docs/openapi.json");
  REQUIRE(file);
  const json openApi = json::parse(file);  // throws, and so fails, on invalid JSON
  CHECK(openApi["openapi"].get<std::string>().rfind("3.", 0) == 0);
  std::set<std::string> documented;
  for (const auto& [path, operations] : openApi["paths"].items()) documented.insert(path);
  std::set<std::string> served;
  for (const std::string_view path : servedPaths()) served.insert(std::string(path));
  CHECK(documented == served);
  // ... and the handler does serve each of them (an unknown job is not an unknown endpoint).
  Api server;
  for (const std::string& path : served) {
    std::string target = path;
    if (const auto id = target.find("{id}"); id != std::string::npos) target.replace(id, 4, "x");
    Outcome outcome;
    const HttpResponse& response = server.call(request(http::verb::get, target), outcome);
    INFO(target << ": " << response.body());
    CHECK(response.body().find("no such endpoint") == std::string::npos);
  }
}
