#include "tools/load/http_run.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <stdexcept>
#include <unordered_set>
#include <utility>

#include "core/fen.h"
#include "core/movegen.h"
#include "tools/load/reply_check.h"
#include "tools/load/run_deadline.h"

namespace damiera::load {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;

constexpr int kMaxPlayoutPlies = 40;
constexpr std::uint64_t kMaxReplyBytes = 1 << 20;
constexpr std::size_t kErrorsShown = 10;
constexpr std::size_t kBodyShown = 120;

// What every client shares: the positions, the counters, the end of the run.
struct Run {
  const HttpLoadConfig& config;
  asio::io_context& io;
  const tcp::resolver::results_type& endpoints;
  std::vector<std::string> targets;  // "/v1/eval?fen=...", one a position
  const bool warming;                // the warm-up pass: nothing timed or counted
  HttpLoadResult result;
  std::size_t next = 0;   // the next request's position (its index modulo the pool)
  bool stopping = false;  // the duration is over: no new requests
  int active = 0;         // clients not yet finished
  asio::steady_timer durationTimer;
  asio::steady_timer graceTimer;

  Run(const HttpLoadConfig& c, asio::io_context& context,
      const tcp::resolver::results_type& addresses, bool warm)
      : config(c),
        io(context),
        endpoints(addresses),
        warming(warm),
        durationTimer(context),
        graceTimer(context) {
    for (const Position& pos : config.positions)
      targets.push_back("/v1/eval?fen=" + formatFen(pos) +
                        (config.query.empty() ? "" : "&" + config.query));
  }

  // The position of the next request, or nothing: the run is over (warming: every position
  // has been asked once).
  std::optional<std::size_t> take() {
    if (stopping || (warming && next >= targets.size())) return std::nullopt;
    return next++ % targets.size();
  }
  void error(std::string message) {
    ++result.load.totals.errors;
    if (result.load.firstErrors.size() < kErrorsShown)
      result.load.firstErrors.push_back(std::move(message));
  }
  void clientDone() {
    if (--active > 0) return;
    durationTimer.cancel();
    graceTimer.cancel();
  }
};

// What is wrong with an evaluation's answer (docs/http.md), or nothing; `cached` is what it
// says it was.
std::optional<std::string> checkEvaluation(const Position& pos, const std::string& body,
                                           bool& cached) {
  nlohmann::json answer;
  try {
    answer = nlohmann::json::parse(body);
    if (answer.at("fen").get<std::string>() != formatFen(pos))
      return "the answer is for another position: " + answer["fen"].dump();
    const nlohmann::json& pvs = answer.at("pvs");
    if (!pvs.is_array() || pvs.empty()) return std::string("no pvs in the answer");
    for (const nlohmann::json& pv : pvs) {
      if (!pv.contains("cp") && !pv.contains("mate")) return "a pv without a score: " + pv.dump();
      if (auto wrong = checkMoveSequence(pos, pv.at("moves").get<std::string>())) return wrong;
    }
    cached = answer.at("cached").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    return "not an evaluation: " + std::string(e.what()) + ": " + body.substr(0, kBodyShown);
  }
  return std::nullopt;
}

class HttpClient : public std::enable_shared_from_this<HttpClient> {
 public:
  explicit HttpClient(Run& run) : run_(run), stream_(run.io) {}

  void start() { connect(); }

  // The run is over: a request still unanswered is lost.
  void abandon() {
    if (finished_) return;
    if (waiting_ && !run_.warming) ++run_.result.load.totals.lost;
    finish();
  }

 private:
  void connect() {
    ++run_.result.connections;
    stream_.async_connect(
        run_.endpoints, [self = shared_from_this()](const error_code& error, const tcp::endpoint&) {
          if (self->finished_) return;
          if (error) {
            self->run_.error("cannot connect: " + error.message());
            ++self->run_.result.load.totals.disconnects;
            return self->finish();
          }
          error_code ignored;
          self->stream_.socket().set_option(tcp::no_delay(true), ignored);
          self->issueNext();
        });
  }

  void issueNext() {
    const std::optional<std::size_t> index = run_.take();
    if (!index) return finish();
    index_ = *index;
    request_ = {http::verb::get, run_.targets[index_], 11};
    request_.set(http::field::host, run_.config.host);
    if (run_.config.token) request_.set(http::field::authorization, "Bearer " + *run_.config.token);
    response_.emplace();
    response_->body_limit(kMaxReplyBytes);
    sent_ = Clock::now();
    waiting_ = true;
    http::async_write(stream_, request_,
                      [self = shared_from_this()](const error_code& error, std::size_t) {
                        if (self->finished_) return;
                        if (error) return self->lostConnection();
                        http::async_read(self->stream_, self->buffer_, *self->response_,
                                         [self](const error_code& failed, std::size_t) {
                                           if (self->finished_) return;
                                           if (failed) return self->lostConnection();
                                           self->onResponse();
                                         });
                      });
  }

  void onResponse() {
    const Clock::duration latency = Clock::now() - sent_;
    waiting_ = false;
    const http::response<http::string_body> response = response_->release();
    const std::string& target = run_.targets[index_];
    bool cached = false;
    if (response.result() != http::status::ok) {
      run_.error("GET " + target.substr(0, kBodyShown) + ": " +
                 std::to_string(response.result_int()) + " " +
                 response.body().substr(0, kBodyShown));
    } else if (auto wrong =
                   checkEvaluation(run_.config.positions[index_], response.body(), cached)) {
      run_.error("GET " + target.substr(0, kBodyShown) + ": " + *wrong);
    } else if (!run_.warming) {
      run_.result.load.latencies.record(cached ? "eval cached" : "eval searched", latency);
    }
    if (response.keep_alive()) return issueNext();
    // The server closes after this answer (`Connection: close`): the next request on a new
    // connection, counted.
    error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    buffer_.clear();
    connect();
  }

  void lostConnection() {
    if (finished_) return;
    if (!run_.warming) {
      ++run_.result.load.totals.disconnects;
      if (waiting_) ++run_.result.load.totals.lost;
    } else {
      run_.error("the connection was lost while warming the cache");
    }
    finish();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    waiting_ = false;
    error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
    run_.clientDone();
  }

  Run& run_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  http::request<http::empty_body> request_;
  std::optional<http::response_parser<http::string_body>> response_;
  std::size_t index_ = 0;
  Clock::time_point sent_;
  bool waiting_ = false;
  bool finished_ = false;
};

// One pass of the clients: the timed run, or (warming) every position asked once.
HttpLoadResult runPhase(const HttpLoadConfig& config, bool warming) {
  asio::io_context io;
  tcp::resolver resolver(io);
  const tcp::resolver::results_type endpoints = resolver.resolve(config.host, config.port);
  Run run(config, io, endpoints, warming);
  std::vector<std::shared_ptr<HttpClient>> clients;
  for (int i = 0; i < config.clients; ++i) clients.push_back(std::make_shared<HttpClient>(run));
  run.active = config.clients;
  const auto start = Clock::now();
  for (const auto& client : clients) client->start();
  if (!warming) armRunDeadline(run, config.duration, config.grace, clients);
  io.run();
  run.result.load.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return std::move(run.result);
}

}  // namespace

std::vector<Position> randomPositions(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Position> positions;
  std::unordered_set<std::string> seen;
  // Short playouts repeat each other: allow many tries before giving up.
  for (std::size_t tries = 0; positions.size() < count && tries < 100 * count + 1000; ++tries) {
    Position pos = Position::start();
    const int plies = std::uniform_int_distribution<int>(0, kMaxPlayoutPlies)(random);
    for (int ply = 0; ply < plies; ++ply) {
      const std::vector<PathMove> moves = generatePathMoves(pos);
      if (moves.empty()) break;
      pos = pos.after(
          moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)].move);
    }
    // A position without a move has no evaluation to ask for.
    if (!generatePathMoves(pos).empty() && seen.insert(formatFen(pos)).second)
      positions.push_back(pos);
  }
  if (positions.size() < count)
    throw std::runtime_error("found only " + std::to_string(positions.size()) +
                             " distinct positions of the " + std::to_string(count) + " asked");
  return positions;
}

HttpLoadResult runHttpLoad(const HttpLoadConfig& config) {
  if (config.positions.empty()) throw std::runtime_error("no positions to ask");
  if (config.warm) {
    HttpLoadResult warm = runPhase(config, true);
    if (warm.load.totals.errors + warm.load.totals.disconnects > 0) return warm;  // its errors
  }
  return runPhase(config, false);
}

}  // namespace damiera::load
