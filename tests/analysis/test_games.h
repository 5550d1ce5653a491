#pragma once
// Games for the analysis tests, made by the engine itself so that they need no hand-checked
// record: its own best moves at a fixed depth, and the same with one move replaced by the one
// that gives the most material away.
#include <catch2/catch.hpp>
#include <memory>
#include <optional>

#include "core/game.h"
#include "core/movegen.h"
#include "core/pdn.h"
#include "search/search.h"

namespace damiera::analysis_test {

inline constexpr int kTestDepth = 6;

struct Scored {
  Move best;
  int score = 0;  // side to move's view
};

inline Scored searchAt(const Game& game, int depth) {
  SearchContext context(std::make_shared<TranspositionTable>(8));
  SearchLimits limits;
  limits.depth = depth;
  SearchOptions options;
  SearchControl control;
  Scored out;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&out](const SearchInfo& info) {
    if (info.multiPv == 1) out.score = info.rawScore;
  };
  const SearchResult result = runSearch(game, limits, options, context, control, callbacks);
  REQUIRE(result.bestMove);
  out.best = *result.bestMove;
  return out;
}

inline PathMove pathOf(const Position& position, const Move& move) {
  for (const PathMove& p : generatePathMoves(position))
    if (p.move == move) return p;
  FAIL("not a legal move");
  return {};
}

struct BlunderGame {
  PdnGame pdn;
  std::optional<std::size_t> blunderPly;  // 0-based; none: only best moves
  Move best;                              // the engine's move where the blunder was played
  int lostScore = 0;                      // best's score minus the blunder's, mover's view
};

// `plies` moves of the engine at kTestDepth; with `blunder`, the first position from ply 8 on
// where some move scores at least 120 (more than a man) below the best (while the best keeps
// the game level) gets that move instead.
inline BlunderGame engineGame(int plies, bool blunder) {
  BlunderGame out;
  out.pdn.tags = {{"Event", "analysis test"},
                  {"White", blunder ? "Blunderer" : "Engine"},
                  {"Black", "Engine"},
                  {"GameType", "22"}};
  Game game;
  for (int ply = 0; ply < plies && game.result().outcome == Outcome::Ongoing; ++ply) {
    const Scored best = searchAt(game, kTestDepth);
    Move chosen = best.best;
    if (blunder && !out.blunderPly && ply >= 8 && std::abs(best.score) < 60) {
      MoveList moves;
      generateMoves(game.position(), moves);
      for (const Move& m : moves) {
        Game after = game;
        after.play(m);
        const int score = -searchAt(after, kTestDepth - 1).score;
        if (best.score - score >= 120 && best.score - score > out.lostScore) {
          out.lostScore = best.score - score;
          chosen = m;
        }
      }
      if (out.lostScore > 0) {
        out.blunderPly = static_cast<std::size_t>(ply);
        out.best = best.best;
      }
    }
    out.pdn.moves.push_back(pathOf(game.position(), chosen));
    game.play(chosen);
  }
  return out;
}

}  // namespace damiera::analysis_test
