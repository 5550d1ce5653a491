#pragma once
// The evaluation of search/eval.cpp in floating point, for fitting: the same features, the
// same phase interpolation and drawish scale, the same antisymmetric use of the region tables.
// Fitted by logistic regression: sigmoid(eval / K) against a blend of the game result and
// sigmoid(search score / K), with cross-entropy loss, mini-batches and Adam.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "dataset.h"
#include "search/eval_weights.h"

namespace damiera::training {

struct FitSettings {
  double lambda = 0.5;  // weight of the game result in the target (1 - it: the score)
  double scaleK = 0;    // K; 0: fitted to the data with the starting weights
  int batch = 16384;
  double termRate = 0.01;      // Adam step of the term multipliers (1.0 = as the hand made it)
  double patternRate = 0.2;    // Adam step of the region entries, hundredths of a man
  double patternDecay = 1e-3;  // per step, pulls rarely seen entries back to zero
  // Which king-aware tables (eval_kings.h) are fitted; the others keep their starting values
  // (zero from the hand-made start): the design is chosen by comparing held-out losses.
  std::array<bool, kKingTableCount> kingTables{true, true, true, true};
};

class Model {
 public:
  explicit Model(const EvalWeights& start);

  // The score (hundredths of a man, White's view) the engine's rounding aside would give.
  double evaluate(const Example& e) const;
  double target(const Example& e, double k, double lambda) const;
  // Mean cross-entropy over `examples`.
  double loss(std::span<const Example> examples, double k, double lambda) const;
  // One Adam step over a batch.
  void step(std::span<const Example> batch, double k, const FitSettings& s);

  // Rounded into the engine's int16 units (eval_weights.h), saturating.
  EvalWeights quantised() const;

 private:
  static constexpr int kTermParams = kPhaseCount * kHandTermCount;
  static constexpr int kPatternParams = kPhaseCount * kRegionCount * kRegionEntries;
  static int patternAt(int phase, int region, int entry) {
    return (phase * kRegionCount + region) * kRegionEntries + entry;
  }
  // The king tables of one phase, one after the other, in KingTable order.
  static constexpr std::array<int, kKingTableCount + 1> kKingTableStart = {
      0, kKingSquareEntries, kKingSquareEntries + kKingFreedomEntries,
      kKingSquareEntries + kKingFreedomEntries + kSignatureEntries,
      kKingSquareEntries + kKingFreedomEntries + kSignatureEntries + kTempoEntries};
  static constexpr int kKingParamsPerPhase = kKingTableStart[kKingTableCount];
  static int kingAt(int phase, KingTable table, int entry) {
    return phase * kKingParamsPerPhase + kKingTableStart[table] + entry;
  }
  // Calls add(parameter, multiplicity) for every king-table entry of phase p an example uses.
  template <class Add>
  static void forKingEntries(const Example& e, int p, Add&& add);

  std::vector<double> terms_;     // [phase][term], multipliers
  std::vector<double> patterns_;  // [phase][region][entry], hundredths of a man
  std::vector<double> kings_;     // [phase][king table entries], hundredths of a man
  std::vector<double> termGrad_, patternGrad_, kingGrad_;
  std::vector<double> termM_, termV_, patternM_, patternV_, kingM_, kingV_;
  long steps_ = 0;
};

// The K that makes sigmoid(eval / K) fit the game results best with the model as it is
// (Texel's method; the score part of the target is not used, since it moves with K).
double fitScaleK(const Model& model, std::span<const Example> examples);

}  // namespace damiera::training
