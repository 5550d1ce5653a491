#include "search/eval.h"

#include <algorithm>

namespace damiera {

namespace {

// A weight pair interpolated by the phase, in 1/(kPhasePieces) of its unit: the opening
// value counts once per piece on the board, the ending value once per piece gone.
inline long long phased(int opening, int ending, int pieces) {
  return static_cast<long long>(opening) * pieces +
         static_cast<long long>(ending) * (kPhasePieces - pieces);
}

// The king-aware tables (eval_kings.h), each White's entries minus Black's, phased. Most
// positions a search meets have no kings and signatures that cancel: those parts cost a test.
template <class Add>
void addKingParts(const KingFeatures& k, int pieces, const EvalWeights& w, Add&& add) {
  const auto& opening = w.kings[kPhaseOpening];
  const auto& ending = w.kings[kPhaseEnding];
  auto part = [&](KingTable table, long long units) {
    add(kKingTableNames[table], static_cast<int>(units / (kPhasePieces * kPatternUnitsPerCp)));
  };
  long long squares = 0, freedom = 0;
  if (k.kingSquares[0] | k.kingSquares[1]) {
    for (int colour = 0; colour < 2; ++colour) {
      const int sign = colour == 0 ? 1 : -1;
      for (std::uint32_t b = k.kingSquares[colour]; b; b &= b - 1) {
        const int i = __builtin_ctz(b);
        squares += sign * phased(opening.squares[i], ending.squares[i], pieces);
      }
    }
    for (int i = 0; i < kKingFreedomEntries; ++i)
      if (const int count = k.freedom[0][i] - k.freedom[1][i])
        freedom += count * phased(opening.freedom[i], ending.freedom[i], pieces);
  }
  part(kTableKingSquares, squares);
  part(kTableKingFreedom, freedom);
  const int white = k.signature[0], black = k.signature[1];
  part(kTableSignature, white == black
                            ? 0
                            : phased(opening.signature[white] - opening.signature[black],
                                     ending.signature[white] - ending.signature[black], pieces));
  part(kTableTempo,
       k.tempoSign ? k.tempoSign * phased(opening.tempo[k.tempo], ending.tempo[k.tempo], pieces)
                   : 0);
}

// Every part is rounded toward zero on its own, so a part of the colour-flipped position is
// exactly the negation (symmetry by construction) and the printed parts add up to the sum.
template <class Add>
void addParts(const EvalFeatures& f, const EvalWeights& w, Add&& add) {
  for (int t = 0; t < kHandTermCount; ++t) {
    const long long weight = phased(w.terms[kPhaseOpening][t], w.terms[kPhaseEnding][t], f.pieces);
    add(kHandTermNames[t], static_cast<int>(f.terms[t] * weight / (kPhasePieces * kTermWeightOne)));
  }
  for (int r = 0; r < kRegionCount; ++r) {
    const auto& opening = w.patterns[kPhaseOpening][r];
    const auto& ending = w.patterns[kPhaseEnding][r];
    const long long value = phased(opening[f.whiteIndex[r]] - opening[f.blackIndex[r]],
                                   ending[f.whiteIndex[r]] - ending[f.blackIndex[r]], f.pieces);
    add(kRegionNames[r], static_cast<int>(value / (kPhasePieces * kPatternUnitsPerCp)));
  }
  addKingParts(f.kings, f.pieces, w, add);
}

int scaled(int sum, int scale) {
  return std::clamp(sum * scale / kEvalScaleFull, -kEvalLimit, kEvalLimit);
}

int fromSideToMove(const Position& pos, int whiteScore) {
  return pos.sideToMove() == Color::White ? whiteScore : -whiteScore;
}

}  // namespace

int evaluate(const Position& pos, const EvalWeights& weights) {
  return evaluate(pos, weights, regionIndicesOf(pos));
}

int evaluate(const Position& pos, const EvalWeights& weights, const RegionIndices& regions) {
  const EvalFeatures features = extractFeatures(pos, regions);
  int sum = 0;
  addParts(features, weights, [&](std::string_view, int score) { sum += score; });
  return fromSideToMove(pos, scaled(sum, features.scale));
}

EvalReport explainEvaluation(const Position& pos, const EvalWeights& weights) {
  const EvalFeatures features = extractFeatures(pos);
  EvalReport report;
  int whiteSum = 0;
  addParts(features, weights, [&](std::string_view name, int score) {
    whiteSum += score;
    report.terms.push_back({name, fromSideToMove(pos, score)});
  });
  report.scale = features.scale;
  report.sum = fromSideToMove(pos, whiteSum);
  report.total = fromSideToMove(pos, scaled(whiteSum, features.scale));
  return report;
}

}  // namespace damiera
