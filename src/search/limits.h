#pragma once
// What a search is asked to do: the limits of one `go` command and the engine options that
// shape every search (setoption).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/move.h"
#include "search/clock.h"
#include "search/skill.h"
#include "search/tunables.h"

namespace damiera {

namespace egdb {
class Prober;
}
struct EvalWeights;

inline constexpr int kDefaultMoveOverheadMs = 30;
inline constexpr int kMaxMoveOverheadMs = 5000;
inline constexpr int kDefaultThreads = 1;
inline constexpr int kMaxThreads = 256;
inline constexpr int kDefaultMultiPv = 1;
inline constexpr int kMaxMultiPv = 64;
// Contempt: what a draw is worth to the side the engine plays, in hundredths of a man, negated
// (a positive contempt makes the engine avoid draws); at most a man either way.
inline constexpr int kDefaultContempt = 0;
inline constexpr int kMaxContempt = 100;

// The limits of one search (`go ...`). Any mix is allowed; the search ends at the first limit
// reached. With none at all (and not infinite, not ponder) the search runs to the maximum
// depth, which in practice means "until stop".
struct SearchLimits {
  int depth = 0;                           // 0: no depth limit
  std::uint64_t nodes = 0;                 // 0: no node limit
  std::optional<std::int64_t> moveTimeMs;  // exact thinking time
  std::optional<std::int64_t> timeMs[2];   // remaining clock, by Color (White = 0)
  std::int64_t incrementMs[2] = {0, 0};    // increment per move, by Color
  int movesToGo = 0;                       // moves to the next time control; 0: none
  bool infinite = false;                   // search until stop; bestmove only after stop
  bool ponder = false;                     // search until ponderhit (then timed) or stop
  std::vector<Move> searchMoves;           // restrict the root to these (empty: all)
  // When the request arrived, by the searcher's clock (SearchClock): time limits count from
  // here, so that time spent before the search starts (parsing, waiting for a turn on a
  // host's pool) is time spent. None: when the search starts.
  std::optional<SearchClock::TimePoint> start;

  bool hasClock() const { return timeMs[0].has_value() || timeMs[1].has_value(); }
};

// Engine options (setoption) that every search uses.
struct SearchOptions {
  int threads = kDefaultThreads;                // "Threads": Lazy SMP helpers = threads - 1
  int multiPv = kDefaultMultiPv;                // "MultiPV": lines reported per iteration
  int moveOverheadMs = kDefaultMoveOverheadMs;  // "Move Overhead": kept in reserve per move
  bool ponder = false;                          // "Ponder": the GUI may ponder; budget a bit more
  std::shared_ptr<egdb::Prober> database;       // "EGDBPath": endgame database, or none
  int databasePieces = 0;                       // "EGDBPieces": probe up to this many pieces
  std::shared_ptr<const EvalWeights> evalWeights;  // "EvalFile": its weights; none: embedded
  std::uint64_t evalTableSalt = 0;                 // evalTableSalt(*evalWeights); none: 0
  // The level it plays at ("Skill Level", or UCI_Elo's; search/skill.h): below kMaxSkillLevel
  // the search goes no deeper than the level's cap and plays the level's choice among its best
  // lines, as Stockfish's Skill does.
  int skillLevel = kMaxSkillLevel;
  // "Contempt": a draw (R14 repetition, R15 no-progress rule, a database draw) scores
  // -contempt for the side to move at the root and +contempt for its opponent; never a proven
  // win or loss. 0: every draw is 0, as without the option.
  int contempt = kDefaultContempt;
  // "SearchTunables": the search's constants (tunables.h); the defaults unless a tuner sets them.
  SearchTunables tunables;

  // The lines searched per iteration: MultiPV, and at a weaker level at least the
  // kSkillMultiPv it chooses among (only the first MultiPV are reported).
  int linesSearched() const {
    return skillLevel < kMaxSkillLevel ? std::max(multiPv, kSkillMultiPv) : multiPv;
  }
};

}  // namespace damiera
