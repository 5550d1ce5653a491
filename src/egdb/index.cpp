#include "egdb/index.h"

#include <cassert>

namespace damiera::egdb {

namespace {
struct BinomialTable {
  std::uint64_t c[33][13]{};
  BinomialTable() {
    for (int n = 0; n <= 32; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= 12 && k <= n; ++k)
        c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
const BinomialTable kBinomials;

constexpr Bitboard kWhiteRank1 = kRank1;                       // squares 29..32
constexpr Bitboard kWhiteMiddle = kWhiteManSquares & ~kRank1;  // squares 5..28

// Rank of the subset `set` of `universe` in the combinatorial number system.
inline std::uint64_t rankSubset(Bitboard set, Bitboard universe) {
  std::uint64_t index = 0;
  int i = 1;
  for (; set; set = withoutLowest(set), ++i) {
    const int r = popcount(universe & (bit(lowestSquare(set)) - 1));
    index += kBinomials.c[r][i];
  }
  return index;
}

// The square of the r-th (0-based) member of `universe`.
inline Square selectSquare(Bitboard universe, int r) {
  // Skip whole bytes by popcount, then bits.
  int base = 0;
  for (;;) {
    const int inByte = popcount(universe & 0xFF);
    if (r < inByte) break;
    r -= inByte;
    universe >>= 8;
    base += 8;
  }
  for (; r; --r) universe = withoutLowest(universe);
  return static_cast<Square>(base + lowestSquare(universe));
}

inline Bitboard unrankSubset(std::uint64_t index, int k, Bitboard universe) {
  Bitboard set = 0;
  int r = popcount(universe) - 1;
  for (int i = k; i >= 1; --i) {
    while (kBinomials.c[r][i] > index) --r;
    index -= kBinomials.c[r][i];
    set |= bit(selectSquare(universe, r));
    --r;
  }
  assert(index == 0);
  return set;
}
}  // namespace

std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n || k > 12) return 0;
  return kBinomials.c[n][k];
}

SliceIndex::SliceIndex(const Material& m) : material_(m) {
  std::uint64_t offset = 0;
  for (int g = 0; g <= 4; ++g) {
    groupOffset_[g] = offset;
    const int middle = m.whiteMen - g;
    if (middle < 0) continue;
    offset += binomial(4, g) * binomial(24, middle) * binomial(28 - middle, m.blackMen);
  }
  groupOffset_[5] = offset;
  menConfigurations_ = offset;
  const int free = 32 - m.men();
  blackKingPlacements_ = binomial(free - m.whiteKings, m.blackKings);
  kingPlacements_ = binomial(free, m.whiteKings) * blackKingPlacements_;
}

std::uint64_t SliceIndex::menIndex(Bitboard whiteMen, Bitboard blackMen) const {
  const int g = popcount(whiteMen & kWhiteRank1);
  const int middle = material_.whiteMen - g;
  const std::uint64_t white =
      rankSubset(whiteMen & kWhiteRank1, kWhiteRank1) * binomial(24, middle) +
      rankSubset(whiteMen & kWhiteMiddle, kWhiteMiddle);
  const std::uint64_t black = rankSubset(blackMen, kBlackManSquares & ~whiteMen);
  return groupOffset_[g] + white * binomial(28 - middle, material_.blackMen) + black;
}

void SliceIndex::menPlacement(std::uint64_t menIndex, Bitboard& whiteMen,
                              Bitboard& blackMen) const {
  int g = 0;
  while (groupOffset_[g + 1] <= menIndex) ++g;
  menIndex -= groupOffset_[g];
  const int middle = material_.whiteMen - g;
  const std::uint64_t blackCount = binomial(28 - middle, material_.blackMen);
  const std::uint64_t white = menIndex / blackCount;
  const std::uint64_t middleCount = binomial(24, middle);
  whiteMen = unrankSubset(white / middleCount, g, kWhiteRank1) |
             unrankSubset(white % middleCount, middle, kWhiteMiddle);
  blackMen = unrankSubset(menIndex % blackCount, material_.blackMen, kBlackManSquares & ~whiteMen);
}

std::uint64_t SliceIndex::kingIndex(Bitboard free, Bitboard whiteKings, Bitboard blackKings) const {
  return rankSubset(whiteKings, free) * blackKingPlacements_ +
         rankSubset(blackKings, free & ~whiteKings);
}

void SliceIndex::kingPlacement(std::uint64_t kingIndex, Bitboard free, Bitboard& whiteKings,
                               Bitboard& blackKings) const {
  whiteKings = unrankSubset(kingIndex / blackKingPlacements_, material_.whiteKings, free);
  blackKings =
      unrankSubset(kingIndex % blackKingPlacements_, material_.blackKings, free & ~whiteKings);
}

std::uint64_t SliceIndex::index(const Board& b) const {
  const Bitboard whiteMen = b.white & ~b.kings;
  const Bitboard blackMen = b.black & ~b.kings;
  const Bitboard free = kPlayable & ~(whiteMen | blackMen);
  return menIndex(whiteMen, blackMen) * kingPlacements_ +
         kingIndex(free, b.white & b.kings, b.black & b.kings);
}

Board SliceIndex::board(std::uint64_t index) const {
  Bitboard whiteMen, blackMen, whiteKings, blackKings;
  menPlacement(index / kingPlacements_, whiteMen, blackMen);
  kingPlacement(index % kingPlacements_, kPlayable & ~(whiteMen | blackMen), whiteKings,
                blackKings);
  return {whiteMen | whiteKings, blackMen | blackKings, whiteKings | blackKings};
}

}  // namespace damiera::egdb
