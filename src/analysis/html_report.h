#pragma once
// One analysed game as a self-contained HTML page (docs/analysis.md "The HTML report"): the
// evaluation graph, the move list with its marks, and at each mistake and blunder the board
// with the played move (in the mark's colour) and the better move (green) drawn. Inline SVG
// and CSS only: no script, nothing fetched; a fluid layout with a viewport, for a phone.
#include <string>

#include "analysis/game_analysis.h"

namespace damiera::analysis {

std::string writeHtmlReport(const GameAnalysis& analysis);

// The page's file name for the game numbered `number` (1-based) in its PDN: "game-007.html".
std::string htmlFileName(int number);

}  // namespace damiera::analysis
