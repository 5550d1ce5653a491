#pragma once
// One training record: a position from a self-play game with the search's score and the game's
// result, both from the side to move's view. The on-disk form is fixed at 24 little-endian
// bytes (docs/selfplay.md); encode/decode are the only way in and out, so the in-memory struct
// may be laid out however the compiler likes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/position.h"

namespace damiera::train {

// Square sets in the records use Italian square numbers (R2): bit n-1 is square n. The core's
// ghost layout needs 36 bits; this one fits a uint32 and is what a trainer in any language
// can read without knowing the engine's internals.
using SquareSet = std::uint32_t;

SquareSet toSquareSet(Bitboard ghostLayout);
Bitboard toBitboard(SquareSet squares);

// flags
inline constexpr std::uint8_t kQuiet = 1u << 0;        // the side to move has no capture (R6)
inline constexpr std::uint8_t kScoreForced = 1u << 1;  // score from a database or a found win
// The game's result was decided by adjudication, not played out (docs/selfplay.md).
inline constexpr std::uint8_t kAdjudicated = 1u << 2;
// The first record of a game: a file holds whole games, one after the other, so this is what
// splits it into games (for checks, or to keep a game's positions on one side of a split).
inline constexpr std::uint8_t kGameStart = 1u << 3;
inline constexpr std::uint8_t kKnownFlags = kQuiet | kScoreForced | kAdjudicated | kGameStart;

inline constexpr int kMaxStoredScore = 32767;  // scores are clamped into int16
inline constexpr int kMaxStoredPly = 255;      // plies beyond are stored as 255

struct Sample {
  SquareSet whiteMen = 0;
  SquareSet whiteKings = 0;
  SquareSet blackMen = 0;
  SquareSet blackKings = 0;
  Color sideToMove = Color::White;
  std::uint8_t flags = 0;
  std::int16_t score = 0;  // hundredths of a man, side to move's view, clamped
  std::int8_t result = 0;  // +1 win, 0 draw, -1 loss, side to move's view
  std::uint8_t ply = 0;    // plies played in the game before this position, capped at kMaxStoredPly

  friend bool operator==(const Sample&, const Sample&) = default;
};

inline constexpr std::size_t kRecordSize = 24;
using Record = std::array<std::uint8_t, kRecordSize>;

// Byte offsets in a record (docs/selfplay.md keeps the same table).
namespace offset {
inline constexpr std::size_t kWhiteMen = 0;
inline constexpr std::size_t kWhiteKings = 4;
inline constexpr std::size_t kBlackMen = 8;
inline constexpr std::size_t kBlackKings = 12;
inline constexpr std::size_t kSideToMove = 16;
inline constexpr std::size_t kFlags = 17;
inline constexpr std::size_t kScore = 18;
inline constexpr std::size_t kResult = 20;
inline constexpr std::size_t kPly = 21;
inline constexpr std::size_t kReserved = 22;  // two zero bytes
}  // namespace offset
static_assert(offset::kReserved + 2 == kRecordSize && sizeof(Record) == 24,
              "the record is exactly 24 bytes");
static_assert(sizeof(Sample) == kRecordSize, "the struct holds what the record holds");

Record encode(const Sample& s);
// Decodes without judging the contents; validate() does that.
Sample decode(const Record& r);

// Builds a record from a game position; the caller fills score, result and the score flag.
// Sets kQuiet from the position (R6) and the ply (capped).
Sample sampleOf(const Position& pos, int ply);

// Empty when `s` is a position the game can reach: no square used twice, no man on its own
// promotion row (R12), at most 12 pieces a side, result in -1..1, no unknown flags, kQuiet
// equal to "the side to move has no capture". Otherwise what is wrong, in one line.
std::string validate(const Sample& s);

// The core position of a sample (assumes validate(s) is empty). Its Zobrist key is set.
Position positionOf(const Sample& s);

}  // namespace damiera::train
