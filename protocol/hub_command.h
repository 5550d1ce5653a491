#pragma once
// The commands of the Hub protocol (version 2, as published with Scan), one struct per command
// word. parseCommand() checks each line's shape and values; what depends on the session (is a
// search running, which parameter a name means) is for the HubSession.
//
// As the Hub specification says, unknown commands and unknown arguments are ignored (they
// parse to Ignored, or are skipped); a known command with a malformed or missing argument is an
// error, which the session answers with `error message="..."`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera::protocol::hub {

struct Hello {};  // "hub": identify, declare the parameters, then "wait"

struct SetParam {  // "set-param name=<name> value=<value>"
  std::string name;
  std::string value;
};

struct Init {};     // "init": answered by "ready"
struct NewGame {};  // "new-game"
struct Ping {};     // "ping": answered by "pong", even during a search
struct Quit {};

// "pos pos=<position> [moves=\"m1 m2 ...\"]" or "pos start [moves=...]": a start position and
// the moves played from it, already checked (every move legal where it is played).
struct Pos {
  Position start;
  std::vector<PathMove> moves;
};

// "level ...": the limits of the next go. Times are in seconds.
struct Level {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<double> moveTime;
  std::optional<int> moves;         // moves to the next time control
  std::optional<double> time;       // the side to move's remaining time
  std::optional<double> increment;  // added before every move (Scan's convention)
  bool infinite = false;

  // Later fields override earlier ones: several level lines before a go add up.
  void merge(const Level& later);
};

enum class GoMode { Think, Ponder, Analyze };

struct Go {  // "go think | ponder | analyze" (a bare "go" thinks, as in Scan)
  GoMode mode = GoMode::Think;
};

struct PonderHit {};  // "ponder-hit"
struct Stop {};

struct Ignored {  // a command this dialect does not know
  std::string command;
};

using Command = std::variant<Hello, SetParam, Init, NewGame, Ping, Quit, Pos, Level, Go, PonderHit,
                             Stop, Ignored>;

inline constexpr int kMaxDepth = 1000;
inline constexpr int kMaxMovesToGo = 10000;
inline constexpr double kMaxSeconds = 1e9;  // ~30 years: no overflow in milliseconds

// One line (not blank; callers skip blank lines first with isBlankLine).
Parsed<Command> parseCommand(std::string_view line);

}  // namespace damiera::protocol::hub
