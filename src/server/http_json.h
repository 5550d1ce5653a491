#pragma once
// The HTTP API's JSON bodies (docs/http.md): an evaluation in the shape of lichess's cloud
// eval, a game's analysis with the per-move data of damiera-analyse, and errors.
#include <string>
#include <string_view>

#include "analysis/game_analysis.h"
#include "server/eval_cache.h"

namespace damiera::server {

// A raw search score (search/score.h) of White's view as an EvalLine's score: hundredths of a
// man, or moves to a forced end (lichess's "cp" / "mate", White's view).
void setWhiteScore(EvalLine& line, int whiteScore);

// {"fen", "depth", "knodes", "pvs": [{"moves", "cp" | "mate"}], "cached"}
std::string evaluationJson(const Evaluation& evaluation, bool cached);

// {"effort", "tags", "result", "white"/"black" summaries, "moves": [...]}: see docs/http.md.
std::string analysisJson(const analysis::GameAnalysis& analysis);

// POST /v1/analyse's answer: {"id", "status": "queued", "url", "positions", "effort"}
std::string jobAcceptedJson(const std::string& id, const std::string& url, int positions,
                            const std::string& effort);
// GET /v1/analyse/ID: {"id", "status", "positions", "analysed"} and, once done, "analysis"
// (`analysis`: analysisJson()'s text, empty until then).
std::string jobJson(const std::string& id, const std::string& status, int positions, int analysed,
                    const std::string& analysis);

// {"error": message}
std::string errorJson(std::string_view message);

}  // namespace damiera::server
