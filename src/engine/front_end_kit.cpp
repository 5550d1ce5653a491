#include "engine/front_end_kit.h"

#include <utility>

#include "protocol/reply.h"

namespace damiera {

std::vector<std::string> pvInNotation(Position root, const std::vector<Move>& pv,
                                      const MoveNotation& notation) {
  std::vector<std::string> text;
  for (const Move& m : pv) {
    std::string move = notation(root, m);
    if (move.empty()) break;
    text.push_back(std::move(move));
    root = root.after(m);
  }
  return text;
}

Parsed<Game> gameFromMoves(
    const Position& start, int noProgressLimitPlies, std::size_t moves,
    const std::function<Parsed<Move>(const Position& pos, std::size_t i)>& moveAt,
    const std::function<std::string(std::size_t i, const std::string& reason)>& refusal) {
  Game game(start, noProgressLimitPlies);
  for (std::size_t i = 0; i < moves; ++i) {
    if (const GameResult over = game.result(); over.outcome != Outcome::Ongoing)
      return Parsed<Game>::fail(refusal(i, protocol::gameOverText(over)),
                                protocol::gameOverRefusal(over));
    const Parsed<Move> move = moveAt(game.position(), i);
    if (!move) return Parsed<Game>::fail(refusal(i, move.error), move.refusal);
    game.play(*move.value);
  }
  return Parsed<Game>::ok(std::move(game));
}

}  // namespace damiera
