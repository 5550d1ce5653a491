#pragma once
// A game: the current position plus what R13..R15 need from the past (repetition keys and the
// no-progress count).
#include <cstdint>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace damiera {

// R15: 40 moves by each side without a capture or a man move. Configurable per game.
inline constexpr int kDefaultNoProgressPlies = 80;
// R14: the same position with the same side to move for the third time.
inline constexpr int kRepetitionsForDraw = 3;

enum class Outcome : std::uint8_t { Ongoing, WhiteWins, BlackWins, Draw };
enum class OutcomeReason : std::uint8_t { Ongoing, NoPieces, NoMoves, Repetition, NoProgress };

struct GameResult {
  Outcome outcome = Outcome::Ongoing;
  OutcomeReason reason = OutcomeReason::Ongoing;
};

class Game {
 public:
  explicit Game(const Position& start = Position::start(),
                int noProgressLimitPlies = kDefaultNoProgressPlies);

  const Position& position() const { return position_; }
  const Position& startPosition() const { return start_; }
  const std::vector<Move>& moves() const { return moves_; }
  // Keys of every position so far, the current one last (for repetition checks in search).
  const std::vector<std::uint64_t>& keys() const { return keys_; }
  int noProgressPlies() const { return noProgressPlies_; }
  int noProgressLimitPlies() const { return noProgressLimitPlies_; }
  void setNoProgressLimitPlies(int plies) { noProgressLimitPlies_ = plies; }

  // Plays a move that must be legal in position().
  void play(const Move& m);

  // How many times the current position has occurred (with the same side to move), >= 1.
  int repetitionCount() const;

  GameResult result() const;  // R13, R14, R15

 private:
  Position start_;
  Position position_;
  std::vector<Move> moves_;
  std::vector<std::uint64_t> keys_;
  int noProgressPlies_ = 0;
  int noProgressLimitPlies_;
};

}  // namespace damiera
