#include "core/movegen.h"

#include <algorithm>

#include "core/movegen_detail.h"

namespace damiera {

using namespace movegen_detail;

namespace {

template <Color Us>
void pathMovesFor(const Position& pos, bool applyPrecedence, std::vector<PathMove>& out) {
  PathMoves output(out);
  CaptureCollector<PathMoves> collector(output, applyPrecedence);
  generateCaptures<Us, true>(pos, pos.men(Us), pos.kings(Us), collector);
}

std::vector<PathMove> capturePaths(const Position& pos, bool applyPrecedence) {
  std::vector<PathMove> out;
  if (pos.sideToMove() == Color::White)
    pathMovesFor<Color::White>(pos, applyPrecedence, out);
  else
    pathMovesFor<Color::Black>(pos, applyPrecedence, out);
  return out;
}

// legalmoves order: ascending (from, path) in Italian square numbers.
void sortByNotation(std::vector<PathMove>& moves) {
  auto numbers = [](const PathMove& m) {
    std::array<int, kMaxPathSquares> key{};
    for (int i = 0; i < m.path.length; ++i) key[i] = numberOfSquare(m.path.squares[i]);
    return key;
  };
  std::sort(moves.begin(), moves.end(),
            [&](const PathMove& a, const PathMove& b) { return numbers(a) < numbers(b); });
}

}  // namespace

void generateMoves(const Position& pos, MoveList& out) {
  if (pos.sideToMove() == Color::White)
    generateMovesFor<Color::White>(pos, out);
  else
    generateMovesFor<Color::Black>(pos, out);
}

std::vector<PathMove> generatePathMoves(const Position& pos) {
  std::vector<PathMove> out;
  if (hasCapture(pos)) {
    out = capturePaths(pos, true);
  } else {
    MoveList quiet;
    generateMoves(pos, quiet);
    for (const Move& m : quiet) {
      MovePath path;
      path.squares[0] = m.from;
      path.squares[1] = m.to;
      path.length = 2;
      out.push_back(PathMove{m, path});
    }
  }
  sortByNotation(out);
  return out;
}

std::vector<PathMove> generateCaptureSequencesIgnoringPrecedence(const Position& pos) {
  std::vector<PathMove> out = capturePaths(pos, false);
  sortByNotation(out);
  return out;
}

bool hasCapture(const Position& pos, Color side) {
  // Only the pieces matter, not whose turn it is: this also answers "would the side not to
  // move have a capture" without a copy of the position.
  if (side == Color::White)
    return (manCapturers<Color::White>(pos) | kingCapturers<Color::White>(pos)) != 0;
  return (manCapturers<Color::Black>(pos) | kingCapturers<Color::Black>(pos)) != 0;
}

bool hasCapture(const Position& pos) { return hasCapture(pos, pos.sideToMove()); }

}  // namespace damiera
