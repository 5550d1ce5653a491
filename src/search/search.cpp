#include "search/search.h"

#include <algorithm>
#include <cassert>
#include <random>

#include "core/movegen.h"
#include "search/database_root.h"
#include "search/host_yield.h"
#include "search/skill.h"
#include "search/timeman.h"
#include "search/worker.h"

namespace damiera {

namespace {

std::optional<Move> expectedReply(const TranspositionTable& table, std::uint64_t tableSalt,
                                  const Position& root, const Move& best) {
  const Position next = root.after(best);
  MoveList replies;
  generateMoves(next, replies);
  if (replies.empty()) return std::nullopt;
  const std::optional<TTHit> hit = table.probe(next.key() ^ tableSalt, 0);
  if (!hit) return std::nullopt;
  const int index = decodeMove(replies, hit->move);
  if (index < 0) return std::nullopt;
  return replies[index];
}

std::vector<RootMove> makeRootMoves(const Position& root, const MoveList& legal,
                                    const std::vector<Move>& searchMoves,
                                    const TranspositionTable& table, std::uint64_t tableSalt) {
  std::vector<RootMove> rootMoves;
  for (const Move& m : legal) {
    const bool allowed = searchMoves.empty() ||
                         std::find(searchMoves.begin(), searchMoves.end(), m) != searchMoves.end();
    if (allowed) rootMoves.push_back(RootMove{m, -kScoreInfinite, -kScoreInfinite, 0, {}});
  }
  // searchmoves naming no legal move restricts nothing rather than leaving nothing to play.
  if (rootMoves.empty())
    for (const Move& m : legal)
      rootMoves.push_back(RootMove{m, -kScoreInfinite, -kScoreInfinite, 0, {}});
  // The table's move first: depth 1 then confirms it cheaply.
  if (const std::optional<TTHit> hit = table.probe(root.key() ^ tableSalt, 0)) {
    const int index = decodeMove(legal, hit->move);
    if (index >= 0) {
      auto it = std::find_if(rootMoves.begin(), rootMoves.end(),
                             [&](const RootMove& rm) { return rm.move == legal[index]; });
      if (it != rootMoves.end()) std::rotate(rootMoves.begin(), it, it + 1);
    }
  }
  return rootMoves;
}

}  // namespace

// ---- SearchControl --------------------------------------------------------------------------

void SearchControl::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_.store(true, std::memory_order_relaxed);
  }
  changed_.notify_all();
}

void SearchControl::ponderhit() {
  {
    std::lock_guard lock(mutex_);
    ponderhitTime_ = clock_.now();
    ponderhit_.store(true, std::memory_order_release);
  }
  changed_.notify_all();
}

SearchClock::TimePoint SearchControl::ponderhitTime() const {
  std::lock_guard lock(mutex_);
  return ponderhitTime_;
}

void SearchControl::waitForStop(bool orPonderhit) {
  const auto released = [&] {
    return stop_.load(std::memory_order_relaxed) ||
           (orPonderhit && ponderhit_.load(std::memory_order_relaxed));
  };
  if constexpr (kSingleThreaded) {  // only the host's input can release it (host_yield.h)
    holding_ = true;
    while (!released()) yieldToHost(released);
    holding_ = false;
    return;
  }
  std::unique_lock lock(mutex_);
  if (released()) return;
  holding_ = true;
  changed_.notify_all();  // waitUntilSettled()
  changed_.wait(lock, released);
  holding_ = false;
}

void SearchControl::answered() {
  {
    std::lock_guard lock(mutex_);
    answered_ = true;
  }
  changed_.notify_all();  // waitUntilAnswered(), waitUntilSettled()
}

void SearchControl::waitUntilAnswered() {
  if constexpr (kSingleThreaded) return;  // the job answers once we return to it (host_yield.h)
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return answered_; });
}

bool SearchControl::holdingResult() const {
  std::lock_guard lock(mutex_);
  return holding_;
}

void SearchControl::waitUntilSettled() const {
  if constexpr (kSingleThreaded) return;  // as waitUntilAnswered()
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return holding_ || answered_; });
}

// ---- SearchContext --------------------------------------------------------------------------

SearchContext::SearchContext(std::shared_ptr<TranspositionTable> table)
    : table_(std::move(table)), skillRandom_(std::random_device{}()) {}

SearchContext::~SearchContext() = default;

void SearchContext::clearHistories() {
  for (auto& tables : threadTables_) tables->clearHistory();
}

void SearchContext::releaseHelpersBeyond(int count) {
  if (helpers_.size() > count) helpers_.resize(count);
}

ThreadTables& SearchContext::threadTables(int index) {
  while (static_cast<int>(threadTables_.size()) <= index)
    threadTables_.push_back(std::make_unique<ThreadTables>());
  return *threadTables_[index];
}

namespace {

// A weaker level searches no deeper than its cap (search/skill.h).
SearchLimits withSkillDepth(const SearchLimits& requested, const SearchOptions& options) {
  SearchLimits limits = requested;
  if (options.skillLevel >= kMaxSkillLevel) return limits;
  const int cap = skillDepthLimit(options.skillLevel);
  limits.depth = limits.depth > 0 ? std::min(limits.depth, cap) : cap;
  return limits;
}

// A weaker level plays its choice among the lines of the last report in place of the best:
// its move, the reply its line expects and its score. The kSkillMultiPv best, however many
// lines were asked to be shown: with MultiPV 64 (CheckerBoard's allscores) a level chooses
// among as many moves as with MultiPV 1.
void playSkillChoice(SearchResult& result, const std::vector<SkillLine>& lines, int level,
                     std::uint64_t& random) {
  if (!result.bestMove || lines.empty()) return;
  std::vector<SkillCandidate> candidates;
  for (const SkillLine& line : lines) candidates.push_back(line.candidate);
  const Move chosen = chooseSkillMove(candidates, level, random);
  if (chosen == *result.bestMove) return;
  const auto line =
      std::ranges::find_if(lines, [&](const SkillLine& l) { return l.candidate.move == chosen; });
  assert(line != lines.end());
  result.bestMove = chosen;
  result.ponderMove.reset();
  if (line->pv.size() >= 2) result.ponderMove = line->pv[1];
  result.score = reportScore(line->candidate.score);
}

}  // namespace

SearchResult runSearch(const Game& game, const SearchLimits& requested,
                       const SearchOptions& options, SearchContext& context, SearchControl& control,
                       const SearchCallbacks& callbacks) {
  const SearchLimits limits = withSkillDepth(requested, options);
  const Position& root = game.position();
  const SearchClock& clock = control.clock();
  const SearchClock::TimePoint start = limits.start.value_or(clock.now());
  SearchResult result;
  auto finish = [&](SearchResult r) {
    r.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(clock.now() - start).count();
    if (callbacks.onResult) callbacks.onResult(r);
    return r;
  };

  MoveList legal;
  generateMoves(root, legal);
  if (legal.empty()) return finish(result);  // R13: nothing to play, answered at once

  TranspositionTable& table = context.table();
  table.newSearch();
  TimeBudget budget = computeTimeBudget(limits, root.sideToMove(), options.moveOverheadMs,
                                        options.ponder, options.tunables);
  const std::uint64_t tableSalt =
      tableSaltOf(options, game.noProgressLimitPlies(), root.sideToMove());
  std::vector<RootMove> rootMoves =
      makeRootMoves(root, legal, limits.searchMoves, table, tableSalt);
  const std::uint64_t rootDatabaseHits = keepDatabaseRootMoves(game, options, rootMoves);

  // One legal move on the clock: nothing to think about, but a GUI still gets its one info
  // line (depth 1: a score and a pv) before the bestmove. Under ponder the answer still waits
  // for the ponderhit or the stop (below).
  SearchLimits onlyMove;
  const bool single = rootMoves.size() == 1 && budget.limited && !limits.infinite;
  if (single) {
    onlyMove = limits;
    onlyMove.depth = 1;
  }
  const SearchLimits& shaped = single ? onlyMove : limits;

  SharedSearch shared(game, shaped, options, table, control, callbacks, budget, start, tableSalt);
  shared.rootMoves = std::move(rootMoves);
  shared.rootDatabaseHits = rootDatabaseHits;
  // The host may hold the search back (turns on processors shared with other searches): a stop, or
  // the time running out while waiting, lets it go on at once, to end at once.
  SearchPacer* const pacer = control.pacer();
  if (pacer != nullptr)
    pacer->begin([&] {
      return control.stopRequested() ||
             (limits.ponder ? control.ponderhitReceived()  // the main worker's poll takes it on
                            : !limits.infinite && shared.time.hardLimitReached());
    });
  const int threads = std::clamp(options.threads, 1, kMaxThreads);
  std::vector<std::unique_ptr<Worker>> workers;
  for (int i = 0; i < threads; ++i) {
    workers.push_back(std::make_unique<Worker>(shared, context.threadTables(i), i));
    shared.workers.push_back(workers.back().get());
  }
  context.helpers_.resize(threads - 1);
  context.helpers_.startAll([&](int helper) { workers[helper + 1]->iterate(); });

  Worker& main = *workers[0];
  main.iterate();
  if (pacer != nullptr) pacer->end();  // what is left is waiting (for stop, the helpers)
  // Under infinite or ponder the answer waits for stop (or the ponderhit).
  if (!shared.aborted() && (limits.infinite || (limits.ponder && !control.ponderhitReceived())))
    control.waitForStop(/*orPonderhit=*/!limits.infinite);
  shared.abort.store(true, std::memory_order_relaxed);
  // A helper may have completed a deeper iteration than the main thread's last one.
  main.takeDeepestResult();
  main.reportFinalIfChanged();

  const RootMove& best = main.rootMoves()[0];
  result.bestMove = best.move;
  if (best.pv.size() >= 2)
    result.ponderMove = best.pv[1];
  else
    result.ponderMove = expectedReply(table, tableSalt, root, best.move);
  result.depth = main.completedDepth();
  // Stopped before the first iteration finished: a legal move, but no score to speak of.
  if (result.depth > 0) result.score = reportScore(best.score);
  if (options.skillLevel < kMaxSkillLevel)
    playSkillChoice(result, main.skillLines(), options.skillLevel, context.skillRandom_);
  result.nodes = shared.totalNodes();
  // The answer goes out now, not once every helper has seen the abort: with many more threads
  // than processors each helper may wait long for a time slice to notice it (Threads 256 on
  // 2 loaded cores: up to 180 ms, while the main thread took 1-5 ms). They only read `shared`
  // and write the table meanwhile; the context's next job waits for them to be idle.
  result = finish(result);
  context.helpers_.waitAll();
  return result;
}

}  // namespace damiera
