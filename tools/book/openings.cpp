#include "tools/book/openings.h"

#include <set>
#include <string>

#include "core/bitboard.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace damiera::bookbuild {

namespace {

void walk(const Position& pos, std::vector<Move>& line, std::string text,
          std::set<std::string>& seen, std::vector<Opening>& out) {
  if (static_cast<int>(line.size()) == kOpeningPlies) {
    if (popcount(pos.pieces(Color::White)) != popcount(pos.pieces(Color::Black))) return;
    if (!seen.insert(formatFen(pos)).second) return;
    out.push_back({line, pos, text});
    return;
  }
  for (const PathMove& m : generatePathMoves(pos)) {
    line.push_back(m.move);
    walk(pos.after(m.move), line, text + (text.empty() ? "" : " ") + formatMove(m), seen, out);
    line.pop_back();
  }
}

}  // namespace

std::vector<Opening> threeMoveOpenings() {
  std::vector<Opening> out;
  std::set<std::string> seen;
  std::vector<Move> line;
  walk(Position::start(), line, "", seen, out);
  return out;
}

}  // namespace damiera::bookbuild
