#pragma once
// Match statistics from wins, draws and losses (W/D/L, from the first engine's side):
// score, Elo difference with a 95% confidence interval, likelihood of superiority and the
// sequential probability ratio test. Header-only so the tests can check the arithmetic.
//
// Elo:   s = (W + D/2) / N,  Elo(s) = -400 log10(1/s - 1).
// Error: the per-game score is a trinomial variable (1, 1/2, 0), variance
//        var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N; the 95% interval of the mean score is
//        s +- 1.96 sqrt(var / N), mapped through Elo(s) (so it is not symmetric in Elo).
// LOS:   1/2 (1 + erf((W - L) / sqrt(2 (W + L)))), the normal approximation (draws ignored).
// SPRT:  H0: Elo = elo0 against H1: Elo = elo1 (logistic Elo), with the generalised SPRT's
//        normal approximation used by cutechess and fastchess (chessprogramming.org, "Match
//        Statistics"): with s0 = 1/(1+10^(-elo0/400)), s1 likewise,
//            LLR = (s1 - s0) (2 s - s0 - s1) / (2 var / N)
//        and var computed as above (= (W + D/4)/N - s^2). The test stops at
//        LLR <= ln(beta / (1 - alpha)) (accept H0) or LLR >= ln((1 - beta) / alpha) (accept H1).
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace damiera::match {

inline constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal law
inline constexpr double kEloScale = 400.0;

struct Wdl {
  std::int64_t wins = 0;
  std::int64_t draws = 0;
  std::int64_t losses = 0;

  std::int64_t games() const { return wins + draws + losses; }
  double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
  double score() const { return games() ? points() / static_cast<double>(games()) : 0.5; }
  double drawRatio() const {
    return games() ? static_cast<double>(draws) / static_cast<double>(games()) : 0.0;
  }
  Wdl swapped() const { return {losses, draws, wins}; }
};

// +-infinity at scores 1 and 0.
inline double eloFromScore(double score) {
  if (score <= 0.0) return -std::numeric_limits<double>::infinity();
  if (score >= 1.0) return std::numeric_limits<double>::infinity();
  return -kEloScale * std::log10(1.0 / score - 1.0);
}

inline double scoreFromElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / kEloScale)); }

// Variance of one game's score (1, 1/2, 0) around the match score.
inline double perGameVariance(const Wdl& r) {
  if (r.games() == 0) return 0.0;
  const double n = static_cast<double>(r.games());
  const double s = r.score();
  const double w = static_cast<double>(r.wins) / n;
  const double d = static_cast<double>(r.draws) / n;
  const double l = static_cast<double>(r.losses) / n;
  return w * (1.0 - s) * (1.0 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s;
}

struct EloEstimate {
  double elo = 0.0;
  double low = 0.0;  // 95% confidence interval
  double high = 0.0;
  double margin() const { return (high - low) / 2.0; }  // the "+-" figure
};

inline std::optional<EloEstimate> estimateElo(const Wdl& r) {
  if (r.games() == 0) return std::nullopt;
  const double s = r.score();
  const double halfWidth = kZ95 * std::sqrt(perGameVariance(r) / static_cast<double>(r.games()));
  return EloEstimate{eloFromScore(s), eloFromScore(s - halfWidth), eloFromScore(s + halfWidth)};
}

// Likelihood of superiority: the probability that the first engine is the stronger one.
inline double likelihoodOfSuperiority(const Wdl& r) {
  const double decisive = static_cast<double>(r.wins + r.losses);
  if (decisive == 0.0) return 0.5;
  return 0.5 * (1.0 + std::erf(static_cast<double>(r.wins - r.losses) / std::sqrt(2.0 * decisive)));
}

struct SprtParameters {
  double elo0 = 0.0;
  double elo1 = 10.0;
  double alpha = 0.05;  // false positive rate: accepting H1 when H0 holds
  double beta = 0.05;   // false negative rate: accepting H0 when H1 holds
};

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

inline double sprtLowerBound(const SprtParameters& p) { return std::log(p.beta / (1.0 - p.alpha)); }
inline double sprtUpperBound(const SprtParameters& p) { return std::log((1.0 - p.beta) / p.alpha); }

// 0 until the results have some spread (no games, or all the same result).
inline double sprtLlr(const Wdl& r, const SprtParameters& p) {
  const double variance = perGameVariance(r);
  if (r.games() == 0 || variance <= 0.0) return 0.0;
  const double s0 = scoreFromElo(p.elo0);
  const double s1 = scoreFromElo(p.elo1);
  const double varianceOfMean = variance / static_cast<double>(r.games());
  return (s1 - s0) * (2.0 * r.score() - s0 - s1) / (2.0 * varianceOfMean);
}

inline SprtVerdict sprtVerdict(double llr, const SprtParameters& p) {
  if (llr >= sprtUpperBound(p)) return SprtVerdict::AcceptH1;
  if (llr <= sprtLowerBound(p)) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

}  // namespace damiera::match
