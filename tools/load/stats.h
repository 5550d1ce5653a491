#pragma once
// Latency samples per command and the report damiera-load prints at the end.
#include <chrono>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace damiera::load {

struct LoadTotals {
  std::uint64_t errors = 0;       // replies that were wrong (or "error ..." lines)
  std::uint64_t lost = 0;         // commands still unanswered when the run ended
  std::uint64_t disconnects = 0;  // connections the server closed (or refused)
};

class LatencyTable {
 public:
  void record(const std::string& command, std::chrono::steady_clock::duration latency);
  std::uint64_t count() const;

  // One line per command: count, rate, p50/p90/p99/max in milliseconds, then a total line.
  void print(std::ostream& out, double seconds) const;

 private:
  std::map<std::string, std::vector<double>> millis_;
};

}  // namespace damiera::load
