#include "engine/cb_engine.h"

#include <algorithm>
#include <random>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "engine/board8.h"
#include "engine/cb_time.h"
#include "engine/playnow_watch.h"
#include "engine/status_text.h"
#include "search/limits.h"
#include "search/search.h"

namespace damiera::cb {

namespace {

// In process there is no pipe or GUI latency to keep in reserve.
constexpr int kMoveOverheadMs = 0;

// The first legal landing path (legal-move order) of a move.
const PathMove& pathOf(const std::vector<PathMove>& legal, const Move& m) {
  const auto it =
      std::find_if(legal.begin(), legal.end(), [&](const PathMove& p) { return p.move == m; });
  return it != legal.end() ? *it : legal.front();
}

// getmove()'s return value once `m` is played: what the rules say (R13..R15), else what the
// search proved.
int outcomeAfter(Game game, const Move& m, const ReportedScore& score) {
  const Color mover = game.position().sideToMove();
  game.play(m);
  const GameResult result = game.result();
  if (result.outcome == Outcome::Draw) return kDraw;
  if (result.outcome != Outcome::Ongoing) {
    const bool moverWins = (result.outcome == Outcome::WhiteWins) == (mover == Color::White);
    return moverWins ? kWin : kLoss;
  }
  if (score.kind == ReportedScore::Kind::Mate) return score.value > 0 ? kWin : kLoss;
  return kUnknown;
}

}  // namespace

Engine::Engine()
    : table_(std::make_shared<TranspositionTable>(settings_.hashMb)),
      random_(std::random_device{}()) {}

EngineSettings Engine::settings() const {
  std::lock_guard lock(mutex_);
  return settings_;
}

int Engine::getMove(Board8x8& board, int color, double maxtime, char* status, const int* playnow,
                    int info, int moreinfo, CBmove* move) {
  std::lock_guard oneSearch(searchMutex_);
  const Parsed<Position> parsed = positionFromBoard(board, color);
  if (!parsed) {
    writeText(status, "error: " + parsed.error);
    return kUnknown;
  }
  const Position& root = *parsed.value;

  EngineSettings settings;
  std::shared_ptr<TranspositionTable> table;
  bool clearTable = false;
  Game game(root);
  std::uint64_t random = 0;
  {
    std::lock_guard lock(mutex_);
    settings = settings_;
    random = random_++;
    table = table_;
    if (info & kInfoReset) newGamePending_ = true;
    clearTable = newGamePending_;
    newGamePending_ = false;
    // R14/R15 need the game so far; CheckerBoard sends it just before (set gamehist).
    if (history_ && history_->position() == root) game = *history_;
  }
  // A new game forgets everything earlier searches learned (histories go with the context).
  if (clearTable) table->clear();

  const std::vector<PathMove> legal = generatePathMoves(root);
  if (legal.empty()) {
    writeText(status, "no legal move: the side to move has lost (R13)");
    return kLoss;
  }
  MoveList distinct;
  generateMoves(root, distinct);

  Move chosen = legal.front().move;
  ReportedScore score;
  if (distinct.size() == 1) {
    writeText(status, "only move " + formatMove(legal.front()));
  } else {
    SearchOptions options;
    options.threads = settings.threads;
    options.moveOverheadMs = kMoveOverheadMs;
    SearchLimits limits =
        searchLimitsFor(maxtime, info, moreinfo, root.sideToMove(), settings.depth);
    const bool weaker = settings.level < kMaxSkillLevel;
    if (weaker) {
      options.multiPv = kSkillMultiPv;
      const int cap = skillDepthLimit(settings.level);
      limits.depth = limits.depth == 0 ? cap : std::min(limits.depth, cap);
    }
    // The lines of the last completed iteration: what a weaker level chooses among.
    std::vector<SkillCandidate> lines;
    SearchContext context(table);
    SearchControl control;
    SearchCallbacks callbacks;
    // Called on this thread (the search runs here), between iterations.
    callbacks.onInfo = [&](const SearchInfo& line) {
      if (line.multiPv == 1) {
        writeText(status, formatStatus(root, line));
        lines.clear();
      }
      if (!line.pv.empty()) lines.push_back({line.pv.front(), line.rawScore});
    };
    SearchResult result;
    {
      PlaynowWatch watch(playnow, control);
      result = runSearch(game, limits, options, context, control, callbacks);
    }
    // There are legal moves, so the search always has one, even when stopped at once.
    if (result.bestMove) chosen = *result.bestMove;
    score = result.score;
    if (weaker && !lines.empty()) chosen = chooseSkillMove(lines, settings.level, random);
  }

  const PathMove& played = pathOf(legal, chosen);
  *move = describeMove(root, played);
  writeBoard(root.after(chosen), board);
  return outcomeAfter(game, chosen, score);
}

int Engine::isLegal(const Board8x8& board, int color, int from, int to, CBmove* move) const {
  const Parsed<Position> parsed = positionFromBoard(board, color);
  if (!parsed) return 0;
  for (const PathMove& m : generatePathMoves(*parsed.value)) {
    const int first = numberOfSquare(m.path.squares[0]);
    const int last = numberOfSquare(m.path.squares[m.path.length - 1]);
    if (first == from && last == to) {
      *move = describeMove(*parsed.value, m);
      return 1;
    }
  }
  return 0;
}

}  // namespace damiera::cb
