#include "server/http_api.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <random>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/game_analysis.h"
#include "analysis/pdn_games.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "host/tcp_auth.h"
#include "host/tcp_config.h"
#include "search/search.h"
#include "server/eval_cache.h"
#include "server/http_json.h"
#include "server/http_query.h"
#include "server/search_pacing.h"

namespace damiera::server {

namespace http = boost::beast::http;

namespace {

// The hash table of one game's analysis (each job has its own, cleared for its game, so that
// the analysis depends on the game and the effort only: analysis/game_analysis.h).
constexpr int kAnalysisHashMb = 8;
// /metrics' nodes a second: the nodes of the API's searches that ended within this window.
constexpr std::chrono::seconds kNodeRateWindow{60};

HttpResponse makeResponse(http::status status, std::string body, std::string_view type) {
  HttpResponse response(status, 11);
  response.set(http::field::content_type, std::string(type));
  response.set(http::field::cache_control, "no-store");
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

HttpResponse json(http::status status, std::string body) {
  return makeResponse(status, std::move(body), "application/json");
}

HttpResponse failure(http::status status, std::string_view message) {
  return json(status, errorJson(message));
}

// 405 with the methods the path takes (`allow`, as the Allow header lists them).
HttpResponse methodNotAllowed(std::string_view message, std::string_view allow) {
  HttpResponse refused = failure(http::status::method_not_allowed, message);
  refused.set(http::field::allow, std::string(allow));
  return refused;
}

struct Job {
  enum class Status { Queued, Running, Done };
  std::string id;
  std::string client;
  Status status = Status::Queued;
  int positions = 0;
  std::atomic<int> analysed{0};
  std::string analysis;                              // the JSON, once done
  std::shared_ptr<analysis::GameAnalyser> analyser;  // while running: to stop it
  bool cancelled = false;  // DELETEd before it was done: forgotten, its place given back
};

std::string_view statusName(Job::Status status) {
  switch (status) {
    case Job::Status::Queued:
      return "queued";
    case Job::Status::Running:
      return "running";
    case Job::Status::Done:
      break;
  }
  return "done";
}

// The effort a request asks: depth=N or movetime=MS (not both), checked against the caps.
struct AskedEffort {
  int depth = 0;
  std::int64_t moveTimeMs = 0;
};

std::optional<AskedEffort> askedEffort(const std::map<std::string, std::string>& parameters,
                                       const HttpApiConfig& config, int defaultDepth,
                                       std::string& error) {
  AskedEffort effort;
  const auto depth = parameters.find("depth");
  const auto moveTime = parameters.find("movetime");
  if (depth != parameters.end() && moveTime != parameters.end()) {
    error = "give depth or movetime, not both";
    return std::nullopt;
  }
  if (depth != parameters.end()) {
    const auto value = parseBoundedInteger("depth", depth->second, 1, config.maxDepth, error);
    if (!value) return std::nullopt;
    effort.depth = static_cast<int>(*value);
  } else if (moveTime != parameters.end()) {
    const auto value =
        parseBoundedInteger("movetime", moveTime->second, 1, config.maxMoveTimeMs, error);
    if (!value) return std::nullopt;
    effort.moveTimeMs = *value;
  } else {
    effort.depth = std::min(defaultDepth, config.maxDepth);
  }
  return effort;
}

// The parameters a path accepts; any other is refused.
std::optional<std::string> unknownParameter(const std::map<std::string, std::string>& parameters,
                                            std::initializer_list<std::string_view> known) {
  for (const auto& [name, value] : parameters)
    if (std::find(known.begin(), known.end(), name) == known.end())
      return "unknown parameter '" + name + "'";
  return std::nullopt;
}

}  // namespace

struct HttpApi::State {
  State(HttpApiConfig config, HttpSearchResources resources, ServerGauges gauges)
      : config(std::move(config)),
        resources(std::move(resources)),
        gauges(std::move(gauges)),
        cache(this->config.cacheEntries),
        random(std::random_device{}()) {}

  const HttpApiConfig config;
  const HttpSearchResources resources;
  const ServerGauges gauges;
  EvalCache cache;

  mutable std::mutex mutex;
  mutable std::condition_variable pendingChanged;
  bool stopping = false;
  std::uint64_t nextReply = 1;
  std::unordered_map<std::uint64_t, HttpReply> replies;  // evaluations not answered yet
  std::unordered_map<std::uint64_t, std::shared_ptr<SearchControl>> searches;  // running
  std::unordered_map<std::string, int> pendingByClient;  // evaluations and jobs not done
  int pending = 0;
  std::unordered_map<std::string, std::shared_ptr<Job>> jobs;
  std::deque<std::string> jobOrder;  // oldest first
  std::mt19937_64 random;
  std::map<unsigned, std::uint64_t> responses;  // by status code
  std::uint64_t nodes = 0;
  std::deque<std::pair<std::chrono::steady_clock::time_point, std::uint64_t>> recentNodes;
  std::uint64_t evalsSearched = 0;
  std::uint64_t gamesAnalysed = 0;
  std::uint64_t analysesCancelled = 0;

  // Under mutex: a place in the queues for `client`, or the 429 that refuses it.
  std::optional<HttpResponse> admitLocked(const std::string& client) {
    int& mine = pendingByClient[client];
    if (mine >= config.queuePerClient || pending >= config.queue) {
      if (mine == 0) pendingByClient.erase(client);
      HttpResponse refused =
          failure(http::status::too_many_requests,
                  pending >= config.queue ? "the server's queue is full"
                                          : "too many requests of this client not done yet");
      refused.set(http::field::retry_after, std::to_string(kHttpRetryAfterSeconds));
      return refused;
    }
    ++mine;
    ++pending;
    pendingChanged.notify_all();
    return std::nullopt;
  }

  void releaseLocked(const std::string& client) {
    assert(pending > 0);
    --pending;
    const auto found = pendingByClient.find(client);
    assert(found != pendingByClient.end() && found->second > 0);
    if (--found->second == 0) pendingByClient.erase(found);
    pendingChanged.notify_all();
  }

  void countNodesLocked(std::uint64_t searched) {
    nodes += searched;
    const auto now = std::chrono::steady_clock::now();
    recentNodes.emplace_back(now, searched);
    while (!recentNodes.empty() && now - recentNodes.front().first > kNodeRateWindow)
      recentNodes.pop_front();
  }

  std::string newJobIdLocked() {
    for (;;) {
      char text[33];
      const std::uint64_t high = random();
      const std::uint64_t low = random();
      std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(high),
                    static_cast<unsigned long long>(low));
      if (!jobs.count(text)) return text;
    }
  }

  // Under mutex: room for one more job, forgetting the oldest done ones.
  bool makeRoomForJobLocked() {
    while (jobs.size() >= kHttpJobsKept) {
      const auto done = std::find_if(jobOrder.begin(), jobOrder.end(), [this](const auto& id) {
        return jobs.at(id)->status == Job::Status::Done;
      });
      if (done == jobOrder.end()) return false;
      jobs.erase(*done);
      jobOrder.erase(done);
    }
    return true;
  }

  // Answers a waiting evaluation (nothing when it was dropped by shutdown()).
  void answer(std::uint64_t id, const std::string& client, HttpResponse response) {
    const std::lock_guard lock(mutex);
    searches.erase(id);
    const auto found = replies.find(id);
    if (found == replies.end()) return;  // shut down
    HttpReply reply = std::move(found->second);
    replies.erase(found);
    releaseLocked(client);
    ++responses[static_cast<unsigned>(response.result_int())];
    reply(std::move(response));  // under the lock: shutdown() waits for it
  }
};

namespace {

using State = HttpApi::State;

std::shared_ptr<SearchPacer> makePacer(const HttpSearchResources& resources,
                                       std::function<void()> stop) {
  return std::make_shared<ServerPacer>(resources.processors, resources.alarms, resources.maxTimeMs,
                                       std::move(stop), steadyClock().now());
}

// One evaluation, on a worker of the pool.
void runEvaluation(const std::shared_ptr<State>& state, std::uint64_t id, const std::string& client,
                   const EvalRequest& request, const Position& position) {
  const auto control = std::make_shared<SearchControl>();
  {
    const std::lock_guard lock(state->mutex);
    if (state->stopping) return;
    state->searches[id] = control;
  }
  control->setPacer(makePacer(state->resources, [weak = std::weak_ptr<SearchControl>(control)] {
    if (const auto alive = weak.lock()) alive->stop();
  }));
  SearchContext context(state->resources.table);
  SearchOptions options;
  options.multiPv = request.multiPv;
  SearchLimits limits;
  limits.depth = request.depth;
  if (request.moveTimeMs > 0) limits.moveTimeMs = request.moveTimeMs;
  std::vector<std::optional<SearchInfo>> lines(static_cast<std::size_t>(request.multiPv));
  SearchCallbacks callbacks;
  callbacks.onInfo = [&lines](const SearchInfo& info) {
    if (info.multiPv >= 1 && info.multiPv <= static_cast<int>(lines.size()))
      lines[static_cast<std::size_t>(info.multiPv - 1)] = info;
  };
  callbacks.onResult = [](const SearchResult&) {};
  const SearchResult result =
      runSearch(Game(position), limits, options, context, *control, callbacks);

  Evaluation evaluation;
  evaluation.fen = request.fen;
  evaluation.multiPv = request.multiPv;
  evaluation.nodes = result.nodes;
  evaluation.timeMs = result.timeMs;
  evaluation.depth = lines.front() ? lines.front()->depth : 0;
  const int sign = position.sideToMove() == Color::White ? 1 : -1;
  for (const std::optional<SearchInfo>& info : lines) {
    if (!info) break;
    EvalLine line;
    Position walked = position;
    for (const Move& move : info->pv) {
      const std::string text = formatMove(walked, move);
      if (text.empty()) break;  // a line is legal; this only guards the notation
      line.moves += (line.moves.empty() ? "" : " ") + text;
      walked = walked.after(move);
    }
    setWhiteScore(line, sign * info->rawScore);
    evaluation.lines.push_back(std::move(line));
  }
  // A search cut short by the server's time cap is stored as deep as it went.
  if (evaluation.depth > 0) state->cache.store(evaluation);
  {
    const std::lock_guard lock(state->mutex);
    state->countNodesLocked(result.nodes);
    ++state->evalsSearched;
  }
  state->answer(id, client, json(http::status::ok, evaluationJson(evaluation, false)));
}

// One game's analysis, on a worker of the pool.
void runAnalysis(const std::shared_ptr<State>& state, const std::shared_ptr<Job>& job,
                 const analysis::Effort& effort, const PdnGame& game) {
  const auto analyser = std::make_shared<analysis::GameAnalyser>(effort, analysis::Thresholds{});
  {
    const std::lock_guard lock(state->mutex);
    if (state->stopping || job->cancelled) return;
    job->status = Job::Status::Running;
    job->analyser = analyser;
  }
  const analysis::GameAnalysis analysed =
      analyser->analyse(game, [&job] { job->analysed.fetch_add(1); });
  std::string body = analyser->stopped() ? std::string() : analysisJson(analysed);
  const std::lock_guard lock(state->mutex);
  if (state->stopping || job->cancelled) return;  // a cancel gave the place back already
  ++state->gamesAnalysed;
  job->analysis = std::move(body);
  job->status = Job::Status::Done;
  job->analyser.reset();
  state->releaseLocked(job->client);
}

void respondLocked(State& state, const HttpReply& reply, HttpResponse response) {
  ++state.responses[static_cast<unsigned>(response.result_int())];
  reply(std::move(response));
}

std::string metricsText(State& state) {
  std::string text;
  const auto metric = [&text](std::string_view name, std::string_view type, std::string_view help,
                              auto value) {
    text += "# HELP " + std::string(name) + ' ' + std::string(help) + '\n';
    text += "# TYPE " + std::string(name) + ' ' + std::string(type) + '\n';
    text += std::string(name) + ' ' + std::to_string(value) + '\n';
  };
  const auto gauge = [](const std::function<std::size_t()>& read) -> std::size_t {
    return read ? read() : 0;
  };
  metric("damiera_sessions", "gauge", "Line and WebSocket sessions open.",
         gauge(state.gauges.sessions));
  metric("damiera_searches_running", "gauge",
         "Searches (of sessions and of the HTTP API) on a search worker now.",
         gauge(state.gauges.searchesRunning));
  metric("damiera_searches_queued", "gauge", "Searches waiting for a search worker.",
         gauge(state.gauges.searchesQueued));
  metric("damiera_eval_cache_hits_total", "counter", "Evaluations answered from the cache.",
         state.cache.hits());
  metric("damiera_eval_cache_misses_total", "counter", "Evaluations that needed a search.",
         state.cache.misses());
  metric("damiera_eval_cache_entries", "gauge", "Positions in the evaluation cache.",
         state.cache.size());
  const std::lock_guard lock(state.mutex);
  metric("damiera_http_pending", "gauge", "Evaluations and game analyses not done yet.",
         state.pending);
  metric("damiera_http_evals_searched_total", "counter", "Evaluations searched.",
         state.evalsSearched);
  metric("damiera_http_games_analysed_total", "counter", "Games analysed.", state.gamesAnalysed);
  metric("damiera_http_analyses_cancelled_total", "counter",
         "Game analyses cancelled (DELETE) before they were done.", state.analysesCancelled);
  metric("damiera_http_search_nodes_total", "counter", "Nodes searched by the evaluations.",
         state.nodes);
  std::uint64_t recent = 0;
  const auto now = std::chrono::steady_clock::now();
  for (const auto& [when, nodes] : state.recentNodes)
    if (now - when <= kNodeRateWindow) recent += nodes;
  metric("damiera_http_nodes_per_second", "gauge",
         "Nodes of the evaluations that ended in the last minute, a second.",
         recent / static_cast<std::uint64_t>(kNodeRateWindow.count()));
  text += "# HELP damiera_http_responses_total HTTP API responses by status code.\n";
  text += "# TYPE damiera_http_responses_total counter\n";
  for (const auto& [code, count] : state.responses)
    text += "damiera_http_responses_total{code=\"" + std::to_string(code) + "\"} " +
            std::to_string(count) + '\n';
  return text;
}

bool authorized(const HttpApiConfig& config, const HttpRequest& request) {
  if (!config.token) return true;
  const auto header = request.find(http::field::authorization);
  if (header == request.end()) return false;
  std::string_view value(header->value().data(), header->value().size());
  constexpr std::string_view kScheme = "Bearer ";
  if (value.size() <= kScheme.size()) return false;
  // The scheme is case-insensitive (RFC 7235).
  for (std::size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(value[i])) !=
        std::tolower(static_cast<unsigned char>(kScheme[i])))
      return false;
  value.remove_prefix(kScheme.size());
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return host::constantTimeEquals(value, *config.token);
}

void handleEval(const std::shared_ptr<State>& state, const HttpTarget& target,
                const std::string& client, HttpReply reply) {
  const auto refuse = [&](std::string_view message) {
    const std::lock_guard lock(state->mutex);
    respondLocked(*state, reply, failure(http::status::bad_request, message));
  };
  const auto& parameters = target.parameters;
  if (const auto unknown = unknownParameter(parameters, {"fen", "depth", "movetime", "multipv"}))
    return refuse(*unknown);
  const auto fenText = parameters.find("fen");
  if (fenText == parameters.end()) return refuse("missing parameter 'fen'");
  const Parsed<Position> position = parseFen(fenText->second);
  if (!position) return refuse(position.error);
  std::string error;
  const auto effort = askedEffort(parameters, state->config, kDefaultHttpEvalDepth, error);
  if (!effort) return refuse(error);
  EvalRequest request;
  request.fen = formatFen(*position.value);
  request.depth = effort->depth;
  request.moveTimeMs = effort->moveTimeMs;
  if (const auto multiPv = parameters.find("multipv"); multiPv != parameters.end()) {
    const auto value =
        parseBoundedInteger("multipv", multiPv->second, 1, state->config.maxMultiPv, error);
    if (!value) return refuse(error);
    request.multiPv = static_cast<int>(*value);
  }
  if (const auto cached = state->cache.find(request)) {
    const std::lock_guard lock(state->mutex);
    respondLocked(*state, reply, json(http::status::ok, evaluationJson(*cached, true)));
    return;
  }
  std::uint64_t id = 0;
  {
    const std::lock_guard lock(state->mutex);
    if (auto refused = state->admitLocked(client)) {
      respondLocked(*state, reply, std::move(*refused));
      return;
    }
    id = state->nextReply++;
    state->replies.emplace(id, std::move(reply));
  }
  state->resources.pool->submit([state, id, client, request, start = *position.value] {
    runEvaluation(state, id, client, request, start);
  });
}

void handleSubmit(const std::shared_ptr<State>& state, const HttpRequest& httpRequest,
                  const HttpTarget& target, const std::string& client, const HttpReply& reply) {
  // The request and its PDN (up to maxBodyBytes, every move checked) are read before the
  // lock, as an evaluation's FEN is: the other clients' requests need it meanwhile.
  const auto refuse = [&](std::string_view message) {
    const std::lock_guard lock(state->mutex);
    respondLocked(*state, reply, failure(http::status::bad_request, message));
  };
  if (const auto unknown = unknownParameter(target.parameters, {"depth", "movetime"}))
    return refuse(*unknown);
  std::string error;
  const auto asked = askedEffort(target.parameters, state->config, kDefaultHttpAnalyseDepth, error);
  if (!asked) return refuse(error);
  const std::vector<analysis::PdnEntry> entries = analysis::splitPdn(httpRequest.body());
  if (entries.empty()) return refuse("the body holds no PDN game");
  if (entries.size() > 1)
    return refuse("one PDN game a request, not " + std::to_string(entries.size()));
  const analysis::PdnEntry& entry = entries.front();
  if (!entry.error.empty()) return refuse(entry.error);
  if (entry.game.moves.size() > kHttpMaxGamePlies)
    return refuse("a game of at most " + std::to_string(kHttpMaxGamePlies) + " moves (plies)");
  const std::lock_guard lock(state->mutex);  // cheap steps only below, no search
  if (auto refused = state->admitLocked(client))
    return respondLocked(*state, reply, std::move(*refused));
  if (!state->makeRoomForJobLocked()) {
    state->releaseLocked(client);
    HttpResponse full = failure(http::status::too_many_requests, "too many analyses not done");
    full.set(http::field::retry_after, std::to_string(kHttpRetryAfterSeconds));
    return respondLocked(*state, reply, std::move(full));
  }
  auto job = std::make_shared<Job>();
  job->id = state->newJobIdLocked();
  job->client = client;
  job->positions = static_cast<int>(entry.game.moves.size()) + 1;
  state->jobs.emplace(job->id, job);
  state->jobOrder.push_back(job->id);
  analysis::Effort effort;
  effort.depth = asked->depth;
  if (asked->moveTimeMs > 0) effort.moveTimeMs = asked->moveTimeMs;
  effort.hashMb = kAnalysisHashMb;
  effort.pacer = [resources = state->resources](std::function<void()> stop) {
    return makePacer(resources, std::move(stop));
  };
  state->resources.pool->submit(
      [state, job, effort, game = entry.game] { runAnalysis(state, job, effort, game); });
  const std::string location = "/v1/analyse/" + job->id;
  HttpResponse accepted =
      json(http::status::accepted,
           jobAcceptedJson(job->id, location, job->positions, effort.describe()));
  accepted.set(http::field::location, location);
  respondLocked(*state, reply, std::move(accepted));
}

// GET /v1/analyse/ID: the job; DELETE: the job cancelled (if not done) and forgotten.
void handleJob(State& state, const HttpRequest& request, const HttpTarget& target,
               const HttpReply& reply) {
  const std::lock_guard lock(state.mutex);
  if (!target.parameters.empty())
    return respondLocked(state, reply,
                         failure(http::status::bad_request, "a job's address takes no parameters"));
  const std::string id = target.path.substr(std::string_view("/v1/analyse/").size());
  const auto found = state.jobs.find(id);
  if (found == state.jobs.end())
    return respondLocked(state, reply,
                         failure(http::status::not_found, "no such analysis job: " + id));
  const std::shared_ptr<Job> job = found->second;
  if (request.method() == http::verb::get)
    return respondLocked(
        state, reply,
        json(http::status::ok, jobJson(job->id, std::string(statusName(job->status)),
                                       job->positions, job->analysed.load(), job->analysis)));
  assert(request.method() == http::verb::delete_);
  if (job->status != Job::Status::Done) {
    // A queued job never starts; a running one stops within a node check. Its place in the
    // client's queue is free now: the worker that runs it gives nothing back.
    job->cancelled = true;
    if (job->analyser) job->analyser->stop();
    state.releaseLocked(job->client);
    ++state.analysesCancelled;
  }
  state.jobs.erase(found);
  state.jobOrder.erase(std::find(state.jobOrder.begin(), state.jobOrder.end(), id));
  HttpResponse gone(http::status::no_content, 11);
  gone.set(http::field::cache_control, "no-store");
  gone.prepare_payload();
  respondLocked(state, reply, std::move(gone));
}

}  // namespace

const std::vector<std::string_view>& servedPaths() {
  static const std::vector<std::string_view> paths = {"/v1/eval", "/v1/analyse", "/v1/analyse/{id}",
                                                      "/metrics", "/health"};
  return paths;
}

HttpApi::HttpApi(HttpApiConfig config, HttpSearchResources resources, ServerGauges gauges)
    : state_(std::make_shared<State>(std::move(config), std::move(resources), std::move(gauges))) {
  assert(state_->resources.pool != nullptr && state_->resources.table != nullptr);
}

HttpApi::~HttpApi() { shutdown(); }

std::size_t HttpApi::maxBodyBytes() const { return state_->config.maxBodyBytes; }

int HttpApi::pending() const {
  const std::lock_guard lock(state_->mutex);
  return state_->pending;
}

bool HttpApi::waitUntilPending(int count, std::chrono::steady_clock::duration timeout) const {
  std::unique_lock lock(state_->mutex);
  return state_->pendingChanged.wait_for(lock, timeout,
                                         [this, count] { return state_->pending == count; });
}

void HttpApi::shutdown() {
  const std::lock_guard lock(state_->mutex);
  state_->stopping = true;
  for (const auto& [id, control] : state_->searches) control->stop();
  for (const auto& [id, job] : state_->jobs)
    if (job->analyser) job->analyser->stop();
  state_->replies.clear();  // the replies' connections go now, while their transport exists
}

void HttpApi::handle(const HttpRequest& request, std::string_view clientName, HttpReply reply) {
  const std::shared_ptr<State>& state = state_;
  const std::string client(clientName);
  // A page of an --allow-origin origin reads every answer (CORS); its browser asks first
  // (OPTIONS) before a request with a token.
  if (const auto header = request.find(http::field::origin); header != request.end()) {
    const std::string origin(header->value().data(), header->value().size());
    if (host::isAllowedOrigin(state->config.allowedOrigins, origin)) {
      reply = [inner = std::move(reply), origin](HttpResponse response) {
        response.set(http::field::access_control_allow_origin, origin);
        response.set(http::field::access_control_expose_headers, "Location, Retry-After");
        response.set(http::field::vary, "Origin");
        inner(std::move(response));
      };
      if (request.method() == http::verb::options) {
        HttpResponse allowed(http::status::no_content, 11);
        allowed.set(http::field::access_control_allow_methods, "GET, POST, DELETE");
        allowed.set(http::field::access_control_allow_headers, "Authorization, Content-Type");
        allowed.set(http::field::access_control_max_age, "600");
        allowed.prepare_payload();
        const std::lock_guard lock(state->mutex);
        return respondLocked(*state, reply, std::move(allowed));
      }
    }
  }
  const auto respond = [&](HttpResponse response) {
    const std::lock_guard lock(state->mutex);
    respondLocked(*state, reply, std::move(response));
  };
  {
    std::unique_lock lock(state->mutex);
    if (state->stopping) {
      respondLocked(*state, reply, failure(http::status::service_unavailable, "server stopping"));
      return;
    }
  }
  std::string error;
  const auto target =
      parseTarget(std::string_view(request.target().data(), request.target().size()), error);
  if (!target) return respond(failure(http::status::bad_request, error));
  const std::string& path = target->path;
  const bool get = request.method() == http::verb::get;
  if (path == "/health") {
    if (!get) return respond(methodNotAllowed("use GET", "GET"));
    return respond(makeResponse(http::status::ok, "ok\n", "text/plain"));
  }
  const bool known = path == "/v1/eval" || path == "/v1/analyse" || path == "/metrics" ||
                     path.rfind("/v1/analyse/", 0) == 0;
  if (!known) return respond(failure(http::status::not_found, "no such endpoint: " + path));
  if (!authorized(state->config, request)) {
    HttpResponse refused = failure(http::status::unauthorized, "unauthorized");
    refused.set(http::field::www_authenticate, "Bearer");
    return respond(std::move(refused));
  }
  if (request.body().size() > state->config.maxBodyBytes)
    return respond(failure(http::status::payload_too_large, "request body too large"));
  if (path == "/v1/analyse") {
    if (request.method() != http::verb::post)
      return respond(methodNotAllowed("use POST with a PDN game", "POST"));
    return handleSubmit(state, request, *target, client, reply);
  }
  if (path.rfind("/v1/analyse/", 0) == 0) {
    if (!get && request.method() != http::verb::delete_)
      return respond(methodNotAllowed("use GET or DELETE", "GET, DELETE"));
    return handleJob(*state, request, *target, reply);
  }
  if (!get) return respond(methodNotAllowed("use GET", "GET"));
  if (path == "/metrics") {
    if (!target->parameters.empty())
      return respond(failure(http::status::bad_request, "/metrics takes no parameters"));
    HttpResponse metrics =
        makeResponse(http::status::ok, metricsText(*state), "text/plain; version=0.0.4");
    return respond(std::move(metrics));
  }
  assert(path == "/v1/eval");
  handleEval(state, *target, client, std::move(reply));
}

}  // namespace damiera::server
