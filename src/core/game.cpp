#include "core/game.h"

#include <algorithm>

#include "core/movegen.h"

namespace damiera {

Game::Game(const Position& start, int noProgressLimitPlies)
    : start_(start),
      position_(start),
      keys_{start.key()},
      noProgressLimitPlies_(noProgressLimitPlies) {}

void Game::play(const Move& m) {
  // R15: any capture or any man move starts the no-progress count again.
  noProgressPlies_ = position_.isProgressMove(m) ? 0 : noProgressPlies_ + 1;
  position_ = position_.after(m);
  moves_.push_back(m);
  keys_.push_back(position_.key());
}

int Game::repetitionCount() const {
  // Captures and man moves cannot be undone, so only the positions since the last of them
  // can repeat the current one; the key includes the side to move.
  const std::uint64_t current = keys_.back();
  const int last = static_cast<int>(keys_.size()) - 1;
  const int oldest = std::max(0, last - noProgressPlies_);
  int count = 0;
  for (int i = last; i >= oldest; i -= 2)
    if (keys_[i] == current) ++count;
  return count;
}

GameResult Game::result() const {
  const Color side = position_.sideToMove();
  const Outcome sideLoses = side == Color::White ? Outcome::BlackWins : Outcome::WhiteWins;
  if (position_.pieces(side) == 0) return {sideLoses, OutcomeReason::NoPieces};  // R13
  MoveList moves;
  generateMoves(position_, moves);
  if (moves.empty()) return {sideLoses, OutcomeReason::NoMoves};  // R13
  if (repetitionCount() >= kRepetitionsForDraw) return {Outcome::Draw, OutcomeReason::Repetition};
  if (noProgressPlies_ >= noProgressLimitPlies_) return {Outcome::Draw, OutcomeReason::NoProgress};
  return {};
}

}  // namespace damiera
