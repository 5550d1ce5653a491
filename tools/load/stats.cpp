#include "tools/load/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace damiera::load {

namespace {

// Nearest-rank percentile of sorted samples.
double percentile(const std::vector<double>& sorted, double p) {
  const auto rank =
      static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  return sorted[std::min(std::max<std::size_t>(rank, 1), sorted.size()) - 1];
}

}  // namespace

void LatencyTable::record(const std::string& command, std::chrono::steady_clock::duration latency) {
  millis_[command].push_back(std::chrono::duration<double, std::milli>(latency).count());
}

std::uint64_t LatencyTable::count() const {
  std::uint64_t total = 0;
  for (const auto& [command, samples] : millis_) total += samples.size();
  return total;
}

void LatencyTable::print(std::ostream& out, double seconds) const {
  char line[256];
  std::snprintf(line, sizeof line, "%-18s %9s %9s %9s %9s %9s %9s\n", "command", "replies", "per s",
                "p50 ms", "p90 ms", "p99 ms", "max ms");
  out << line;
  for (auto [command, samples] : millis_) {
    std::sort(samples.begin(), samples.end());
    std::snprintf(line, sizeof line, "%-18s %9zu %9.1f %9.2f %9.2f %9.2f %9.2f\n", command.c_str(),
                  samples.size(), static_cast<double>(samples.size()) / seconds,
                  percentile(samples, 50), percentile(samples, 90), percentile(samples, 99),
                  samples.back());
    out << line;
  }
  std::snprintf(line, sizeof line, "%-18s %9llu %9.1f\n", "all",
                static_cast<unsigned long long>(count()), static_cast<double>(count()) / seconds);
  out << line;
}

}  // namespace damiera::load
