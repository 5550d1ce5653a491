#pragma once
// Shared helpers of the search tests: positions from FEN, moves from text, legality checks,
// and a plain minimax that finds exact forced-win distances to check the search against.
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/search.h"

namespace damiera::test {

// The same position seen from the other side: square n becomes 33 - n (a half turn of the
// board, R2), every piece changes colour, and so does the side to move.
inline Position colourFlipped(const Position& pos) {
  Position flipped;
  for (int n = 1; n <= kNumSquares; ++n) {
    const Square sq = squareFromNumber(n);
    if (pos.isEmpty(sq)) continue;
    const Color c = pos.hasPiece(Color::White, sq) ? Color::White : Color::Black;
    flipped.put(squareFromNumber(kNumSquares + 1 - n), opponent(c), pos.isKing(sq));
  }
  flipped.setSideToMove(opponent(pos.sideToMove()));
  return flipped;
}

inline Position fen(std::string_view text) {
  const Parsed<Position> parsed = parseFen(text);
  INFO(text << ": " << parsed.error);
  REQUIRE(parsed);
  return *parsed.value;
}

inline Move move(const Position& pos, std::string_view text) {
  const Parsed<PathMove> parsed = parseMove(pos, text);
  INFO(text << ": " << parsed.error);
  REQUIRE(parsed);
  return parsed.value->move;
}

inline bool isLegal(const Position& pos, const Move& m) {
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& legal : moves)
    if (legal == m) return true;
  return false;
}

inline bool isLegalLine(Position pos, const std::vector<Move>& line) {
  for (const Move& m : line) {
    if (!isLegal(pos, m)) return false;
    pos = pos.after(m);
  }
  return true;
}

// Exact forced-result search without any pruning (R13: no move or no piece loses).
// Can the side to move force the opponent out of moves within `plies` plies?
bool winsWithin(const Position& pos, int plies);
inline bool losesWithin(const Position& pos, int plies) {
  MoveList moves;
  generateMoves(pos, moves);
  if (moves.empty()) return true;
  if (plies < 2) return false;
  for (const Move& m : moves)
    if (!winsWithin(pos.after(m), plies - 1)) return false;
  return true;
}
inline bool winsWithin(const Position& pos, int plies) {
  if (plies < 1) return false;
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& m : moves)
    if (losesWithin(pos.after(m), plies - 1)) return true;
  return false;
}

// The reported score ("mate N" in moves) an exact search gives, or 0 if no forced result
// within maxPlies.
inline int exactMateMoves(const Position& pos, int maxPlies) {
  for (int plies = 1; plies <= maxPlies; ++plies) {
    if (plies % 2 == 1 && winsWithin(pos, plies)) return (plies + 1) / 2;
    if (plies % 2 == 0 && losesWithin(pos, plies)) return -plies / 2;
  }
  return 0;
}

struct Collected {
  std::vector<SearchInfo> infos;
  SearchResult result;
  int results = 0;
};

// A synchronous search with its own table, collecting every info and the result.
inline Collected searchPosition(const Game& game, const SearchLimits& limits,
                                const SearchOptions& options = {}, std::size_t hashMb = 4) {
  SearchContext context(std::make_shared<TranspositionTable>(hashMb));
  SearchControl control;
  Collected out;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&](const SearchInfo& info) { out.infos.push_back(info); };
  callbacks.onResult = [&](const SearchResult& r) {
    out.result = r;
    ++out.results;
  };
  const SearchResult returned = runSearch(game, limits, options, context, control, callbacks);
  CHECK(returned.bestMove == out.result.bestMove);
  return out;
}

inline SearchLimits depthLimit(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

}  // namespace damiera::test
