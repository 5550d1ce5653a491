#include "analysis/score_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "search/score.h"

namespace damiera::analysis {

double winningChances(int score) {
  if (score >= kScoreDatabaseBound) return 1;
  if (score <= -kScoreDatabaseBound) return -1;
  return std::tanh(score / kWinningChancesScale);
}

double expectedPercent(int score) { return (winningChances(score) + 1) * 50; }

int cappedScore(int score) { return std::clamp(score, -kLossCap, kLossCap); }

Judgement judge(double lostPercent, const Thresholds& thresholds) {
  if (lostPercent >= thresholds.blunder) return Judgement::Blunder;
  if (lostPercent >= thresholds.mistake) return Judgement::Mistake;
  if (lostPercent >= thresholds.inaccuracy) return Judgement::Inaccuracy;
  return Judgement::None;
}

std::string_view markOf(Judgement judgement) {
  switch (judgement) {
    case Judgement::Inaccuracy:
      return "?!";
    case Judgement::Mistake:
      return "?";
    case Judgement::Blunder:
      return "??";
    case Judgement::None:
      break;
  }
  return "";
}

std::string_view nameOf(Judgement judgement) {
  switch (judgement) {
    case Judgement::Inaccuracy:
      return "Inaccuracy";
    case Judgement::Mistake:
      return "Mistake";
    case Judgement::Blunder:
      return "Blunder";
    case Judgement::None:
      break;
  }
  return "";
}

namespace {
std::string men(int score, bool plusSign) {
  char text[32];
  std::snprintf(text, sizeof text, plusSign && score > 0 ? "+%.2f" : "%.2f", score / 100.0);
  return text;
}
}  // namespace

std::string formatScore(int score) {
  const ReportedScore reported = reportScore(score);
  if (reported.kind == ReportedScore::Kind::Mate) return "#" + std::to_string(reported.value);
  if (std::abs(score) >= kScoreDatabaseBound) return score > 0 ? "db+" : "db-";
  return men(score, true);
}

std::string formatEval(int score) {
  const ReportedScore reported = reportScore(score);
  if (reported.kind == ReportedScore::Kind::Mate) return "#" + std::to_string(reported.value);
  return men(score, false);
}

}  // namespace damiera::analysis
