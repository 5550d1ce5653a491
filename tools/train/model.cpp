#include "model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace damiera::training {

namespace {

constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

double opening(const Example& e) { return double(e.pieces) / kPhasePieces; }

double crossEntropy(double p, double y) {
  p = std::clamp(p, 1e-9, 1 - 1e-9);
  return -(y * std::log(p) + (1 - y) * std::log(1 - p));
}

// One Adam step of the parameters [from, to) (all of them by default).
void adam(std::vector<double>& w, const std::vector<double>& g, std::vector<double>& m,
          std::vector<double>& v, double rate, double decay, long t, std::size_t from = 0,
          std::size_t to = SIZE_MAX) {
  const double c1 = 1 - std::pow(kBeta1, double(t)), c2 = 1 - std::pow(kBeta2, double(t));
  for (std::size_t i = from; i < std::min(to, w.size()); ++i) {
    m[i] = kBeta1 * m[i] + (1 - kBeta1) * g[i];
    v[i] = kBeta2 * v[i] + (1 - kBeta2) * g[i] * g[i];
    w[i] -= rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + kEpsilon) + decay * w[i];
  }
}

std::int16_t saturate(double x) {
  return static_cast<std::int16_t>(std::clamp(std::lround(x), -32767l, 32767l));
}

}  // namespace

template <class Add>
void Model::forKingEntries(const Example& e, int p, Add&& add) {
  const KingFeatures& k = e.kings;
  for (int colour = 0; colour < 2; ++colour)
    for (std::uint32_t b = k.kingSquares[colour]; b; b &= b - 1)
      add(kingAt(p, kTableKingSquares, __builtin_ctz(b)), colour == 0 ? 1.0 : -1.0);
  for (int i = 0; i < kKingFreedomEntries; ++i)
    if (const int count = k.freedom[0][i] - k.freedom[1][i])
      add(kingAt(p, kTableKingFreedom, i), double(count));
  if (k.signature[0] != k.signature[1]) {
    add(kingAt(p, kTableSignature, k.signature[0]), 1.0);
    add(kingAt(p, kTableSignature, k.signature[1]), -1.0);
  }
  if (k.tempoSign) add(kingAt(p, kTableTempo, k.tempo), double(k.tempoSign));
}

Model::Model(const EvalWeights& start)
    : terms_(kTermParams),
      patterns_(kPatternParams),
      kings_(kPhaseCount * kKingParamsPerPhase),
      termGrad_(kTermParams),
      patternGrad_(kPatternParams),
      kingGrad_(kings_.size()),
      termM_(kTermParams),
      termV_(kTermParams),
      patternM_(kPatternParams),
      patternV_(kPatternParams),
      kingM_(kings_.size()),
      kingV_(kings_.size()) {
  for (int p = 0; p < kPhaseCount; ++p) {
    for (int t = 0; t < kHandTermCount; ++t)
      terms_[p * kHandTermCount + t] = double(start.terms[p][t]) / kTermWeightOne;
    for (int r = 0; r < kRegionCount; ++r)
      for (int i = 0; i < kRegionEntries; ++i)
        patterns_[patternAt(p, r, i)] = double(start.patterns[p][r][i]) / kPatternUnitsPerCp;
    for (int t = 0; t < kKingTableCount; ++t) {
      const std::span<const std::int16_t> values = start.kings[p].table(KingTable(t));
      for (std::size_t i = 0; i < values.size(); ++i)
        kings_[kingAt(p, KingTable(t), int(i))] = double(values[i]) / kPatternUnitsPerCp;
    }
  }
}

double Model::evaluate(const Example& e) const {
  const double phase[kPhaseCount] = {opening(e), 1 - opening(e)};
  double sum = 0;
  for (int p = 0; p < kPhaseCount; ++p) {
    double part = 0;
    for (int t = 0; t < kHandTermCount; ++t) part += e.terms[t] * terms_[p * kHandTermCount + t];
    for (int r = 0; r < kRegionCount; ++r)
      part +=
          patterns_[patternAt(p, r, e.whiteIndex[r])] - patterns_[patternAt(p, r, e.blackIndex[r])];
    forKingEntries(e, p, [&](int at, double times) { part += times * kings_[at]; });
    sum += phase[p] * part;
  }
  return sum * e.scale / kEvalScaleFull;
}

double Model::target(const Example& e, double k, double lambda) const {
  const double fromScore = e.forced ? (e.score > 0   ? 1.0
                                       : e.score < 0 ? 0.0
                                                     : 0.5)
                                    : sigmoid(e.score / k);
  return lambda * e.result + (1 - lambda) * fromScore;
}

double Model::loss(std::span<const Example> examples, double k, double lambda) const {
  double total = 0;
  for (const Example& e : examples)
    total += crossEntropy(sigmoid(evaluate(e) / k), target(e, k, lambda));
  return examples.empty() ? 0 : total / double(examples.size());
}

void Model::step(std::span<const Example> batch, double k, const FitSettings& s) {
  std::fill(termGrad_.begin(), termGrad_.end(), 0.0);
  std::fill(patternGrad_.begin(), patternGrad_.end(), 0.0);
  std::fill(kingGrad_.begin(), kingGrad_.end(), 0.0);
  const double perExample = 1.0 / double(batch.size());
  for (const Example& e : batch) {
    // d(cross-entropy)/d(eval) = (prediction - target) / K, times the scale of the ending.
    const double g = (sigmoid(evaluate(e) / k) - target(e, k, s.lambda)) / k * perExample *
                     e.scale / kEvalScaleFull;
    if (g == 0) continue;
    const double phase[kPhaseCount] = {opening(e), 1 - opening(e)};
    for (int p = 0; p < kPhaseCount; ++p) {
      const double gp = g * phase[p];
      for (int t = 0; t < kHandTermCount; ++t) termGrad_[p * kHandTermCount + t] += gp * e.terms[t];
      for (int r = 0; r < kRegionCount; ++r) {
        patternGrad_[patternAt(p, r, e.whiteIndex[r])] += gp;
        patternGrad_[patternAt(p, r, e.blackIndex[r])] -= gp;
      }
      forKingEntries(e, p, [&](int at, double times) { kingGrad_[at] += gp * times; });
    }
  }
  ++steps_;
  adam(terms_, termGrad_, termM_, termV_, s.termRate, 0, steps_);
  adam(patterns_, patternGrad_, patternM_, patternV_, s.patternRate, s.patternDecay, steps_);
  // Only the tables of the design move; the others keep their values (no step, no decay).
  for (int p = 0; p < kPhaseCount; ++p)
    for (int t = 0; t < kKingTableCount; ++t)
      if (s.kingTables[t])
        adam(kings_, kingGrad_, kingM_, kingV_, s.patternRate, s.patternDecay, steps_,
             kingAt(p, KingTable(t), 0), kingAt(p, KingTable(t + 1), 0));
}

EvalWeights Model::quantised() const {
  EvalWeights w;
  for (int p = 0; p < kPhaseCount; ++p) {
    for (int t = 0; t < kHandTermCount; ++t)
      w.terms[p][t] = saturate(terms_[p * kHandTermCount + t] * kTermWeightOne);
    for (int r = 0; r < kRegionCount; ++r)
      for (int i = 0; i < kRegionEntries; ++i)
        w.patterns[p][r][i] = saturate(patterns_[patternAt(p, r, i)] * kPatternUnitsPerCp);
    for (int t = 0; t < kKingTableCount; ++t) {
      const std::span<std::int16_t> values = w.kings[p].table(KingTable(t));
      for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = saturate(kings_[kingAt(p, KingTable(t), int(i))] * kPatternUnitsPerCp);
    }
  }
  return w;
}

double fitScaleK(const Model& model, std::span<const Example> examples) {
  constexpr double kResultsOnly = 1;
  // The loss is unimodal in K: golden-section search over a wide bracket.
  double lo = 20, hi = 2000;
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 40; ++i) {
    const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    if (model.loss(examples, a, kResultsOnly) < model.loss(examples, b, kResultsOnly))
      hi = b;
    else
      lo = a;
  }
  return (lo + hi) / 2;
}

}  // namespace damiera::training
