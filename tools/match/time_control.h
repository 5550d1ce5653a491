#pragma once
// What each engine may spend on a move, the `go` line that tells it, the clocks of a game, and
// how long the referee waits before the engine loses.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/parsed.h"
#include "core/position.h"

namespace damiera::match {

// "--tc 10+0.1": a base time and an increment added after every move, both in seconds.
struct TimeControl {
  std::int64_t baseMs = 0;
  std::int64_t incrementMs = 0;
};

// "SECONDS[+INCREMENT]", decimals allowed ("10+0.1", "60", "0.5+0.05"); base > 0.
Parsed<TimeControl> parseTimeControl(std::string_view text);
std::string formatTimeControl(const TimeControl& tc);  // "10+0.1"

// The limits of one engine's search, any combination; at least one must be set to play.
struct SearchLimits {
  std::optional<TimeControl> tc;
  std::optional<std::int64_t> movetimeMs;
  std::optional<int> depth;
  std::optional<std::int64_t> nodes;

  bool any() const { return tc || movetimeMs || depth || nodes; }
};

// Fills in, from `fallback`, every limit `own` leaves unset.
SearchLimits mergeLimits(const SearchLimits& own, const SearchLimits& fallback);
std::string describeLimits(const SearchLimits& limits);  // "tc 10+0.1, depth 6"

struct Timeouts {
  // Added to the engine's clock or movetime before it loses on time: pipes, scheduling and
  // process start-up are not the engine's fault.
  std::chrono::milliseconds margin{100};
  // The wait for a bestmove when only depth or nodes limit the search.
  std::chrono::milliseconds moveTimeout{60'000};
  // The wait for uciok and readyok.
  std::chrono::milliseconds startTimeout{10'000};
  // How long an engine told to quit may take before it is killed.
  std::chrono::milliseconds quitGrace{1'000};
};

// The clocks of one game, one per colour; a side without a time control has no clock.
class GameClocks {
 public:
  GameClocks(const SearchLimits& white, const SearchLimits& black);

  // "go wtime .. btime .. winc .. binc .. movetime .. depth .. nodes ..": each clock that
  // exists, then the mover's other limits.
  std::string goCommand(const SearchLimits& moverLimits) const;

  // How long the mover has before it loses: its clock (or movetime) plus the margin, or the
  // move timeout when only depth/nodes limit it. The flag falls exactly there.
  std::chrono::milliseconds allowance(Color mover, const SearchLimits& limits,
                                      const Timeouts& timeouts) const;
  // True when the allowance came from a clock or movetime (a loss on time), false when it was
  // only the move timeout (the engine did not answer).
  static bool isTimeLimited(const SearchLimits& limits) { return limits.tc || limits.movetimeMs; }

  // Charges a move that took `used` (within the allowance) and adds the increment.
  void charge(Color mover, std::chrono::milliseconds used);

  std::optional<std::int64_t> remainingMs(Color side) const {
    return clocks_[index(side)].remaining;
  }

 private:
  struct SideClock {
    std::optional<std::int64_t> remaining;  // absent: no time control
    std::int64_t increment = 0;
  };
  static int index(Color side) { return side == Color::White ? 0 : 1; }
  std::array<SideClock, 2> clocks_;
};

}  // namespace damiera::match
