#include "openings/balanced.h"

#include <cassert>
#include <set>

#include "core/bitboard.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace damiera::openings {

namespace {

void walk(const Position& pos, int plies, Opening& line, std::set<std::string>& seen,
          std::vector<Opening>& out) {
  if (static_cast<int>(line.moves.size()) == plies) {
    // Mid-exchange positions (a side a piece up, the other about to take back) are left out.
    if (popcount(pos.pieces(Color::White)) != popcount(pos.pieces(Color::Black))) return;
    if (!seen.insert(formatFen(pos)).second) return;  // a transposition of an earlier one
    Opening opening = line;
    opening.source = movesText(opening);
    out.push_back(std::move(opening));
    return;
  }
  for (const PathMove& m : generatePathMoves(pos)) {
    line.moves.push_back(m);
    walk(pos.after(m.move), plies, line, seen, out);
    line.moves.pop_back();
  }
}

}  // namespace

std::vector<Opening> balancedOpenings(int plies) {
  assert(plies >= 0);
  std::vector<Opening> out;
  std::set<std::string> seen;
  Opening line;
  walk(line.start, plies, line, seen, out);
  return out;
}

std::string movesText(const Opening& opening) {
  std::string text;
  for (const PathMove& m : opening.moves) text += (text.empty() ? "" : " ") + formatMove(m);
  return text;
}

}  // namespace damiera::openings
