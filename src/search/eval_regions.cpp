#include "search/eval_regions.h"

namespace damiera {

// Row offset 0 is rank 8 (Black's side, "north" as White sees the board), file offset 0 is
// the a-file ("west").
const std::array<std::string_view, kRegionCount> kRegionNames = {
    "pattern north-west", "pattern north",  "pattern north-east",
    "pattern west",       "pattern centre", "pattern east",
    "pattern south-west", "pattern south",  "pattern south-east"};

namespace {

// The ghost layout (square.h) keeps each row's four squares in consecutive bits, and a 4x4
// box at an even file offset holds the same two columns (of four) in every row: columns f and
// f+1 for the box at file offset 2f. So a region's 8 squares, in ascending square number, are
// two squares of each of its four rows, and its index is a sum over those rows of what each
// row's two squares add: sum of 3^(2i + j) * (1 own man, 2 enemy man) for square j of row i.
// Each row is read once as a byte (own men in the low four bits, enemy men in the high four)
// and tables give each row's part for every box: this ran at every leaf before the search kept
// the indices up to date, and still runs for every position evaluate(pos) and the trainer get.
constexpr int rowBase(int row) { return 9 * (row / 2) + (row & 1 ? 5 : 0); }

inline constexpr int kRows = 8;
inline constexpr int kBoxRows = 4;
inline constexpr int kBoxColumns = 3;  // file offsets 0, 2, 4: first columns 0, 1, 2

// kRowPart[i][rowByte][f]: what a row standing i-th in a box adds to the index of the box at
// column f.
using RowParts = std::array<std::array<std::array<std::uint16_t, kBoxColumns>, 256>, kBoxRows>;
constexpr RowParts makeRowParts() {
  RowParts parts{};
  for (int i = 0; i < kBoxRows; ++i)
    for (int byte = 0; byte < 256; ++byte)
      for (int f = 0; f < kBoxColumns; ++f) {
        int value = 0;
        for (int j = 0; j < 2; ++j) {
          int power = 1;
          for (int k = 0; k < 2 * i + j; ++k) power *= 3;
          if (byte >> (f + j) & 1) value += power;
          if (byte >> (4 + f + j) & 1) value += 2 * power;
        }
        parts[i][byte][f] = static_cast<std::uint16_t>(value);
      }
  return parts;
}
constexpr RowParts kRowPart = makeRowParts();

// A half turn of the board (square n -> 33 - n, R2) maps row r to row 7 - r and reverses the
// order of the squares within it; seen from Black, own and enemy also swap. So Black's row byte
// of row r is White's row byte of row 7 - r with both nibbles reversed and exchanged.
constexpr std::array<std::uint8_t, 256> makeBlackView() {
  std::array<std::uint8_t, 256> table{};
  auto reverse4 = [](int n) { return (n & 1) << 3 | (n & 2) << 1 | (n & 4) >> 1 | (n & 8) >> 3; };
  for (int byte = 0; byte < 256; ++byte)
    table[byte] = static_cast<std::uint8_t>(reverse4(byte >> 4) | reverse4(byte & 15) << 4);
  return table;
}
constexpr auto kBlackView = makeBlackView();

constexpr void boxIndices(const std::array<std::uint8_t, kRows>& rows, RegionIndices& out,
                          int first) {
  for (int r = 0; r < 3; ++r)
    for (int f = 0; f < kBoxColumns; ++f)
      out.slots[first + 3 * r + f] = static_cast<std::uint16_t>(
          kRowPart[0][rows[2 * r]][f] + kRowPart[1][rows[2 * r + 1]][f] +
          kRowPart[2][rows[2 * r + 2]][f] + kRowPart[3][rows[2 * r + 3]][f]);
}

constexpr RegionIndices indicesOf(Bitboard whiteMen, Bitboard blackMen) {
  std::array<std::uint8_t, kRows> white{}, black{};
  for (int row = 0; row < kRows; ++row) {
    const int base = rowBase(row);
    white[row] = static_cast<std::uint8_t>((whiteMen >> base & 15) | (blackMen >> base & 15) << 4);
  }
  for (int row = 0; row < kRows; ++row) black[row] = kBlackView[white[kRows - 1 - row]];
  RegionIndices out;
  boxIndices(white, out, 0);
  boxIndices(black, out, RegionIndices::kBlackFirst);
  return out;
}

constexpr std::array<std::array<RegionIndices, kLayoutBits>, 2> makeManShares() {
  std::array<std::array<RegionIndices, kLayoutBits>, 2> shares{};
  for (int n = 1; n <= kNumSquares; ++n) {
    const Square sq = squareFromNumber(n);
    shares[0][sq] = indicesOf(bit(sq), 0);
    shares[1][sq] = indicesOf(0, bit(sq));
  }
  return shares;
}

}  // namespace

const std::array<std::array<RegionIndices, kLayoutBits>, 2> kManShares = makeManShares();

RegionIndices regionIndicesOf(Bitboard whiteMen, Bitboard blackMen) {
  return indicesOf(whiteMen, blackMen);
}

}  // namespace damiera
