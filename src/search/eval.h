#pragma once
// Static evaluation: a hand-crafted sum of named terms that know this game (material with
// kings worth far more than men because a man can never capture a king, R8; advancement,
// back-rank guard, centre and edge, mobility, runaway men, king safety), scaled toward a draw
// in endings that cannot be won. Scores are in hundredths of a man (score.h), from the side to
// move.
#include <string_view>
#include <vector>

#include "core/position.h"

namespace damiera {

// One named term of the evaluation, already from the side to move's point of view.
struct EvalTerm {
  std::string_view name;
  int score = 0;
};

// Everything `eval` prints: the terms, their sum, the drawish-ending scale applied to it (out
// of kEvalScaleFull) and the final score, which is exactly what evaluate() returns.
struct EvalReport {
  std::vector<EvalTerm> terms;
  int sum = 0;
  int scale = 0;
  int total = 0;
};

inline constexpr int kEvalScaleFull = 64;

// The evaluation search uses at its leaves. Only meaningful in a position where the side to
// move has no capture (quiescence resolves captures first), but defined for any position.
int evaluate(const Position& pos);

// The same evaluation, term by term.
EvalReport explainEvaluation(const Position& pos);

}  // namespace damiera
