#include "train/sample.h"

#include <algorithm>
#include <cassert>

#include "core/fen.h"
#include "core/movegen.h"

namespace damiera::train {

namespace {

// Square.h: rows 2p and 2p+1 occupy bits 9p..9p+3 and 9p+5..9p+8 (bit 9p+4 is a ghost); in a
// SquareSet the same eight squares are bits 8p..8p+7.
constexpr int kRowPairs = 4;

void putLittleEndian(Record& r, std::size_t at, std::uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) r[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint32_t getLittleEndian(const Record& r, std::size_t at, int bytes) {
  std::uint32_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= static_cast<std::uint32_t>(r[at + i]) << (8 * i);
  return value;
}

}  // namespace

SquareSet toSquareSet(Bitboard b) {
  assert((b & ~kPlayable) == 0);
  SquareSet out = 0;
  for (int p = 0; p < kRowPairs; ++p) {
    out |= static_cast<SquareSet>((b >> (9 * p)) & 0xF) << (8 * p);
    out |= static_cast<SquareSet>((b >> (9 * p + 5)) & 0xF) << (8 * p + 4);
  }
  return out;
}

Bitboard toBitboard(SquareSet s) {
  Bitboard out = 0;
  for (int p = 0; p < kRowPairs; ++p) {
    out |= static_cast<Bitboard>((s >> (8 * p)) & 0xF) << (9 * p);
    out |= static_cast<Bitboard>((s >> (8 * p + 4)) & 0xF) << (9 * p + 5);
  }
  assert((out & ~kPlayable) == 0);
  return out;
}

Record encode(const Sample& s) {
  Record r{};
  putLittleEndian(r, offset::kWhiteMen, s.whiteMen, 4);
  putLittleEndian(r, offset::kWhiteKings, s.whiteKings, 4);
  putLittleEndian(r, offset::kBlackMen, s.blackMen, 4);
  putLittleEndian(r, offset::kBlackKings, s.blackKings, 4);
  r[offset::kSideToMove] = static_cast<std::uint8_t>(s.sideToMove);
  r[offset::kFlags] = s.flags;
  putLittleEndian(r, offset::kScore, static_cast<std::uint16_t>(s.score), 2);
  r[offset::kResult] = static_cast<std::uint8_t>(s.result);
  r[offset::kPly] = s.ply;
  return r;  // the reserved bytes stay zero
}

Sample decode(const Record& r) {
  Sample s;
  s.whiteMen = getLittleEndian(r, offset::kWhiteMen, 4);
  s.whiteKings = getLittleEndian(r, offset::kWhiteKings, 4);
  s.blackMen = getLittleEndian(r, offset::kBlackMen, 4);
  s.blackKings = getLittleEndian(r, offset::kBlackKings, 4);
  s.sideToMove = static_cast<Color>(r[offset::kSideToMove]);
  s.flags = r[offset::kFlags];
  s.score = static_cast<std::int16_t>(getLittleEndian(r, offset::kScore, 2));
  s.result = static_cast<std::int8_t>(r[offset::kResult]);
  s.ply = r[offset::kPly];
  return s;
}

Sample sampleOf(const Position& pos, int ply) {
  Sample s;
  s.whiteMen = toSquareSet(pos.men(Color::White));
  s.whiteKings = toSquareSet(pos.kings(Color::White));
  s.blackMen = toSquareSet(pos.men(Color::Black));
  s.blackKings = toSquareSet(pos.kings(Color::Black));
  s.sideToMove = pos.sideToMove();
  s.flags = hasCapture(pos) ? 0 : kQuiet;
  s.ply = static_cast<std::uint8_t>(std::clamp(ply, 0, kMaxStoredPly));
  return s;
}

std::string validate(const Sample& s) {
  const SquareSet sets[] = {s.whiteMen, s.whiteKings, s.blackMen, s.blackKings};
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (sets[i] & sets[j]) return "a square holds two pieces";
  if (static_cast<std::uint8_t>(s.sideToMove) > 1) return "side to move is neither 0 nor 1";
  if (s.flags & ~kKnownFlags) return "unknown flag bits";
  if (s.result < -1 || s.result > 1) return "result outside -1..1";
  // R12: a man on its own last row would have been crowned.
  if (toBitboard(s.whiteMen) & promotionRow(Color::White)) return "a white man on rank 8";
  if (toBitboard(s.blackMen) & promotionRow(Color::Black)) return "a black man on rank 1";
  if (__builtin_popcount(s.whiteMen | s.whiteKings) > kMaxPiecesPerSide ||
      __builtin_popcount(s.blackMen | s.blackKings) > kMaxPiecesPerSide)
    return "more than 12 pieces a side";
  const bool quiet = !hasCapture(positionOf(s));
  if (quiet != ((s.flags & kQuiet) != 0)) return "quiet flag disagrees with the position (R6)";
  return {};
}

Position positionOf(const Sample& s) {
  Position pos;
  const auto place = [&pos](SquareSet set, Color c, bool king) {
    for (Bitboard b = toBitboard(set); b; b = withoutLowest(b)) pos.put(lowestSquare(b), c, king);
  };
  place(s.whiteMen, Color::White, false);
  place(s.whiteKings, Color::White, true);
  place(s.blackMen, Color::Black, false);
  place(s.blackKings, Color::Black, true);
  pos.setSideToMove(s.sideToMove);
  return pos;
}

}  // namespace damiera::train
