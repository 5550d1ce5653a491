// libFuzzer harness for the HTTP/JSON API's handler (server/http_api.h, issue 49): the input is
// the bytes of an HTTP request, parsed by Beast as the transport parses them; a request that
// parses is handed to the handler as the transport hands it, and the harness aborts when the
// handler's contract breaks:
//   - the reply is not made exactly once, or a request is still pending when its reply came;
//   - a status the API never sends, or a response without Content-Type;
//   - a JSON response (every one but /metrics and /health) that is not valid JSON, an error
//     status without a string "error", an evaluation whose lines are not legal move sequences
//     from its position.
// AddressSanitizer and UndefinedBehaviorSanitizer catch the rest. Built and run by tools/fuzz.
//
// Input: the first byte picks the API (odd: one that asks for a token, "Bearer fuzz"); the rest
// is the request. The searches are kept tiny (depth 3, 5 ms) so that an execution stays short.
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/notation.h"
#include "search/tt.h"
#include "server/http_api.h"
#include "server/worker_pool.h"

namespace {

using namespace damiera;
using namespace damiera::server;
namespace http = boost::beast::http;
using nlohmann::json;

[[noreturn]] void violation(const char* what, std::string_view detail) {
  std::fprintf(stderr, "\n*** http fuzzer: %s\n*** detail: %.*s\n", what,
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

struct Harness {
  Harness() : pool(1) {
    HttpSearchResources resources;
    resources.pool = &pool;
    resources.table = std::make_shared<TranspositionTable>(1);
    HttpApiConfig config;
    config.maxDepth = 3;
    config.maxMoveTimeMs = 5;
    config.maxBodyBytes = 4096;
    config.cacheEntries = 64;
    open = std::make_unique<HttpApi>(config, resources);
    config.token = "fuzz";
    guarded = std::make_unique<HttpApi>(config, resources);
  }
  WorkerPool pool;  // first: the APIs' jobs run on it until they are gone
  std::unique_ptr<HttpApi> open;
  std::unique_ptr<HttpApi> guarded;
};

Harness& harness() {
  static Harness* const made = new Harness;  // never destroyed: libFuzzer exits without it
  return *made;
}

// Every move of the line is legal, one after another, from `fen`.
void checkLine(const std::string& fen, const std::string& moves) {
  const Parsed<Position> start = parseFen(fen);
  if (!start) violation("an evaluation's fen does not parse", fen);
  Position position = *start.value;
  std::size_t begin = 0;
  while (begin < moves.size()) {
    const std::size_t end = std::min(moves.find(' ', begin), moves.size());
    const Parsed<PathMove> move = parseMove(position, moves.substr(begin, end - begin));
    if (!move) violation("an evaluation's line is not legal", moves + " from " + fen);
    position = position.after(move.value->move);
    begin = end + 1;
  }
}

void checkResponse(const std::string& target, const HttpResponse& response) {
  static const std::set<unsigned> kStatuses = {200, 202, 400, 401, 404, 405, 413, 429, 503};
  const unsigned status = response.result_int();
  if (!kStatuses.count(status)) violation("unexpected status", std::to_string(status));
  if (response.find(http::field::content_type) == response.end())
    violation("a response without Content-Type", target);
  const std::string type(response[http::field::content_type]);
  if (type != "application/json") {
    if (status != 200 || type.rfind("text/plain", 0) != 0)
      violation("a response that is neither JSON nor a 200 in text", type);
    return;
  }
  json body;
  try {
    body = json::parse(response.body());
  } catch (const json::exception& e) {
    violation("invalid JSON", response.body());
  }
  if (status >= 400) {
    if (!body.is_object() || !body.contains("error") || !body["error"].is_string())
      violation("an error without a string 'error'", response.body());
    return;
  }
  if (body.contains("pvs"))
    for (const json& pv : body["pvs"]) checkLine(body["fen"], pv["moves"]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  Harness& fuzz = harness();
  HttpApi& api = (data[0] & 1) ? *fuzz.guarded : *fuzz.open;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);

  http::request_parser<http::string_body> parser;
  parser.eager(true);
  parser.header_limit(8192);
  parser.body_limit(api.maxBodyBytes());
  boost::system::error_code error;
  std::size_t used = 0;
  while (!error && used < bytes.size() && !parser.is_done()) {
    const std::size_t taken =
        parser.put(boost::asio::buffer(bytes.data() + used, bytes.size() - used), error);
    if (taken == 0 && !error) break;  // needs more than there is
    used += taken;
  }
  if (!error && !parser.is_done()) parser.put_eof(error);
  if (error || !parser.is_done()) return 0;  // the transport would not hand it over
  HttpRequest request = parser.release();
  if ((data[0] & 2) != 0) request.set(http::field::authorization, "Bearer fuzz");

  std::mutex mutex;
  std::condition_variable answered;
  int replies = 0;
  std::optional<HttpResponse> response;
  api.handle(request, "fuzz", [&](HttpResponse made) {
    const std::lock_guard lock(mutex);
    ++replies;
    response = std::move(made);
    answered.notify_all();
  });
  {
    std::unique_lock lock(mutex);
    if (!answered.wait_for(lock, std::chrono::minutes(5), [&] { return replies > 0; }))
      violation("no reply", std::string(request.target()));
  }
  // Every evaluation and job of this execution is done before the next begins (a reply comes
  // before its slot is given back: wait for that too).
  if (!api.waitUntilPending(0, std::chrono::minutes(5)))
    violation("a request still pending", std::string(request.target()));
  const std::lock_guard lock(mutex);
  if (replies != 1) violation("more than one reply", std::string(request.target()));
  checkResponse(std::string(request.target()), *response);
  return 0;
}
