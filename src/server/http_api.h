#pragma once
// The analysis server's HTTP/JSON API (docs/http.md): one request in, one response out,
// whatever carries them (host/websocket_connection.cpp hands it the requests that are not a
// WebSocket upgrade), so that tests and the fuzzer drive it without sockets.
//
//   GET  /v1/eval?fen=FEN&depth=N&multipv=K   (or movetime=MS)   lichess cloud eval's shape
//   POST /v1/analyse?depth=N   body: one PDN game                 202 and a job id
//   GET  /v1/analyse/ID                                           its progress, then the analysis
//   DELETE /v1/analyse/ID                                         cancelled if not done; forgotten
//   GET  /metrics                                                 Prometheus text
//   GET  /health                                                  "ok"
//
// Searches run on the server's worker pool under its pacing (server/search_pacing.h): the
// handler never searches on the caller's thread (an I/O thread), and a client's requests wait
// in bounded queues (429 with Retry-After when full).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/http_endpoint.h"
#include "search/tt.h"
#include "server/alarm_clock.h"
#include "server/processor_share.h"
#include "server/worker_pool.h"

namespace damiera::server {

using host::HttpReply;
using host::HttpRequest;
using host::HttpResponse;

// The largest request body (a PDN game), and the defaults of the API's limits (server
// options, docs/http.md "Limits").
inline constexpr std::size_t kDefaultHttpMaxBodyBytes = 64 * 1024;
inline constexpr int kDefaultHttpMaxDepth = 24;
inline constexpr std::int64_t kDefaultHttpMaxMoveTimeMs = 10'000;
inline constexpr int kDefaultHttpMaxMultiPv = 10;
inline constexpr int kDefaultHttpQueuePerClient = 4;
inline constexpr int kDefaultHttpQueue = 64;
inline constexpr std::size_t kDefaultHttpCacheEntries = 100'000;
// Analysis jobs kept (done ones are forgotten oldest first once this many are stored).
inline constexpr std::size_t kHttpJobsKept = 1024;
// A game longer than this is refused (every position is one search).
inline constexpr std::size_t kHttpMaxGamePlies = 500;
// Without depth or movetime: what /v1/eval and /v1/analyse search.
inline constexpr int kDefaultHttpEvalDepth = 12;
inline constexpr int kDefaultHttpAnalyseDepth = 10;
// What a 429 tells the client to wait, in seconds.
inline constexpr int kHttpRetryAfterSeconds = 1;

struct HttpApiConfig {
  std::size_t maxBodyBytes = kDefaultHttpMaxBodyBytes;
  int maxDepth = kDefaultHttpMaxDepth;                     // deeper: 400
  std::int64_t maxMoveTimeMs = kDefaultHttpMaxMoveTimeMs;  // longer: 400
  int maxMultiPv = kDefaultHttpMaxMultiPv;
  int queuePerClient = kDefaultHttpQueuePerClient;  // searches and jobs not done, per client
  int queue = kDefaultHttpQueue;                    // ... and in all
  std::size_t cacheEntries = kDefaultHttpCacheEntries;
  std::optional<std::string> token;  // when set: "Authorization: Bearer <token>" or 401
  // --allow-origin: the web pages (host::parseOrigin's form) whose scripts may read the
  // answers (CORS, docs/http.md "From a web page"); empty: none, as without CORS.
  std::vector<std::string> allowedOrigins;
};

// What the API's searches run on: the server's (analysis_server.h).
struct HttpSearchResources {
  WorkerPool* pool = nullptr;
  ProcessorShare* processors = nullptr;  // null: no turns
  AlarmClock* alarms = nullptr;          // null: no time cap
  std::int64_t maxTimeMs = 0;            // the server's time cap on every search (0: none)
  std::shared_ptr<TranspositionTable> table;
};

// Figures of the whole server that /metrics adds to the API's own (any may be empty).
struct ServerGauges {
  std::function<std::size_t()> sessions;         // line and WebSocket sessions open
  std::function<std::size_t()> searchesRunning;  // jobs on a worker now
  std::function<std::size_t()> searchesQueued;   // jobs waiting for a worker
};

// The paths the API serves, as docs/openapi.json names them ("/v1/analyse/{id}"): the test
// of the OpenAPI file checks that it lists exactly these.
const std::vector<std::string_view>& servedPaths();

class HttpApi final : public host::HttpEndpoint {
 public:
  HttpApi(HttpApiConfig config, HttpSearchResources resources, ServerGauges gauges = {});
  // Stops what is still running (shutdown()).
  ~HttpApi() override;
  HttpApi(const HttpApi&) = delete;
  HttpApi& operator=(const HttpApi&) = delete;

  // Thread-safe. Calls `reply` exactly once: at once (on this thread), or later from a search
  // thread; never after shutdown(). `client` names the client for its queue (its address).
  void handle(const HttpRequest& request, std::string_view client, HttpReply reply) override;

  // Thread-safe: stops every search, drops every reply not yet made (without calling it) and
  // refuses new requests (503). When it returns, no reply is being made or will be.
  void shutdown() override;
  std::size_t maxBodyBytes() const override;

  // For tests: evaluations and jobs not done, and a wait until there are `count` (false if
  // `timeout`, a bound against hanging, passes first).
  int pending() const;
  bool waitUntilPending(int count, std::chrono::steady_clock::duration timeout) const;

  struct State;  // shared with the jobs on the pool, which may outlive the API

 private:
  std::shared_ptr<State> state_;
};

}  // namespace damiera::server
