#pragma once
// One load test: N clients on one Asio thread, each repeating its script against the server,
// checking every reply, timing every command. Ends after the duration: each client finishes
// the command it is on, then closes; what is still unanswered after the grace period is lost.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/load/script.h"
#include "tools/load/stats.h"

namespace damiera::load {

struct LoadConfig {
  std::string host = "127.0.0.1";
  std::string port;
  int clients = 16;
  std::chrono::milliseconds duration{10'000};
  std::chrono::milliseconds grace{30'000};
  std::vector<ScriptCommand> script = defaultScript();
  std::optional<std::string> token;  // sent as "auth <token>" first
  std::uint64_t seed = 1;
  // Each client's mean pause between a reply and its next command (uniform from zero to twice
  // this), as a person or a GUI takes; zero: at once, the server saturated (latencies are then
  // mostly queueing).
  std::chrono::milliseconds think{0};
};

struct LoadResult {
  LatencyTable latencies;
  LoadTotals totals;
  std::vector<std::string> firstErrors;  // the first few, to show what went wrong
  double seconds = 0;                    // from the first connection to the last reply
};

LoadResult runLoad(const LoadConfig& config);

}  // namespace damiera::load
