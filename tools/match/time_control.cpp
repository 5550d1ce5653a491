#include "tools/match/time_control.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <vector>

namespace damiera::match {
namespace {

constexpr double kMsPerSecond = 1000.0;
// A time control longer than a day is a typo, and keeps the arithmetic far from overflow.
constexpr double kMaxSeconds = 86'400.0;

std::optional<double> parseSeconds(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value) || value < 0 || value > kMaxSeconds)
    return std::nullopt;
  return value;
}

std::int64_t toMs(double seconds) { return std::llround(seconds * kMsPerSecond); }

std::string secondsText(std::int64_t ms) {
  std::ostringstream out;
  out << static_cast<double>(ms) / kMsPerSecond;
  return out.str();
}

}  // namespace

Parsed<TimeControl> parseTimeControl(std::string_view text) {
  const std::string shown =
      "invalid time control '" + std::string(text) + "': expected SECONDS[+INCREMENT], e.g. 10+0.1";
  const std::size_t plus = text.find('+');
  const std::optional<double> base = parseSeconds(text.substr(0, plus));
  std::optional<double> increment = 0.0;
  if (plus != std::string_view::npos) increment = parseSeconds(text.substr(plus + 1));
  if (!base || !increment || toMs(*base) <= 0) return Parsed<TimeControl>::fail(shown);
  return Parsed<TimeControl>::ok({toMs(*base), toMs(*increment)});
}

std::string formatTimeControl(const TimeControl& tc) {
  return secondsText(tc.baseMs) + "+" + secondsText(tc.incrementMs);
}

SearchLimits mergeLimits(const SearchLimits& own, const SearchLimits& fallback) {
  SearchLimits merged = own;
  if (!merged.tc) merged.tc = fallback.tc;
  if (!merged.movetimeMs) merged.movetimeMs = fallback.movetimeMs;
  if (!merged.depth) merged.depth = fallback.depth;
  if (!merged.nodes) merged.nodes = fallback.nodes;
  return merged;
}

std::string describeLimits(const SearchLimits& limits) {
  std::vector<std::string> parts;
  if (limits.tc) parts.push_back("tc " + formatTimeControl(*limits.tc));
  if (limits.movetimeMs) parts.push_back("movetime " + std::to_string(*limits.movetimeMs) + " ms");
  if (limits.depth) parts.push_back("depth " + std::to_string(*limits.depth));
  if (limits.nodes) parts.push_back("nodes " + std::to_string(*limits.nodes));
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text.empty() ? "none" : text;
}

GameClocks::GameClocks(const SearchLimits& white, const SearchLimits& black) {
  const std::array<const SearchLimits*, 2> sides = {&white, &black};
  for (int i = 0; i < 2; ++i) {
    if (!sides[i]->tc) continue;
    clocks_[i].remaining = sides[i]->tc->baseMs;
    clocks_[i].increment = sides[i]->tc->incrementMs;
  }
}

std::string GameClocks::goCommand(const SearchLimits& limits) const {
  std::string line = "go";
  const SideClock& white = clocks_[0];
  const SideClock& black = clocks_[1];
  if (white.remaining) line += " wtime " + std::to_string(*white.remaining);
  if (black.remaining) line += " btime " + std::to_string(*black.remaining);
  if (white.remaining) line += " winc " + std::to_string(white.increment);
  if (black.remaining) line += " binc " + std::to_string(black.increment);
  if (limits.movetimeMs) line += " movetime " + std::to_string(*limits.movetimeMs);
  if (limits.depth) line += " depth " + std::to_string(*limits.depth);
  if (limits.nodes) line += " nodes " + std::to_string(*limits.nodes);
  return line;
}

std::chrono::milliseconds GameClocks::allowance(Color mover, const SearchLimits& limits,
                                                const Timeouts& timeouts) const {
  std::optional<std::int64_t> budget = clocks_[index(mover)].remaining;
  if (limits.movetimeMs)
    budget = budget ? std::min(*budget, *limits.movetimeMs) : *limits.movetimeMs;
  if (!budget) return timeouts.moveTimeout;
  return std::chrono::milliseconds(*budget) + timeouts.margin;
}

void GameClocks::charge(Color mover, std::chrono::milliseconds used) {
  SideClock& clock = clocks_[index(mover)];
  if (!clock.remaining) return;
  // Time taken from the margin is forgiven, not carried as a debt into the next move.
  clock.remaining = std::max<std::int64_t>(0, *clock.remaining - used.count()) + clock.increment;
}

}  // namespace damiera::match
