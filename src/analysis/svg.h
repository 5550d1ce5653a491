#pragma once
// The report's pictures as inline SVG (no script, no network): the board of a position with
// moves drawn on it, and the evaluation graph of a game.
#include <string>
#include <vector>

#include "analysis/game_analysis.h"
#include "core/move.h"
#include "core/position.h"

namespace damiera::analysis {

// An arrow along a move's landing path, in a CSS colour.
struct DrawnMove {
  PathMove move;
  std::string colour;
};

// The board seen from White (R1, R2: square 1 at the top left), numbered, with the pieces of
// `position` and the moves drawn over them. Scales to its container's width. `id` is unique in
// the page (the arrows' markers are named after it).
std::string boardSvg(const Position& position, const std::vector<DrawnMove>& moves,
                     const std::string& id);

// White's expected score after each move (0 at the bottom, 100 at the top, 50 the middle
// line), each marked move a dot in its mark's colour, linked to its board (#ply-N).
std::string evalGraphSvg(const GameAnalysis& analysis);

// The colour of a mark (CSS), shared by the graph, the move list and the arrows.
std::string colourOf(Judgement judgement);

}  // namespace damiera::analysis
