#pragma once
// Inside the search layer (not part of its API): the state one search shares between its
// threads, and the Worker each thread runs: iterative deepening with aspiration windows,
// principal variation search, quiescence through forced captures, move ordering, draws.
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "search/eval_regions.h"
#include "search/eval_weights.h"
#include "search/limits.h"
#include "search/score.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "search/tunables.h"

namespace damiera {

// Deepest iteration; extensions and quiescence go further, up to kMaxPly.
inline constexpr int kMaxDepth = 100;
// The main thread looks at the clock and the stop flag this often (in nodes): at millions of
// nodes a second that is well under a millisecond.
inline constexpr int kPollIntervalNodes = 1024;

// Triangular principal variation table: row `ply` holds the line from that ply on. Left
// uninitialised: a cell is always written before it is read (the worker's pvLength_ bounds
// every read), so only the rows a search reaches are ever touched, and a session that
// searches little (many short-lived sessions, each input of the fuzz harness) does not commit
// the table's 266 KB at its first search.
class PvTable {
 public:
  using Row = std::array<Move, kMaxPly + 1>;
  static constexpr std::size_t kRows = kMaxPly + 1;

  PvTable() : rows_(std::allocator<Row>().allocate(kRows)) {}
  ~PvTable() { std::allocator<Row>().deallocate(rows_, kRows); }
  PvTable(const PvTable&) = delete;
  PvTable& operator=(const PvTable&) = delete;

  Row& operator[](int ply) { return rows_[ply]; }

 private:
  // Move is an aggregate: a cell's object exists once written (implicit lifetime), and none
  // needs destroying.
  static_assert(std::is_aggregate_v<Move> && std::is_trivially_destructible_v<Move>);
  Row* rows_;
};

// Per-thread memory kept between searches (SearchContext owns it).
struct ThreadTables {
  // Butterfly history: how often a quiet (from, to) of each colour caused a cut-off.
  std::array<std::array<std::array<int, kLayoutBits>, kLayoutBits>, 2> history{};
  PvTable pv;

  void clearHistory() {
    for (auto& byFrom : history)
      for (auto& byTo : byFrom) byTo.fill(0);
  }
};

struct RootMove {
  Move move;
  int score = -kScoreInfinite;
  int previousScore = -kScoreInfinite;
  int selDepth = 0;
  std::vector<Move> pv;
};

inline bool byScoreDescending(const RootMove& a, const RootMove& b) { return a.score > b.score; }

class Worker;

// Lazy SMP: the deepest iteration any thread has completed. A thread that finishes an
// iteration deeper than every other publishes its root moves; the others leave an iteration
// that is no deeper (its remaining work is in the table already) and go on from there, and the
// main thread reports it and answers with it. Without this, a helper an iteration ahead
// (Worker::nextDepth) would only lend its table entries, and the main thread would still
// search every depth itself.
class DeepestIteration {
 public:
  int depth() const { return depth_.load(std::memory_order_acquire); }
  // Keeps `rootMoves` when `depth` is deeper than what is there.
  void publish(int depth, const std::vector<RootMove>& rootMoves) {
    std::lock_guard lock(mutex_);
    if (depth <= depth_.load(std::memory_order_relaxed)) return;
    rootMoves_ = rootMoves;
    depth_.store(depth, std::memory_order_release);
  }
  // When the published iteration is deeper than `than`: copies its root moves into
  // `rootMoves` and returns its depth; else 0, and `rootMoves` is left as it was.
  int takeIfDeeper(int than, std::vector<RootMove>& rootMoves) const {
    std::lock_guard lock(mutex_);
    const int depth = depth_.load(std::memory_order_relaxed);
    if (depth <= than) return 0;
    rootMoves = rootMoves_;
    return depth;
  }

 private:
  mutable std::mutex mutex_;
  std::atomic<int> depth_{0};
  std::vector<RootMove> rootMoves_;
};

// What a search mixes into every transposition table key, so that searches whose scores mean
// different things never read each other's entries when they share a table (a host's
// sessions): another evaluation (EvalFile), another no-progress limit (R15, NoProgressMoves),
// another contempt or the same contempt for the other side (a draw's score depends on which
// side the root has to move). 0 for the compiled-in evaluation, the default limit and no
// contempt, so that a lone engine's keys are the positions' own.
std::uint64_t tableSaltOf(const SearchOptions& options, int noProgressLimitPlies, Color rootSide);

// Late move reductions by depth and move index, from SearchTunables' formula.
class LmrTable {
 public:
  explicit LmrTable(const SearchTunables& tunables);
  int reduction(int depth, int moveIndex) const {
    return reduction_[std::min(depth, kMaxDepth + 1)][moveIndex];
  }
  // The table for `tunables`: one built once for the defaults, else a new one kept in `own`.
  static const LmrTable& of(const SearchTunables& tunables, std::unique_ptr<LmrTable>& own);

 private:
  std::array<std::array<int, MoveList::kCapacity>, kMaxDepth + 2> reduction_{};
};

// One search: the root, the game history, the limits and the abort flag all threads watch.
struct SharedSearch {
  SharedSearch(const Game& game, const SearchLimits& limits, const SearchOptions& options,
               TranspositionTable& table, SearchControl& control, const SearchCallbacks& callbacks,
               const TimeBudget& budget, SearchClock::TimePoint start, std::uint64_t tableSalt)
      : root(game.position()),
        noProgressLimit(game.noProgressLimitPlies()),
        tableSalt(tableSalt),
        limits(limits),
        options(options),
        table(table),
        control(control),
        callbacks(callbacks),
        time(budget, control.clock(), start),
        start(start),
        lmr(LmrTable::of(options.tunables, tunedLmr)) {
    // Only the positions since the last capture or man move can ever repeat (R14, R15).
    const std::vector<std::uint64_t>& keys = game.keys();
    const std::size_t first = keys.size() - 1 - static_cast<std::size_t>(game.noProgressPlies());
    historyKeys.assign(keys.begin() + static_cast<std::ptrdiff_t>(first), keys.end());
    rootNoProgress = game.noProgressPlies();
  }

  bool aborted() const { return abort.load(std::memory_order_relaxed); }
  std::uint64_t totalNodes() const;
  std::uint64_t totalDatabaseHits() const;
  std::int64_t elapsedSinceStartMs() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(control.clock().now() - start)
        .count();
  }

  const Position root;
  std::vector<std::uint64_t> historyKeys;  // root key last
  int rootNoProgress = 0;
  const int noProgressLimit;
  const std::uint64_t tableSalt;  // mixed into every table key: tableSaltOf(options, game)
  const SearchLimits& limits;
  const SearchOptions& options;
  TranspositionTable& table;
  SearchControl& control;
  const SearchCallbacks& callbacks;
  TimeManager time;
  const SearchClock::TimePoint start;
  std::unique_ptr<LmrTable> tunedLmr;  // when the tunables' reductions are not the defaults
  const LmrTable& lmr;
  std::vector<RootMove> rootMoves;     // the starting list every worker copies
  std::uint64_t rootDatabaseHits = 0;  // probes made to choose the root moves
  std::vector<Worker*> workers;
  std::atomic<bool> abort{false};
  DeepestIteration deepest;
  // How many threads are searching each iteration depth now (Lazy SMP spreads them).
  std::array<std::atomic<int>, kMaxDepth + 2> searching{};
};

// One thread of a search. Thread 0 is the main thread: it watches the clock and the stop flag,
// reports, and answers with its own result or a deeper one a helper completed; the others are Lazy
// SMP helpers that share only the transposition table and the deepest completed iteration
// (DeepestIteration), and spread over neighbouring iterations (nextDepth).
class Worker {
 public:
  Worker(SharedSearch& shared, ThreadTables& tables, int index)
      : shared_(shared),
        tune_(shared.options.tunables),
        evalWeights_(shared.options.evalWeights ? *shared.options.evalWeights
                                                : embeddedEvalWeights()),
        history_(tables.history),
        pv_(tables.pv),
        index_(index),
        rootMoves_(shared.rootMoves),
        keys_(shared.historyKeys),
        rootIndex_(static_cast<int>(shared.historyKeys.size()) - 1),
        pondering_(shared.limits.ponder),
        timeActive_(shared.time.limited() && !shared.limits.infinite) {
    keys_.resize(keys_.size() + kMaxPly + 2);
    noProgress_[0] = shared.rootNoProgress;
    for (auto& k : killers_) k = {};
  }

  void iterate();
  // After the search: when it was stopped in an iteration that had already found a better
  // move, the last info line no longer leads with the move it answers. A GUI shows that line
  // as the engine's analysis, so it is sent again with the final best move's pv.
  void reportFinalIfChanged();
  // After the search: takes the deepest iteration another thread has completed when it is at
  // least as deep as what this thread's own root moves say. A stop in the middle of an
  // iteration that has searched its first move leaves root moves of that depth (and maybe a
  // better move than the last completed iteration's): those stay unless a helper completed an
  // iteration as deep.
  void takeDeepestResult();

  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  std::uint64_t databaseHits() const { return databaseHits_.load(std::memory_order_relaxed); }
  const std::vector<RootMove>& rootMoves() const { return rootMoves_; }
  int completedDepth() const { return completedDepth_; }
  // The lines of the last report that a weaker level chooses among (search/skill.h): the
  // first kSkillMultiPv that have a score of their own, best first. Main worker only.
  const std::vector<SkillLine>& skillLines() const { return skillLines_; }

 private:
  bool isMain() const { return index_ == 0; }
  int searchRoot(int alpha, int beta, int depth);
  int search(const Position& pos, int alpha, int beta, int depth, int ply, bool cutNode);
  int qsearch(const Position& pos, int alpha, int beta, int ply);

  // Counts the node; false when the search is being aborted (then return at once).
  bool enterNode(int ply);
  void poll();
  // Stop requested, or the time is up: what poll() aborts on, asked while waiting for a turn.
  bool mustStopNow() const;
  // A ponder search whose ponderhit has come but not yet been handled (by poll()).
  bool ponderhitPending() const;
  // The search is over, or this thread's iteration is no longer worth finishing (another
  // thread has completed one as deep): either way, unwind at once.
  bool aborted() const { return shared_.aborted() || abandoned_; }
  // Another thread has completed an iteration as deep as the one this thread is searching.
  bool iterationOvertaken() const { return shared_.deepest.depth() >= iterationDepth_; }
  bool isDraw(const Position& pos, int ply) const;
  // A draw's score for the side to move at `ply` (Contempt): the root's side (even plies) gets
  // -contempt, its opponent +contempt.
  int drawScore(int ply) const {
    return (ply & 1) != 0 ? shared_.options.contempt : -shared_.options.contempt;
  }
  // The endgame database's score of a quiet position within its pieces (no capture pending:
  // those are left out of the files), from the side to move; nullopt when not covered.
  std::optional<int> probeDatabase(const Position& pos, int ply);
  bool isRepetition(int ply) const;
  // An evaluation at `ply`, faded as the no-progress count runs (R15): the whole value when a
  // man has just moved or a piece been taken, less with every ply without (by default half of
  // it at the limit). The side that is ahead then sees its advantage shrink while it shuffles,
  // so it prefers the man moves and captures that reset the count and convert, over keeping
  // the position until R15 draws it.
  int fadedByNoProgress(int eval, int ply) const {
    const int fade = shared_.noProgressLimit * tune_.noProgressFadePercent / 100;
    assert(fade > 0 && noProgress_[ply] >= 0);
    return eval * (fade - std::min(noProgress_[ply], shared_.noProgressLimit)) / fade;
  }
  void enter(int ply, const Position& child, bool progress) {
    keys_[rootIndex_ + ply + 1] = child.key();
    noProgress_[ply + 1] = progress ? 0 : noProgress_[ply] + 1;
  }
  void updatePv(int ply, const Move& m);
  void orderMoves(const Position& pos, const MoveList& moves, int ttIndex, int ply,
                  std::array<std::uint8_t, MoveList::kCapacity>& order) const;
  int& historyOf(Color side, const Move& m) {
    return history_[static_cast<int>(side)][m.from][m.to];
  }
  void rewardQuiet(const Position& pos, const MoveList& moves, int bestIndex,
                   const std::uint8_t* tried, int triedCount, int depth, int ply);
  // Takes the deepest iteration another thread has completed when it is deeper than `than`.
  void adoptDeeperIteration(int than);
  // The depth of this thread's next iteration after `completed` (maxDepth: the last one).
  int nextDepth(int completed, int maxDepth) const;
  void report(int depth);
  // The periodic statistics line, when kProgressIntervalMs has passed since the last report.
  void reportProgressIfDue();
  bool shouldStop(double instability);

  SharedSearch& shared_;
  const SearchTunables& tune_;      // the search's constants (SearchOptions::tunables)
  const EvalWeights& evalWeights_;  // EvalFile's, or the embedded ones
  std::array<std::array<std::array<int, kLayoutBits>, kLayoutBits>, 2>& history_;
  PvTable& pv_;
  const int index_;
  std::vector<RootMove> rootMoves_;
  std::size_t pvIndex_ = 0;
  std::vector<std::uint64_t> keys_;  // game history since the last irreversible move, then path
  const int rootIndex_;
  std::array<int, kMaxPly + 2> noProgress_{};
  std::array<int, kMaxPly + 2> pvLength_{};
  std::array<std::array<Move, 2>, kMaxPly + 2> killers_;
  // The evaluation's region indices of the position at each ply of the current line, updated
  // move by move (eval_regions.h): cheaper than recomputing them at every leaf.
  std::array<RegionIndices, kMaxPly + 2> regions_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> databaseHits_{0};
  int pollCountdown_ = kPollIntervalNodes;
  int selDepth_ = 0;
  int completedDepth_ = 0;
  int iterationDepth_ = 0;  // the iteration being searched
  int firstMoveDepth_ = 0;  // the last iteration whose first root move was searched through
  bool abandoned_ = false;  // the iteration is being left (see aborted())
  bool pondering_;
  bool timeActive_;
  int bestMoveChanges_ = 0;
  std::optional<Move> lastReported_;  // the first move of the last info line
  std::vector<SkillLine> skillLines_;
  std::int64_t lastReportMs_ = 0;  // when the last info or statistics line went out
};

}  // namespace damiera
