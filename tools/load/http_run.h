#pragma once
// damiera-load --http: N clients on one Asio thread, each on its own kept HTTP/1.1 connection,
// asking GET /v1/eval of positions one after another (docs/http.md), every answer checked
// (status 200, the position asked, legal lines), timed from the request to the whole answer,
// and counted under "eval searched" or "eval cached" by what the answer says it was. Ends as
// the line protocol's run does: after the duration each client finishes its request, then
// closes; what is unanswered after the grace period is lost.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/position.h"
#include "tools/load/load_run.h"

namespace damiera::load {

struct HttpLoadConfig {
  std::string host = "127.0.0.1";
  std::string port;
  int clients = 8;
  std::chrono::milliseconds duration{10'000};
  std::chrono::milliseconds grace{30'000};
  std::optional<std::string> token;  // sent as "Authorization: Bearer <token>"
  // The positions asked, in turn (request k of the run asks positions[k % size]): each once
  // per pass, so a pool larger than the run's requests is never asked twice (every answer
  // searched), and a pool the server's cache holds is all cached from the second pass on.
  std::vector<Position> positions;
  // Appended to each request's query: "depth=8", "movetime=50&multipv=2"; empty: the
  // server's default effort.
  std::string query;
  // Ask every position once before the timed run (its answers neither timed nor counted), so
  // that the run's answers all come from the cache.
  bool warm = false;
};

struct HttpLoadResult {
  LoadResult load;
  std::uint64_t connections = 0;  // opened in all: the clients' own, then one per reopening
};

// `count` distinct positions from random playouts of 0 to 40 plies (seeded), in the order
// found; throws std::runtime_error when that many cannot be found.
std::vector<Position> randomPositions(std::size_t count, std::uint64_t seed);

HttpLoadResult runHttpLoad(const HttpLoadConfig& config);

}  // namespace damiera::load
