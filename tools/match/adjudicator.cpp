#include "tools/match/adjudicator.h"

#include <algorithm>
#include <limits>

namespace damiera::match {
namespace {

constexpr int kNoBound = std::numeric_limits<int>::max();
int colorIndex(Color c) { return c == Color::White ? 0 : 1; }

}  // namespace

void Adjudicator::record(Color mover, std::optional<int> centipawns) {
  scores_[colorIndex(mover)].push_back(centipawns);
}

bool Adjudicator::lastScoresWithin(Color side, int n, int low, int high) const {
  const std::vector<std::optional<int>>& scores = scores_[colorIndex(side)];
  if (n <= 0 || static_cast<int>(scores.size()) < n) return false;
  for (auto it = scores.end() - n; it != scores.end(); ++it)
    if (!*it || **it < low || **it > high) return false;
  return true;
}

std::optional<Verdict> Adjudicator::verdict(int moveNumber) const {
  const AdjudicationRules& r = rules_;
  if (r.winMoves > 0) {
    for (const Color winner : {Color::White, Color::Black}) {
      const Color loser = opponent(winner);
      if (lastScoresWithin(winner, r.winMoves, r.winScore, kNoBound) &&
          lastScoresWithin(loser, r.winMoves, -kNoBound, -r.winScore)) {
        return Verdict{winner == Color::White ? Outcome::WhiteWins : Outcome::BlackWins,
                       "adjudicated win: both engines scored " + std::to_string(r.winScore) +
                           " cp or more for " + (winner == Color::White ? "White" : "Black") +
                           " for " + std::to_string(r.winMoves) + " moves"};
      }
    }
  }
  if (r.drawMoves > 0 && moveNumber >= r.drawFromMove &&
      lastScoresWithin(Color::White, r.drawMoves, -r.drawScore, r.drawScore) &&
      lastScoresWithin(Color::Black, r.drawMoves, -r.drawScore, r.drawScore)) {
    return Verdict{Outcome::Draw, "adjudicated draw: both engines scored within " +
                                      std::to_string(r.drawScore) + " cp for " +
                                      std::to_string(r.drawMoves) + " moves"};
  }
  const int movesEach = static_cast<int>(std::min(scores_[0].size(), scores_[1].size()));
  if (r.maxMoves > 0 && movesEach >= r.maxMoves) {
    return Verdict{Outcome::Draw,
                   "adjudicated draw: " + std::to_string(r.maxMoves) + " moves each played"};
  }
  return std::nullopt;
}

}  // namespace damiera::match
