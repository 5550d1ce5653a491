#pragma once
// The pattern regions of the evaluation and their indices, computed from scratch or kept up to
// date move by move.
//
// Nine overlapping 4x4 boxes of the board, each with 8 playable squares that are empty (or hold
// a king: kings are left to the material and king terms), an own man or an enemy man: a region's
// index is the sum over its squares of 3^j * (0, 1 own man, 2 enemy man) for its j-th square in
// ascending square number, one of 3^8 entries. White's indices take White as own; Black's are
// computed on the board turned half a turn (square n -> 33 - n, docs/rules.md R2) with the colours
// swapped, so the Black indices of a position are the White indices of its colour-flipped twin.
//
// An index is a sum of what each man adds to it, so the indices of a position are the sum of
// every man's share, and a move changes them by the shares of the men it moves, crowns and
// captures. The search keeps them so (regionIndicesAfter) instead of recomputing all eighteen at
// every leaf (what that saves: docs/evaluation.md, "How the evaluation is trained").
#include <array>
#include <cassert>
#include <cstdint>
#include <string_view>

#include "core/bitboard.h"
#include "core/move.h"
#include "core/position.h"

namespace damiera {

// The boxes at row and file offsets 0, 2 and 4 (they overlap by half a box).
inline constexpr int kRegionCount = 9;
inline constexpr int kRegionSquares = 8;
inline constexpr int kRegionEntries = 6561;  // 3^8
extern const std::array<std::string_view, kRegionCount> kRegionNames;

// White's nine indices, then Black's nine, padded to three 16-byte vectors: an update adds or
// subtracts whole rows of this layout, which the compiler does three lanes of eight at a time.
struct RegionIndices {
  static constexpr int kBlackFirst = kRegionCount;
  static constexpr int kSlots = 24;
  alignas(16) std::array<std::uint16_t, kSlots> slots{};

  std::uint16_t white(int region) const { return slots[region]; }
  std::uint16_t black(int region) const { return slots[kBlackFirst + region]; }

  // Indices are sums of shares; unsigned arithmetic wraps, so a share may be taken away in any
  // order and the sum is right once every share is in.
  void subtract(const RegionIndices& share) {
    for (int i = 0; i < kSlots; ++i)
      slots[i] = static_cast<std::uint16_t>(slots[i] - share.slots[i]);
  }

  friend bool operator==(const RegionIndices&, const RegionIndices&) = default;
};

// The indices from scratch: the root of a search, and every position the evaluation gets
// without its parent's indices.
RegionIndices regionIndicesOf(Bitboard whiteMen, Bitboard blackMen);
inline RegionIndices regionIndicesOf(const Position& pos) {
  return regionIndicesOf(pos.men(Color::White), pos.men(Color::Black));
}

// kManShares[colour][square]: the indices of a board holding only that man; nothing for a
// ghost square.
inline constexpr Square kNoShareSquare = 4;  // a ghost bit (square.h)
static_assert((kPlayable & bit(kNoShareSquare)) == 0);
extern const std::array<std::array<RegionIndices, kLayoutBits>, 2> kManShares;

// The indices of before.after(m), from `indices`, those of `before`.
inline RegionIndices regionIndicesAfter(const RegionIndices& indices, const Position& before,
                                        const Move& m) {
  const Color us = before.sideToMove();
  const int own = static_cast<int>(us);
  // A king moving changes no region; a man leaves its square, and stands on the new one unless
  // it is crowned there (R12). A share of nothing is that of a ghost square (none), so every
  // move is the same three vector operations, without a branch.
  const bool man = !before.isKing(m.from);
  const bool stays = man && (bit(m.to) & promotionRow(us)) == 0;
  const RegionIndices& leaves = kManShares[own][man ? m.from : kNoShareSquare];
  const RegionIndices& arrives = kManShares[own][stays ? m.to : kNoShareSquare];
  RegionIndices next;
  for (int i = 0; i < RegionIndices::kSlots; ++i)
    next.slots[i] =
        static_cast<std::uint16_t>(indices.slots[i] - leaves.slots[i] + arrives.slots[i]);
  for (Bitboard men = m.captured & before.men(opponent(us)); men; men = withoutLowest(men))
    next.subtract(kManShares[1 - own][lowestSquare(men)]);
  assert(next == regionIndicesOf(before.after(m)));
  return next;
}

}  // namespace damiera
