#include "analysis/svg.h"
#include "core/square.h"

namespace damiera::analysis {

namespace {

constexpr int kCell = 50;  // SVG units per square; the board is 8 * kCell wide

struct Point {
  int x;
  int y;
};

// The centre of square number n (1..32): rows from rank 8 down, and on even rows (rank 8, 6,
// 4, 2) the dark squares are files a, c, e, g (R1: a1 is light).
Point centreOf(int number) {
  const int row = (number - 1) / 4;
  const int column = (number - 1) % 4;
  const int file = 2 * column + (row % 2 == 0 ? 0 : 1);
  return {file * kCell + kCell / 2, row * kCell + kCell / 2};
}

std::string num(int value) { return std::to_string(value); }

}  // namespace

std::string colourOf(Judgement judgement) {
  switch (judgement) {
    case Judgement::Inaccuracy:
      return "#d4a000";
    case Judgement::Mistake:
      return "#e07000";
    case Judgement::Blunder:
      return "#d01c1c";
    case Judgement::None:
      break;
  }
  return "#2a8a2a";
}

std::string boardSvg(const Position& position, const std::vector<DrawnMove>& moves,
                     const std::string& id) {
  const int size = 8 * kCell;
  std::string svg = "<svg class=\"board\" viewBox=\"0 0 " + num(size) + " " + num(size) +
                    "\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\">";
  svg += "<rect width=\"" + num(size) + "\" height=\"" + num(size) + "\" fill=\"#f0d9b5\"/>";
  for (int n = 1; n <= kNumSquares; ++n) {
    const Point c = centreOf(n);
    svg += "<rect x=\"" + num(c.x - kCell / 2) + "\" y=\"" + num(c.y - kCell / 2) + "\" width=\"" +
           num(kCell) + "\" height=\"" + num(kCell) + "\" fill=\"#8b5a2b\"/>";
    svg += "<text x=\"" + num(c.x - kCell / 2 + 3) + "\" y=\"" + num(c.y - kCell / 2 + 11) +
           "\" font-size=\"10\" fill=\"#e8d0b0\">" + num(n) + "</text>";
    const Square sq = squareFromNumber(n);
    if (position.isEmpty(sq)) continue;
    const bool white = position.hasPiece(Color::White, sq);
    const std::string fill = white ? "#fafafa" : "#202020";
    const std::string edge = white ? "#404040" : "#a0a0a0";
    svg += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"19\" fill=\"" + fill +
           "\" stroke=\"" + edge + "\" stroke-width=\"2\"/>";
    if (position.isKing(sq))  // a king: a second ring and a crown letter
      svg += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) +
             "\" r=\"12\" fill=\"none\" stroke=\"" + edge + "\" stroke-width=\"2\"/><text x=\"" +
             num(c.x) + "\" y=\"" + num(c.y + 5) +
             "\" font-size=\"14\" text-anchor=\"middle\" fill=\"" + edge + "\">K</text>";
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const DrawnMove& drawn = moves[i];
    const std::string marker = id + "-arrow" + num(static_cast<int>(i));
    svg += "<defs><marker id=\"" + marker +
           "\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" "
           "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" +
           drawn.colour + "\"/></marker></defs>";
    std::string points;
    for (int s = 0; s < drawn.move.path.length; ++s) {
      const Point c = centreOf(numberOfSquare(drawn.move.path.squares[s]));
      points += (s ? " " : "") + num(c.x) + "," + num(c.y);
    }
    svg += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + drawn.colour +
           "\" stroke-width=\"8\" stroke-opacity=\"0.8\" stroke-linecap=\"round\" "
           "stroke-linejoin=\"round\" marker-end=\"url(#" +
           marker + ")\"/>";
  }
  return svg + "</svg>";
}

}  // namespace damiera::analysis
