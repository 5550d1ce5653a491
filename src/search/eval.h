#pragma once
// Static evaluation: the hand-made terms that know this game (material with kings worth far
// more than men because a man can never capture a king, R8; advancement, back-rank guard,
// centre and edge, mobility, runaway men, king safety, threats, tempo), each scaled by a
// learned weight per phase, plus learned tables over the men of nine overlapping 4x4 regions
// of the board (eval_features.h, eval_weights.h) and the king-aware tables (king squares, king
// freedom, material signature, tempo parity: eval_kings.h), then scaled toward a draw in
// endings that cannot be won. Scores are in hundredths of a man (score.h), from the side to move.
#include <string_view>
#include <vector>

#include "core/position.h"
#include "search/eval_features.h"
#include "search/eval_regions.h"
#include "search/eval_weights.h"

namespace damiera {

// One named part of the evaluation (a hand term or a pattern region), from the side to move's
// point of view.
struct EvalTerm {
  std::string_view name;
  int score = 0;
};

// Everything `eval` prints: the parts, their sum, the drawish-ending scale applied to it (out
// of kEvalScaleFull) and the final score, which is exactly what evaluate() returns.
struct EvalReport {
  std::vector<EvalTerm> terms;
  int sum = 0;
  int scale = 0;
  int total = 0;
};

// The evaluation never leaves this band, far inside the database and mate scores (score.h).
inline constexpr int kEvalLimit = 10000;

// The evaluation search uses at its leaves. Only meaningful in a position where the side to
// move has no capture (quiescence resolves captures first), but defined for any position.
int evaluate(const Position& pos, const EvalWeights& weights);
inline int evaluate(const Position& pos) { return evaluate(pos, embeddedEvalWeights()); }
// The same, given the position's region indices (regionIndicesOf(pos)): the search keeps them
// up to date move by move (eval_regions.h) rather than have every leaf recompute them.
int evaluate(const Position& pos, const EvalWeights& weights, const RegionIndices& regions);

// The same evaluation, part by part.
EvalReport explainEvaluation(const Position& pos, const EvalWeights& weights);
inline EvalReport explainEvaluation(const Position& pos) {
  return explainEvaluation(pos, embeddedEvalWeights());
}

}  // namespace damiera
