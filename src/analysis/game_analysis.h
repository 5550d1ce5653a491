#pragma once
// One game scored move by move (docs/analysis.md): every position searched at one effort,
// each move's loss in the mover's expected score (score_model.h), its mark, and where it lost
// the better move with the line the search expects.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analysis/score_model.h"
#include "core/color.h"
#include "core/move.h"
#include "core/pdn.h"
#include "search/search.h"

namespace damiera::analysis {

// How hard every position is searched. At least one of depth, nodes, moveTimeMs is set.
struct Effort {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::optional<std::int64_t> moveTimeMs;
  int threads = 1;
  int hashMb = 16;
  // An endgame database the search probes (its positions then score as database wins and
  // losses, score_model.h), up to `databasePieces` pieces; or none.
  std::shared_ptr<egdb::Prober> database;
  int databasePieces = 0;
  // A host's say over each position's search (the analysis server's turns on its processors
  // and time cap, server/search_pacing.h), made with a function that stops that search (it
  // may be called from any thread, also once the search is over); empty: none.
  std::function<std::shared_ptr<SearchPacer>(std::function<void()> stopSearch)> pacer;
  // "depth 8", "nodes 20000", "movetime 100", the threads when more than one, "egdb 6" with a
  // database: what the report says the analysis was.
  std::string describe() const;
};

struct PositionAnalysis {
  Position position;
  int score = 0;               // raw search score (search/score.h), side to move's view
  int depth = 0;               // the search's last iteration (0: the game is over here)
  std::vector<PathMove> line;  // the search's principal variation, best move first
  int whiteScore() const { return position.sideToMove() == Color::White ? score : -score; }
};

struct MoveAnalysis {
  PathMove played;
  Color mover = Color::White;
  bool best = false;       // the search's own choice: it loses nothing
  double lostPercent = 0;  // mover's expected score before minus after, >= 0
  int lostScore = 0;       // the same in capped scores (hundredths of a man), >= 0
  Judgement judgement = Judgement::None;
};

struct SideSummary {
  int moves = 0;
  double averageLoss = 0;  // hundredths of a man a move (capped scores)
  int inaccuracies = 0;
  int mistakes = 0;
  int blunders = 0;
};

struct GameAnalysis {
  PdnGame game;
  std::string effort;                       // Effort::describe()
  std::vector<PositionAnalysis> positions;  // one per position: moves.size() + 1
  std::vector<MoveAnalysis> moves;
  SideSummary white, black;
  // The better line where move `ply` lost: the search's line of the position before it.
  const std::vector<PathMove>& betterLine(std::size_t ply) const { return positions[ply].line; }
};

// The moves' losses, marks and the summaries from the positions' scores: separate from the
// search, so that tests can judge made-up scores.
void judgeMoves(GameAnalysis& analysis, const Thresholds& thresholds);

// Searches every position of one game after another with one transposition table, cleared
// before each game, so that a game's analysis depends on the game and the effort only (with
// one thread and a depth or node limit: the same on every run, whichever job runs it).
class GameAnalyser {
 public:
  GameAnalyser(const Effort& effort, const Thresholds& thresholds);

  // `onPosition` is called after each position searched (progress).
  GameAnalysis analyse(const PdnGame& game, const std::function<void()>& onPosition = {});
  // Thread-safe: the search in progress ends at once and the positions left are not searched
  // (analyse() then returns an analysis that is no use: the caller drops it).
  void stop();
  bool stopped() const { return stopped_.load(); }

 private:
  PositionAnalysis searchPosition(const Game& game);

  Effort effort_;
  Thresholds thresholds_;
  SearchContext context_;
  SearchOptions options_;
  std::atomic<bool> stopped_{false};
  std::mutex controlMutex_;
  std::shared_ptr<SearchControl> control_;  // of the search in progress
};

}  // namespace damiera::analysis
