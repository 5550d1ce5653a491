#pragma once
// The commands of the native text protocol (PROTOCOL.md), one struct per command word.
// A line parses into one Command; the Session executes it. The structs hold what the line said,
// already checked for shape (counts, integers, keywords) but not against the game: whether a
// FEN or a move is valid depends on the position, so the Session decides that.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/perft.h"
#include "core/perft_parallel.h"
#include "core/perft_table.h"

namespace damiera::protocol {

struct Uci {};
struct IsReady {};
struct NewGame {};  // "ucinewgame"
struct Quit {};

// "setoption name <id> value <v>": the name may contain spaces (UCI), the value too.
struct SetOption {
  std::string name;
  std::optional<std::string> value;  // absent when the line has no "value" part
};

// "position startpos|fen <FEN> [moves m1 m2 ...]"
struct SetPosition {
  std::optional<std::string> fen;  // absent means the start position
  std::vector<std::string> moves;  // as typed; the Session checks them one by one
};

struct LegalMoves {};
struct Display {};  // "d"

inline constexpr int kMinPerftDepth = 1;
inline constexpr int kMaxPerftDepth = 20;

struct Perft {
  int depth = 1;
  PerftMode mode = PerftMode::KeepDuplicates;  // "unique" selects DropDuplicates
  std::size_t hashMegabytes = 0;               // "hash <MB>": a table for subtree counts
  int threads = 1;                             // "threads <N>": counting threads
};

struct ShowResult {};  // "result"

// "go" with any mix of limits; none at all means "infinite". Times in milliseconds.
struct Go {
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> moveTime;
  std::optional<std::int64_t> whiteTime, blackTime;
  std::int64_t whiteIncrement = 0, blackIncrement = 0;
  std::optional<int> movesToGo;
  bool infinite = false;
  bool ponder = false;
  std::vector<std::string> searchMoves;  // as typed; the Session checks them
};

struct Stop {};
struct PonderHit {};  // "ponderhit"
struct Eval {};
struct ShowBook {};  // "book": the opening book's moves for the current position

inline constexpr int kMinBenchDepth = 1;
inline constexpr int kMaxBenchDepth = 30;

struct Bench {
  std::optional<int> depth;  // absent: the built-in default
};

using Command =
    std::variant<Uci, IsReady, NewGame, Quit, SetOption, SetPosition, LegalMoves, Display, Perft,
                 ShowResult, Go, Stop, PonderHit, Eval, Bench, ShowBook>;

}  // namespace damiera::protocol
