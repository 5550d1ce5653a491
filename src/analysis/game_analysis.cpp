#include "analysis/game_analysis.h"

#include <algorithm>
#include <cassert>
#include <memory>

#include "core/game.h"
#include "core/movegen.h"
#include "search/score.h"

namespace damiera::analysis {

std::string Effort::describe() const {
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (depth > 0) add("depth " + std::to_string(depth));
  if (nodes > 0) add("nodes " + std::to_string(nodes));
  if (moveTimeMs) add("movetime " + std::to_string(*moveTimeMs));
  if (threads > 1) add("threads " + std::to_string(threads));
  if (database) add("egdb " + std::to_string(databasePieces));
  return text;
}

namespace {

// The legal landing paths of a search line, for notation and drawing (formatMove's choice of
// path where several give one move).
std::vector<PathMove> pathsOf(Position position, const std::vector<Move>& line) {
  std::vector<PathMove> paths;
  for (const Move& move : line) {
    const std::vector<PathMove> legal = generatePathMoves(position);
    const auto found = std::find_if(legal.begin(), legal.end(),
                                    [&move](const PathMove& p) { return p.move == move; });
    if (found == legal.end()) break;  // a line is legal; this only guards the notation
    paths.push_back(*found);
    position = position.after(move);
  }
  return paths;
}

}  // namespace

void judgeMoves(GameAnalysis& analysis, const Thresholds& thresholds) {
  assert(analysis.positions.size() == analysis.game.moves.size() + 1);
  analysis.moves.clear();
  analysis.white = analysis.black = SideSummary{};
  for (std::size_t ply = 0; ply < analysis.game.moves.size(); ++ply) {
    const PositionAnalysis& before = analysis.positions[ply];
    const PositionAnalysis& after = analysis.positions[ply + 1];
    MoveAnalysis move;
    move.played = analysis.game.moves[ply];
    move.mover = before.position.sideToMove();
    move.best = !before.line.empty() && before.line.front().move == move.played.move;
    // The mover's view both times: the next position's score is the opponent's.
    if (!move.best) {
      move.lostPercent =
          std::max(0.0, expectedPercent(before.score) - expectedPercent(-after.score));
      move.lostScore = std::max(0, cappedScore(before.score) - cappedScore(-after.score));
      move.judgement = judge(move.lostPercent, thresholds);
    }
    SideSummary& side = move.mover == Color::White ? analysis.white : analysis.black;
    ++side.moves;
    side.averageLoss += move.lostScore;  // a sum until the end
    side.inaccuracies += move.judgement == Judgement::Inaccuracy;
    side.mistakes += move.judgement == Judgement::Mistake;
    side.blunders += move.judgement == Judgement::Blunder;
    analysis.moves.push_back(move);
  }
  for (SideSummary* side : {&analysis.white, &analysis.black})
    if (side->moves > 0) side->averageLoss /= side->moves;
}

GameAnalyser::GameAnalyser(const Effort& effort, const Thresholds& thresholds)
    : effort_(effort),
      thresholds_(thresholds),
      context_(std::make_shared<TranspositionTable>(static_cast<std::size_t>(effort.hashMb))) {
  options_.threads = effort.threads;
  options_.database = effort.database;
  options_.databasePieces = effort.database ? effort.databasePieces : 0;
}

PositionAnalysis GameAnalyser::searchPosition(const Game& game) {
  PositionAnalysis out;
  out.position = game.position();
  // A finished game is scored by the rules: no move loses (R13), repetition and no progress
  // draw (R14, R15).
  const GameResult result = game.result();
  if (result.outcome != Outcome::Ongoing) {
    out.score = result.outcome == Outcome::Draw ? kScoreDraw : matedInPlies(0);
    return out;
  }
  bool scored = false;
  std::vector<Move> line;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&](const SearchInfo& info) {
    if (info.multiPv != 1) return;
    out.score = info.rawScore;
    out.depth = info.depth;
    line = info.pv;
    scored = true;
  };
  const auto run = [&](const SearchLimits& limits) {
    // One per search: once stopped it stays stopped. Shared: a host's pacer may stop it late.
    const auto control = std::make_shared<SearchControl>();
    if (effort_.pacer)
      control->setPacer(effort_.pacer([weak = std::weak_ptr<SearchControl>(control)] {
        if (const auto alive = weak.lock()) alive->stop();
      }));
    {
      const std::lock_guard lock(controlMutex_);
      control_ = control;
    }
    if (stopped_) control->stop();  // stop() came before control_ was set
    const SearchResult searched = runSearch(game, limits, options_, context_, *control, callbacks);
    assert(searched.bestMove && "an ongoing game has a legal move");
    if (line.empty() || !(line.front() == *searched.bestMove)) line = {*searched.bestMove};
  };
  SearchLimits limits;
  limits.depth = effort_.depth;
  limits.nodes = effort_.nodes;
  limits.moveTimeMs = effort_.moveTimeMs;
  run(limits);
  if (!scored && !stopped_) {  // a limit so small that not even depth 1 completed: every position
                               // needs a score
    SearchLimits depthOne;
    depthOne.depth = 1;
    run(depthOne);
  }
  out.line = pathsOf(out.position, line);
  return out;
}

GameAnalysis GameAnalyser::analyse(const PdnGame& pdn, const std::function<void()>& onPosition) {
  context_.table().clear();
  context_.clearHistories();
  GameAnalysis analysis;
  analysis.game = pdn;
  analysis.effort = effort_.describe();
  Game game(pdn.start);
  for (std::size_t ply = 0;; ++ply) {
    if (stopped_) {  // stop(): the rest is not searched
      PositionAnalysis skipped;
      skipped.position = game.position();
      analysis.positions.push_back(skipped);
    } else {
      analysis.positions.push_back(searchPosition(game));
    }
    if (onPosition) onPosition();
    if (ply == pdn.moves.size()) break;
    game.play(pdn.moves[ply].move);
  }
  judgeMoves(analysis, thresholds_);
  return analysis;
}

void GameAnalyser::stop() {
  stopped_ = true;
  const std::lock_guard lock(controlMutex_);
  if (control_) control_->stop();
}

}  // namespace damiera::analysis
