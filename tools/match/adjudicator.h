#pragma once
// Optional early ends the referee may declare from the engines' own scores (--adjudicate) or
// from the game's length (--max-moves). Off unless asked for.
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace damiera::match {

struct AdjudicationRules {
  // Draw when both engines' last drawMoves scores are all within +-drawScore cp, once the game
  // has reached move drawFromMove. 0 moves: off.
  int drawMoves = 0;
  int drawScore = 10;
  int drawFromMove = 20;
  // Win when, for winMoves moves each, the winner's engine scores >= winScore and the loser's
  // <= -winScore: both engines agree. 0 moves: off.
  int winMoves = 0;
  int winScore = 400;
  // Draw when the engines have played this many moves each. 0: off.
  int maxMoves = 0;
};

struct Verdict {
  Outcome outcome = Outcome::Draw;
  std::string reason;
};

class Adjudicator {
 public:
  explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

  // After every engine move: its score from the mover's side, if the engine gave one.
  void record(Color mover, std::optional<int> centipawns);

  // The verdict after the last recorded move, if there is one. moveNumber is the game's
  // full-move number, counted from the start of the move text.
  std::optional<Verdict> verdict(int moveNumber) const;

 private:
  // The last n scores of a side, each within [low, high]; false when there are fewer.
  bool lastScoresWithin(Color side, int n, int low, int high) const;

  AdjudicationRules rules_;
  std::vector<std::optional<int>> scores_[2];  // per colour, in move order
};

}  // namespace damiera::match
