#pragma once
// What the evaluation looks at, as numbers a trainer can weigh: the hand-made terms (each a
// White-minus-Black score in hundredths of a man with fixed inner constants), the pattern of
// men in overlapping 4x4 regions of the board (eval_regions.h), the phase (pieces on the board) and
// the drawish-ending scale, and the king-aware tables' entries (eval_kings.h). evaluate() (eval.h)
// and the trainer (tools/train) both read positions only through extractFeatures(), so training and
// play can never disagree.
//
// Colour symmetry by construction: a region's index for Black is computed on the board turned
// half a turn (square n -> 33 - n, docs/rules.md R2) with the colours swapped, so the Black
// index of a position equals the White index of its colour-flipped twin, and the evaluation
// weighs every region as (White's entry - Black's entry).
#include <array>
#include <cstdint>
#include <string_view>

#include "core/position.h"
#include "search/eval_kings.h"
#include "search/eval_regions.h"

namespace damiera {

// The hand-made terms, in the order `eval` prints them.
enum HandTerm : int {
  kTermMaterial,
  kTermAdvancement,
  kTermBackRankGuard,
  kTermCentreAndEdge,
  kTermMobility,
  kTermRunawayMen,
  kTermBalance,
  kTermKingSafety,
  kTermThreat,
  kTermTempo,
  kHandTermCount
};
extern const std::array<std::string_view, kHandTermCount> kHandTermNames;

// Phases: every weight has an opening value (all 24 pieces on the board) and an ending value
// (none); a position's weight is interpolated by the pieces on the board.
inline constexpr int kPhaseCount = 2;
inline constexpr int kPhaseOpening = 0;
inline constexpr int kPhaseEnding = 1;
inline constexpr int kPhasePieces = 24;

// The scale toward a draw of endings that cannot be won, out of kEvalScaleFull.
inline constexpr int kEvalScaleFull = 64;

struct EvalFeatures {
  std::array<int, kHandTermCount> terms{};  // White minus Black, hundredths of a man
  // Per region: the entry for White's men (own = White) and for Black's men (own = Black,
  // on the board turned half a turn).
  std::array<std::uint16_t, kRegionCount> whiteIndex{};
  std::array<std::uint16_t, kRegionCount> blackIndex{};
  KingFeatures kings;  // the king-aware tables' entries (eval_kings.h)
  int pieces = 0;      // on the board, 0..24: the phase
  int scale = kEvalScaleFull;
};

EvalFeatures extractFeatures(const Position& pos);
// The same, given the position's region indices (regionIndicesOf(pos), which the search keeps
// up to date move by move: eval_regions.h) instead of recomputing them.
EvalFeatures extractFeatures(const Position& pos, const RegionIndices& regions);

}  // namespace damiera
