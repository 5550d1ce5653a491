#include <cstdio>

#include "analysis/svg.h"

namespace damiera::analysis {

namespace {

std::string coordinate(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

}  // namespace

std::string evalGraphSvg(const GameAnalysis& analysis) {
  constexpr double kWidth = 600;
  constexpr double kHeight = 160;
  const std::size_t plies = analysis.positions.size() - 1;
  const double step = kWidth / static_cast<double>(plies > 0 ? plies : 1);
  const auto x = [&](std::size_t ply) { return coordinate(ply * step); };
  // White's expected score, 100 at the top.
  const auto y = [&](std::size_t ply) {
    return coordinate(kHeight * (1 - expectedPercent(analysis.positions[ply].whiteScore()) / 100));
  };
  std::string svg = "<svg class=\"graph\" viewBox=\"0 0 " + coordinate(kWidth) + " " +
                    coordinate(kHeight) +
                    "\" xmlns=\"http://www.w3.org/2000/svg\" "
                    "role=\"img\"><title>White's expected score, move by move</title>";
  svg += "<rect width=\"" + coordinate(kWidth) + "\" height=\"" + coordinate(kHeight) +
         "\" fill=\"#303030\"/>";
  // White's share filled from the bottom: light where White stands better.
  std::string area = "0," + coordinate(kHeight);
  for (std::size_t ply = 0; ply <= plies; ++ply) area += " " + x(ply) + "," + y(ply);
  area += " " + x(plies) + "," + coordinate(kHeight);
  svg += "<polygon points=\"" + area + "\" fill=\"#e8e8e8\"/>";
  svg += "<line x1=\"0\" y1=\"" + coordinate(kHeight / 2) + "\" x2=\"" + coordinate(kWidth) +
         "\" y2=\"" + coordinate(kHeight / 2) +
         "\" stroke=\"#808080\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\"/>";
  for (std::size_t ply = 0; ply < analysis.moves.size(); ++ply) {
    const MoveAnalysis& move = analysis.moves[ply];
    if (move.judgement == Judgement::None) continue;
    const std::string title =
        std::string(nameOf(move.judgement)) + ": ply " + std::to_string(ply + 1);
    svg += "<a href=\"#ply-" + std::to_string(ply + 1) + "\"><circle cx=\"" + x(ply + 1) +
           "\" cy=\"" + y(ply + 1) + "\" r=\"5\" fill=\"" + colourOf(move.judgement) +
           "\" stroke=\"#000\" stroke-width=\"1\"><title>" + title + "</title></circle></a>";
  }
  return svg + "</svg>";
}

}  // namespace damiera::analysis
