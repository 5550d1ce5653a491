#include "search/worker.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "egdb/prober.h"
#include "search/eval.h"

namespace damiera {

namespace {

// ---- Constants ------------------------------------------------------------------------------
// The tunable ones (aspiration, reductions, pruning, time) are SearchTunables (tunables.h),
// read through tune_; these are structural.

// Move ordering.
constexpr int kHashMoveOrder = 1 << 30;
constexpr int kPromotionOrder = 1 << 26;
constexpr int kFirstKillerOrder = 1 << 25;
constexpr int kSecondKillerOrder = 1 << 24;
constexpr int kHistoryMax = 1 << 14;  // history scores stay within +-kHistoryMax

}  // namespace

// Late move reductions: quiet moves ordered late rarely matter, search them shallower first.
LmrTable::LmrTable(const SearchTunables& tunables) {
  const double base = tunables.lmrBasePercent / 100.0;
  const double divisor = tunables.lmrDivisorPercent / 100.0;
  for (int d = 1; d < kMaxDepth + 2; ++d)
    for (int n = 1; n < MoveList::kCapacity; ++n)
      reduction_[d][n] = static_cast<int>(base + std::log(d) * std::log(n) / divisor);
}

const LmrTable& LmrTable::of(const SearchTunables& tunables, std::unique_ptr<LmrTable>& own) {
  static const LmrTable defaults{SearchTunables{}};
  const SearchTunables standard;
  if (tunables.lmrBasePercent == standard.lmrBasePercent &&
      tunables.lmrDivisorPercent == standard.lmrDivisorPercent)
    return defaults;
  own = std::make_unique<LmrTable>(tunables);
  return *own;
}

namespace {

// SplitMix64's finaliser: inputs one apart give unrelated salts.
std::uint64_t mixed(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

std::uint64_t tableSaltOf(const SearchOptions& options, int noProgressLimitPlies, Color rootSide) {
  std::uint64_t salt = options.evalTableSalt;
  if (noProgressLimitPlies != kDefaultNoProgressPlies)
    salt ^= mixed(static_cast<std::uint64_t>(noProgressLimitPlies) * 0x9e3779b97f4a7c15ull);
  if (options.contempt != 0) {
    // Its own odd constant, so that a contempt never gives a no-progress limit's salt. Seen
    // from White, contempt c with White at the root scores draws as -c with Black at the root.
    const int forWhite = rootSide == Color::White ? options.contempt : -options.contempt;
    salt ^= mixed(static_cast<std::uint64_t>(static_cast<std::int64_t>(forWhite)) *
                  0xd6e8feb86659fd93ull);
  }
  return salt;
}

std::uint64_t SharedSearch::totalNodes() const {
  std::uint64_t sum = 0;
  for (const Worker* w : workers) sum += w->nodes();
  return sum;
}

std::uint64_t SharedSearch::totalDatabaseHits() const {
  std::uint64_t sum = rootDatabaseHits;
  for (const Worker* w : workers) sum += w->databaseHits();
  return sum;
}

std::optional<int> Worker::probeDatabase(const Position& pos, int ply) {
  egdb::Prober* db = shared_.options.database.get();
  if (!db || popcount(pos.occupied()) > shared_.options.databasePieces || hasCapture(pos))
    return std::nullopt;
  const std::optional<egdb::Value> v = db->probe(pos);
  if (!v) return std::nullopt;
  databaseHits_.fetch_add(1, std::memory_order_relaxed);
  // R15: the conversion is the distance-th ply from here; if the no-progress count reaches the
  // limit first, the game is drawn whatever the database says (docs/egdb.md).
  if (v->wdl == egdb::Wdl::Draw || noProgress_[ply] + v->distance > shared_.noProgressLimit)
    return drawScore(ply);
  return v->wdl == egdb::Wdl::Win ? kScoreDatabaseWin - ply : -(kScoreDatabaseWin - ply);
}

bool Worker::enterNode(int ply) {
  if (aborted()) return false;
  const std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
  nodes_.store(n, std::memory_order_relaxed);
  if (ply > selDepth_) selDepth_ = ply;
  if (!isMain()) {
    if (iterationOvertaken()) {
      abandoned_ = true;
      return false;
    }
    // A helper sees a stop itself rather than waiting for the main thread's next poll: with
    // many more threads than processors the main thread may wait long for its time slice,
    // and the helpers would go on computing until then (Threads 256 on 2 cores: 330 ms).
    if (!shared_.control.stopRequested()) return true;
    shared_.abort.store(true, std::memory_order_relaxed);
    return false;
  }
  // One thread: the node limit is exact, which makes `go nodes` reproducible.
  if (shared_.limits.nodes && !pondering_ && shared_.workers.size() == 1 &&
      n >= shared_.limits.nodes)
    shared_.abort.store(true, std::memory_order_relaxed);
  if (--pollCountdown_ <= 0) {
    poll();
    // Here, not at every node: with one thread nothing ever overtakes the main thread, and
    // the check at each node cost it 4% of its speed (bench 11).
    if (iterationOvertaken()) abandoned_ = true;
  }
  return !aborted();
}

void Worker::poll() {
  pollCountdown_ = kPollIntervalNodes;
  // Only the main worker polls; the helpers compute in its time (search/pacer.h).
  SearchPacer* const pacer = shared_.control.pacer();
  if (pacer != nullptr) pacer->poll([this] { return mustStopNow() || ponderhitPending(); });
  if (shared_.control.stopRequested()) shared_.abort.store(true, std::memory_order_relaxed);
  if (ponderhitPending()) {
    // The budget is for the time after the ponderhit.
    pondering_ = false;
    shared_.time.restart(shared_.control.ponderhitTime());
    // The player's own clock runs now.
    if (pacer != nullptr) pacer->urgent([this] { return mustStopNow(); });
  }
  reportProgressIfDue();
  // Depth 1 always completes, so there is always a searched move to play.
  if (!pondering_ && timeActive_ && completedDepth_ >= 1 && shared_.time.hardLimitReached())
    shared_.abort.store(true, std::memory_order_relaxed);
  // Like the clock, the node limit is for the search after the ponderhit: a ponder search
  // thinks on until then (and stops at once after it if the limit has been passed).
  if (!pondering_ && shared_.limits.nodes && shared_.totalNodes() >= shared_.limits.nodes)
    shared_.abort.store(true, std::memory_order_relaxed);
}

bool Worker::ponderhitPending() const { return pondering_ && shared_.control.ponderhitReceived(); }

bool Worker::mustStopNow() const {
  return shared_.control.stopRequested() ||
         (!pondering_ && timeActive_ && completedDepth_ >= 1 && shared_.time.hardLimitReached());
}

bool Worker::isRepetition(int ply) const {
  // R14 is about the third occurrence, but a position repeated inside the search line could
  // be repeated again by the same moves, so a repetition after the root already counts as a
  // draw; one from before the root needs a second one.
  const int index = rootIndex_ + ply;
  const std::uint64_t key = keys_[index];
  int earlier = 0;
  for (int distance = 2; distance <= noProgress_[ply] && index - distance >= 0; distance += 2) {
    if (keys_[index - distance] != key) continue;
    if (index - distance >= rootIndex_ || ++earlier >= kRepetitionsForDraw - 1) return true;
  }
  return false;
}

bool Worker::isDraw(const Position& pos, int ply) const {
  if (isRepetition(ply)) return true;
  // R15, but R13 comes first: with no legal move the side to move has lost, not drawn.
  return noProgress_[ply] >= shared_.noProgressLimit && hasLegalMove(pos);
}

void Worker::updatePv(int ply, const Move& m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pvLength_[ply] = std::max(pvLength_[ply + 1], ply + 1);
}

void Worker::orderMoves(const Position& pos, const MoveList& moves, int ttIndex, int ply,
                        std::array<std::uint8_t, MoveList::kCapacity>& order) const {
  std::array<int, MoveList::kCapacity> keys;
  const int side = static_cast<int>(pos.sideToMove());
  for (int i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    int key = history_[side][m.from][m.to];
    if (i == ttIndex)
      key = kHashMoveOrder;
    else if (isPromotion(pos, m))
      key += kPromotionOrder;
    else if (m == killers_[ply][0])
      key += kFirstKillerOrder;
    else if (m == killers_[ply][1])
      key += kSecondKillerOrder;
    keys[i] = key;
    order[i] = static_cast<std::uint8_t>(i);
  }
  // Insertion sort: lists are short and mostly ordered already.
  for (int i = 1; i < moves.size(); ++i) {
    const std::uint8_t item = order[i];
    int j = i;
    for (; j > 0 && keys[order[j - 1]] < keys[item]; --j) order[j] = order[j - 1];
    order[j] = item;
  }
}

void Worker::rewardQuiet(const Position& pos, const MoveList& moves, int bestIndex,
                         const std::uint8_t* tried, int triedCount, int depth, int ply) {
  const Move& best = moves[bestIndex];
  const int bonus =
      std::min(depth, tune_.historyBonusMaxDepth) * std::min(depth, tune_.historyBonusMaxDepth);
  // Gravity: scores saturate at kHistoryMax instead of growing without bound.
  auto apply = [](int& h, int delta) { h += delta - h * std::abs(delta) / kHistoryMax; };
  apply(historyOf(pos.sideToMove(), best), bonus);
  for (int i = 0; i < triedCount; ++i) apply(historyOf(pos.sideToMove(), moves[tried[i]]), -bonus);
  if (!(killers_[ply][0] == best)) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = best;
  }
}

int Worker::qsearch(const Position& pos, int alpha, int beta, int ply) {
  pvLength_[ply] = ply;
  if (!enterNode(ply)) return 0;
  // Captures are forced (R6): while the side to move must capture, the position is not quiet
  // and there is nothing to stand on. Once no capture is forced, the evaluation is the score.
  // A ply more for a threatened quiet horizon position, and crowning here, were tried twice by
  // SPRT and not kept (docs/evaluation.md, "The quiescence changes, retried on generation 3").
  if (!hasCapture(pos)) {
    if (!hasStep(pos)) return matedInPlies(ply);  // R13
    if (const std::optional<int> known = probeDatabase(pos, ply)) return *known;
    return fadedByNoProgress(evaluate(pos, evalWeights_, regions_[ply]), ply);
  }
  if (ply >= kMaxPly - 1) return fadedByNoProgress(evaluate(pos, evalWeights_, regions_[ply]), ply);

  const bool pvNode = beta - alpha > 1;
  MoveList moves;
  generateMoves(pos, moves);
  int best = -kScoreInfinite;
  for (const Move& m : moves) {
    regions_[ply + 1] = regionIndicesAfter(regions_[ply], pos, m);
    const int score = -qsearch(pos.after(m), -beta, -alpha, ply + 1);
    if (aborted()) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

int Worker::search(const Position& pos, int alpha, int beta, int depth, int ply, bool cutNode) {
  const bool pvNode = beta - alpha > 1;
  if (isDraw(pos, ply)) {
    pvLength_[ply] = ply;
    return drawScore(ply);
  }
  if (depth <= 0) return qsearch(pos, alpha, beta, ply);

  pvLength_[ply] = ply;
  if (!enterNode(ply)) return 0;
  if (ply >= kMaxPly - 1) return qsearch(pos, alpha, beta, ply);

  // Mate distance pruning: no line from here can beat a shorter forced result already known.
  alpha = std::max(alpha, matedInPlies(ply));
  beta = std::min(beta, mateInPlies(ply + 1));
  if (alpha >= beta) return alpha;

  if (const std::optional<int> known = probeDatabase(pos, ply)) return *known;

  TranspositionTable& table = shared_.table;
  const std::uint64_t key = pos.key() ^ shared_.tableSalt;
  const std::optional<TTHit> hit = table.probe(key, ply);
  if (hit && !pvNode && hit->depth >= depth) {
    const int score = hit->score;
    if (hit->bound == Bound::Exact || (hit->bound == Bound::Lower && score >= beta) ||
        (hit->bound == Bound::Upper && score <= alpha))
      return score;
  }

  MoveList moves;
  generateMoves(pos, moves);
  if (moves.empty()) return matedInPlies(ply);  // R13: no piece or no move
  const bool forced = moves[0].isCapture();     // R6: then every legal move is a capture
  // A single legal reply is no choice at all: look one ply further. A lone forced capture is
  // so common (every exchange) that extending it everywhere doubles the tree; quiescence
  // follows captures at the horizon anyway, so inside the tree only the principal variation
  // gets it (self-play at 10 ms a move: +50 Elo over extending everywhere, +25 over never).
  if (moves.size() == 1 && (pvNode || !forced)) ++depth;

  if (depth >= tune_.iirMinDepth && !(hit && hit->move != kNoMoveCode)) --depth;

  int staticEval = TranspositionTable::kNoEval;  // as the table keeps it: not faded
  if (!forced) {
    staticEval = hit && hit->eval != TranspositionTable::kNoEval
                     ? hit->eval
                     : evaluate(pos, evalWeights_, regions_[ply]);
    const int eval = fadedByNoProgress(staticEval, ply);
    if (!pvNode && depth <= tune_.rfpMaxDepth && !isDecisive(beta) &&
        eval - tune_.rfpMarginPerPly * depth >= beta &&
        popcount(pos.occupied()) >= tune_.rfpMinPieces &&
        !hasCapture(pos, opponent(pos.sideToMove())))
      return eval;
  }

  std::array<std::uint8_t, MoveList::kCapacity> order;
  const int ttIndex = hit ? decodeMove(moves, hit->move) : -1;
  orderMoves(pos, moves, ttIndex, ply, order);

  // The children's table entries are random memory accesses: start them all at once so their
  // latencies overlap. Children at depth 0 go to quiescence, which does not use the table.
  if (depth >= 2)
    for (const Move& m : moves) table.prefetch(pos.after(m).key() ^ shared_.tableSalt);

  const int originalAlpha = alpha;
  int best = -kScoreInfinite;
  int bestIndex = -1;
  std::array<std::uint8_t, MoveList::kCapacity> quietsTried;  // indices into moves
  int quietCount = 0;
  for (int n = 0; n < moves.size(); ++n) {
    const int index = order[n];
    const Move& m = moves[index];
    const Position child = pos.after(m);
    enter(ply, child, pos.isProgressMove(m));
    regions_[ply + 1] = regionIndicesAfter(regions_[ply], pos, m);
    const int newDepth = depth - 1;
    int score;
    if (n == 0) {
      score = -search(child, -beta, -alpha, newDepth, ply + 1, !pvNode && !cutNode);
    } else {
      int reduction = 0;
      if (depth >= tune_.lmrMinDepth && n >= tune_.lmrMinMoveIndex && !forced &&
          !isPromotion(pos, m) && !(m == killers_[ply][0]) && !(m == killers_[ply][1]) &&
          !hasCapture(child)) {
        reduction = shared_.lmr.reduction(depth, n) - (pvNode ? 1 : 0) + (cutNode ? 1 : 0);
        reduction = std::clamp(reduction, 0, newDepth - 1);
      }
      score = -search(child, -alpha - 1, -alpha, newDepth - reduction, ply + 1, true);
      if (score > alpha && reduction > 0)
        score = -search(child, -alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
      if (pvNode && score > alpha && score < beta)
        score = -search(child, -beta, -alpha, newDepth, ply + 1, false);
    }
    if (aborted()) return 0;

    if (score > best) {
      best = score;
      bestIndex = index;
      if (score > alpha) {
        alpha = score;
        if (pvNode) updatePv(ply, m);
        if (alpha >= beta) break;
      }
    }
    if (!forced) quietsTried[quietCount++] = static_cast<std::uint8_t>(index);
  }

  if (best >= beta && !forced)
    rewardQuiet(pos, moves, bestIndex, quietsTried.data(), quietCount, depth, ply);

  const Bound bound = best >= beta           ? Bound::Lower
                      : best > originalAlpha ? Bound::Exact
                                             : Bound::Upper;
  const MoveCode code = bound == Bound::Upper ? kNoMoveCode : encodeMove(moves, bestIndex);
  table.store(key, depth, bound, best, staticEval, code, ply);
  return best;
}

int Worker::searchRoot(int alpha, int beta, int depth) {
  pvLength_[0] = 0;
  if (!enterNode(0)) return -kScoreInfinite;
  const Position& root = shared_.root;
  regions_[0] = regionIndicesOf(root);
  int best = -kScoreInfinite;
  for (std::size_t i = pvIndex_; i < rootMoves_.size(); ++i) {
    RootMove& rm = rootMoves_[i];
    if (isMain() && shared_.callbacks.onProgress &&
        shared_.elapsedSinceStartMs() >= kCurrentMoveAfterMs) {
      SearchProgress progress;
      progress.kind = SearchProgress::Kind::CurrentMove;
      progress.depth = depth;
      progress.move = rm.move;
      progress.moveNumber = static_cast<int>(i) + 1;
      shared_.callbacks.onProgress(progress);
    }
    const Position child = root.after(rm.move);
    enter(0, child, root.isProgressMove(rm.move));
    regions_[1] = regionIndicesAfter(regions_[0], root, rm.move);
    int score;
    if (i == pvIndex_) {
      score = -search(child, -beta, -alpha, depth - 1, 1, false);
    } else {
      score = -search(child, -alpha - 1, -alpha, depth - 1, 1, true);
      if (score > alpha && score < beta) score = -search(child, -beta, -alpha, depth - 1, 1, false);
    }
    if (aborted()) break;  // an unfinished search says nothing about this move

    if (i == 0) firstMoveDepth_ = depth;
    if (i == pvIndex_ || score > alpha) {
      rm.score = score;
      rm.selDepth = selDepth_;
      rm.pv.assign(1, rm.move);
      for (int p = 1; p < pvLength_[1]; ++p) rm.pv.push_back(pv_[1][p]);
      if (i != pvIndex_) ++bestMoveChanges_;
    } else {
      rm.score = -kScoreInfinite;  // only known to be worse; sorts after, order kept
    }
    best = std::max(best, score);
    if (score > alpha) {
      alpha = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

int Worker::nextDepth(int completed, int maxDepth) const {
  // Lazy SMP: the threads spread over neighbouring iterations instead of all searching the same
  // one. A depth that half the threads (rounded up) are searching already is left to them, and
  // this thread goes one deeper: with 2 threads, one is an iteration ahead of the other, and
  // whichever completes first moves both on (DeepestIteration). Time to depth 24 with 2 threads
  // (damiera-smpbench, five rounds of 9 runs): 1.64x against 1 thread on average, where
  // Stockfish 9's fixed pattern of depths each helper skips gave 1.47x; with every thread on
  // the same depth, 1.22x (depth 22).
  const int threads = static_cast<int>(shared_.workers.size());
  int depth = completed + 1;
  // Never past the last depth: the threads that get there search it side by side.
  while (depth > 1 && depth < maxDepth &&
         shared_.searching[depth].load(std::memory_order_relaxed) >= (threads + 1) / 2)
    ++depth;
  return depth;
}

void Worker::adoptDeeperIteration(int than) {
  const Move previousBest = rootMoves_[0].move;
  const int depth = shared_.deepest.takeIfDeeper(than, rootMoves_);
  if (depth == 0) return;
  completedDepth_ = depth;
  if (!(rootMoves_[0].move == previousBest)) ++bestMoveChanges_;
}

void Worker::takeDeepestResult() {
  adoptDeeperIteration(std::max(completedDepth_, firstMoveDepth_ - 1));
}

void Worker::iterate() {
  const int maxDepth =
      shared_.limits.depth > 0 ? std::min(shared_.limits.depth, kMaxDepth) : kMaxDepth;
  const std::size_t lines =
      std::min<std::size_t>(std::max(1, shared_.options.linesSearched()), rootMoves_.size());
  double instability = 0;
  for (;;) {
    const int depth = nextDepth(completedDepth_, maxDepth);
    if (depth > maxDepth) break;
    iterationDepth_ = depth;
    shared_.searching[depth].fetch_add(1, std::memory_order_relaxed);
    for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;
    selDepth_ = 0;
    bestMoveChanges_ = 0;
    for (pvIndex_ = 0; pvIndex_ < lines && !aborted(); ++pvIndex_) {
      const int previous = rootMoves_[pvIndex_].previousScore;
      int delta = tune_.aspirationDelta;
      int alpha = -kScoreInfinite, beta = kScoreInfinite;
      if (depth >= tune_.aspirationMinDepth && previous > -kScoreInfinite &&
          !isDecisive(previous)) {
        alpha = std::max(previous - delta, -kScoreInfinite);
        beta = std::min(previous + delta, kScoreInfinite);
      }
      for (;;) {
        const int score = searchRoot(alpha, beta, depth);
        std::stable_sort(rootMoves_.begin() + static_cast<std::ptrdiff_t>(pvIndex_),
                         rootMoves_.end(), byScoreDescending);
        if (aborted()) break;
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -kScoreInfinite);
        } else if (score >= beta) {
          beta = std::min(score + delta, kScoreInfinite);
        } else {
          break;
        }
        delta += delta;
      }
      std::stable_sort(rootMoves_.begin(),
                       rootMoves_.begin() + static_cast<std::ptrdiff_t>(pvIndex_ + 1),
                       byScoreDescending);
    }
    shared_.searching[depth].fetch_sub(1, std::memory_order_relaxed);
    if (shared_.aborted()) break;
    if (abandoned_) {
      abandoned_ = false;  // what it searched is in the table; the deeper result is taken below
    } else {
      completedDepth_ = depth;
      shared_.deepest.publish(depth, rootMoves_);
    }
    adoptDeeperIteration(completedDepth_);
    if (!isMain()) continue;
    report(completedDepth_);
    instability = instability * (tune_.instabilityDecayPercent / 100.0) + bestMoveChanges_;
    if (shouldStop(std::min(tune_.stableInstabilityPercent / 100.0 + instability,
                            tune_.maxInstabilityPercent / 100.0)))
      break;
  }
}

bool Worker::shouldStop(double instability) {
  poll();  // a ponderhit may have arrived since the last node
  if (aborted()) return true;
  if (pondering_ || !timeActive_) return false;
  return shared_.time.shouldStopAfterIteration(instability);
}

void Worker::reportFinalIfChanged() {
  if (completedDepth_ > 0 && lastReported_ && !(rootMoves_[0].move == *lastReported_))
    report(completedDepth_);
}

void Worker::reportProgressIfDue() {
  if (!shared_.callbacks.onProgress) return;
  const std::int64_t ms = shared_.elapsedSinceStartMs();
  if (ms - lastReportMs_ < kProgressIntervalMs) return;
  lastReportMs_ = ms;
  SearchProgress progress;
  progress.kind = SearchProgress::Kind::Statistics;
  progress.nodes = shared_.totalNodes();
  progress.timeMs = ms;
  progress.nps = progress.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
  progress.hashfull = shared_.table.hashfull();
  if (shared_.options.database) progress.tbhits = shared_.totalDatabaseHits();
  shared_.callbacks.onProgress(progress);
}

void Worker::report(int depth) {
  const bool weaker = shared_.options.skillLevel < kMaxSkillLevel;
  if (!shared_.callbacks.onInfo && !weaker) return;
  lastReported_ = rootMoves_[0].move;
  const std::uint64_t nodes = shared_.totalNodes();
  const std::int64_t ms = shared_.elapsedSinceStartMs();
  lastReportMs_ = ms;
  const int hashfull = shared_.table.hashfull();
  // A weaker level searches more lines than MultiPV asks to see: the others are its candidates.
  const std::size_t lines =
      std::min<std::size_t>(std::max(1, shared_.options.linesSearched()), rootMoves_.size());
  const int shownLines = std::max(1, shared_.options.multiPv);
  std::vector<SkillLine> skillLines;
  int shown = 0;
  for (std::size_t i = 0; i < lines; ++i) {
    const RootMove& rm = rootMoves_[i];
    // After a stop in the middle of an iteration (the final report), a line that iteration
    // only proved worse than the best has no score of its own (-kScoreInfinite, which would
    // read as a mate): it shows its score from the last iteration that completed it, but never
    // more than the best's, which it is known not to beat.
    const bool provedWorse = rm.score == -kScoreInfinite;
    const int score = provedWorse ? std::min(rm.previousScore, rootMoves_[0].score) : rm.score;
    if (score == -kScoreInfinite) continue;  // never scored: nothing to show
    SearchInfo info;
    info.depth = depth;
    info.selDepth = std::max(rm.selDepth, depth);
    info.multiPv = ++shown;
    info.rawScore = score;
    info.score = reportScore(score);
    info.provedWorse = provedWorse;
    info.nodes = nodes;
    info.timeMs = ms;
    info.nps = nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1));
    info.hashfull = hashfull;
    if (shared_.options.database) info.tbhits = shared_.totalDatabaseHits();
    info.pv = rm.pv.empty() ? std::vector<Move>{rm.move} : rm.pv;
    // A line the stopped iteration only proved worse than the best is no candidate.
    if (weaker && !provedWorse && skillLines.size() < static_cast<std::size_t>(kSkillMultiPv))
      skillLines.push_back({{info.pv.front(), score}, info.pv});
    if (info.multiPv <= shownLines && shared_.callbacks.onInfo) shared_.callbacks.onInfo(info);
  }
  if (shown > 0) skillLines_ = std::move(skillLines);
}

}  // namespace damiera
