#pragma once
// The analysed game as PDN (docs/analysis.md "The PDN"): its tags plus the analysis's
// (Annotator and each side's summary), every move with its mark and its score as a
// [%eval ...] comment, and after a move that lost, the better move and its line as a
// variation. core/pdn.h reads it back (comments and variations skipped), which is how a rerun
// finds the games already done.
#include <string>
#include <string_view>

#include "analysis/game_analysis.h"
#include "core/pdn.h"

namespace damiera::analysis {

// The Annotator tag's value starts so: a game carrying it has been analysed.
inline constexpr std::string_view kAnnotatorPrefix = "damiera-analyse";

std::string writeAnnotatedPdn(const GameAnalysis& analysis);

// The tags and moves that say which game this is, without the analysis's own tags: a game
// read back from the output and the same game in the input give the same key.
std::string gameKey(const PdnGame& game);

// Whether a game read from an output was written by writeAnnotatedPdn.
bool isAnalysed(const PdnGame& game);

}  // namespace damiera::analysis
