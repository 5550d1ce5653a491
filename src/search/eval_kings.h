#pragma once
// The evaluation's king-aware features (generation 3): what the hand terms and the men-only region
// tables (eval_regions.h) cannot say about kings and thin endings, as small learned tables.
//
// - King squares: one entry per square for a king of the side, on its own board (Black's squares
//   turned half a turn, R2), so a king's place (centre, long diagonal, corner) is learned.
// - King freedom: one entry per number of empty squares next to a king (0..4): a king with none
//   or one is trapped or nearly so, and can be lost to an enemy king (R8, R9).
// - Material signature: one entry per (own men, own kings, enemy men, enemy kings), men counted
//   up to 6 and kings up to 4, so the thin endings the material term prices linearly (a lone
//   king against a man, one king up against two) get their own values; with more pieces both
//   sides' entries are the same capped one and cancel.
// - Tempo parity: in positions of men only (no king on the board), one entry per (parity of the
//   tempo count, men on the board) for the side to move. The tempo count is the rows both sides'
//   men have advanced; its parity with the side to move decides who runs out of waiting moves
//   first ("who has the move", the opposition of draughts).
//
// Colour symmetry by construction, as for the regions: each table is weighed as White's entry
// minus Black's, Black's computed on the turned board with the colours swapped, and the tempo
// entry (the same for both colours) is signed by the side to move.
#include <array>
#include <cstdint>
#include <string_view>

#include "core/bitboard.h"
#include "core/position.h"

namespace damiera {

inline constexpr int kKingSquareEntries = 32;
inline constexpr int kKingFreedomEntries = 5;
inline constexpr int kSignatureMenCap = 6;
inline constexpr int kSignatureKingsCap = 4;
inline constexpr int kSignatureEntries = (kSignatureMenCap + 1) * (kSignatureKingsCap + 1) *
                                         (kSignatureMenCap + 1) * (kSignatureKingsCap + 1);
inline constexpr int kTempoMenEntries = 25;  // men on the board, 0..24
inline constexpr int kTempoEntries = 2 * kTempoMenEntries;

// The four tables' names, in the order `eval` prints them.
enum KingTable : int {
  kTableKingSquares,
  kTableKingFreedom,
  kTableSignature,
  kTableTempo,
  kKingTableCount
};
extern const std::array<std::string_view, kKingTableCount> kKingTableNames;

struct KingFeatures {
  // Per colour (0 White, 1 Black): its kings by square on its own board (bit n - 1: a king on
  // its square n), its kings by the number of empty squares next to them, its signature entry.
  std::array<std::uint32_t, 2> kingSquares{};
  std::array<std::array<std::uint8_t, kKingFreedomEntries>, 2> freedom{};
  std::array<std::uint16_t, 2> signature{};
  // The tempo entry and its sign (+1: White to move, -1: Black), 0 when there are kings.
  std::uint8_t tempo = 0;
  std::int8_t tempoSign = 0;
};

// The signature entry of one side.
constexpr int signatureIndex(int ownMen, int ownKings, int enemyMen, int enemyKings) {
  auto capped = [](int n, int cap) { return n < cap ? n : cap; };
  return ((capped(ownMen, kSignatureMenCap) * (kSignatureKingsCap + 1) +
           capped(ownKings, kSignatureKingsCap)) *
              (kSignatureMenCap + 1) +
          capped(enemyMen, kSignatureMenCap)) *
             (kSignatureKingsCap + 1) +
         capped(enemyKings, kSignatureKingsCap);
}

namespace detail {
// Rows 0, 2, 4, 6 (square numbers 1-4, 9-12, 17-20, 25-28): a White man there has advanced an
// odd number of rows (7 - row), a Black man an even number (row).
constexpr Bitboard makeEvenRows() {
  Bitboard b = 0;
  for (int n = 1; n <= kNumSquares; ++n)
    if (((n - 1) / 4) % 2 == 0) b |= bit(squareFromNumber(n));
  return b;
}
inline constexpr Bitboard kEvenRows = makeEvenRows();
inline constexpr Bitboard kOddRows = kPlayable & ~kEvenRows;

// The features of a position with kings (eval_kings.cpp).
void addKingFeatures(KingFeatures& f, const Position& pos);
}  // namespace detail

// Inline: every leaf of the search asks, and most have no kings, which needs a few popcounts.
inline KingFeatures kingFeaturesOf(const Position& pos) {
  KingFeatures f;
  if (pos.allKings()) {
    detail::addKingFeatures(f, pos);
    return f;
  }
  const Bitboard whiteMen = pos.men(Color::White), blackMen = pos.men(Color::Black);
  const int wm = popcount(whiteMen), bm = popcount(blackMen);
  f.signature[0] = static_cast<std::uint16_t>(signatureIndex(wm, 0, bm, 0));
  f.signature[1] = static_cast<std::uint16_t>(signatureIndex(bm, 0, wm, 0));
  // The parity of the tempo count: the men that have advanced an odd number of rows.
  const int parity =
      (popcount(whiteMen & detail::kEvenRows) + popcount(blackMen & detail::kOddRows)) & 1;
  f.tempo = static_cast<std::uint8_t>(parity * kTempoMenEntries + wm + bm);
  f.tempoSign = pos.sideToMove() == Color::White ? 1 : -1;
  return f;
}

}  // namespace damiera
