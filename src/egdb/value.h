#pragma once
// What the database knows of a position, and how one position's value is stored in a byte.
//
// Values are for the side to move, computed under R4..R13 with no R14/R15 limits. The distance
// is distance to conversion (DTC): plies until the next capture or man move (the events that
// reset R15's count), with the winner converting as soon as it can and the loser as late as it
// can; after the conversion the game is again won (for the winner) from a fresh count.
// A win with distance d survives R15 when the no-progress count c before it satisfies
// c + d <= limit (the converting ply is the d-th).
#include <cstdint>
#include <string>

namespace damiera::egdb {

enum class Wdl : std::uint8_t { Loss = 0, Draw = 1, Win = 2 };

struct Value {
  Wdl wdl = Wdl::Draw;
  int distance = 0;  // DTC in plies; 0 for draws and for a loss with no move left (R13)

  friend bool operator==(const Value&, const Value&) = default;
};

// The value of the position after a move, seen by the side that made the move.
inline Value fromMover(const Value& child) {
  switch (child.wdl) {
    case Wdl::Win:
      return {Wdl::Loss, child.distance};
    case Wdl::Loss:
      return {Wdl::Win, child.distance};
    case Wdl::Draw:
      break;
  }
  return {};
}

std::string describe(const Value& v);  // "win 7", "loss 0", "draw"

// Stored byte: 0 the side to move must capture (left to the probe, which plays the captures),
// 1 draw, 2..128 win in 1..127, 129..255 loss in 0..126.
inline constexpr std::uint8_t kCaptureCode = 0;
inline constexpr std::uint8_t kDrawCode = 1;
inline constexpr int kMaxWinDistance = 127;
inline constexpr int kMaxLossDistance = 126;

inline std::uint8_t encode(const Value& v) {
  switch (v.wdl) {
    case Wdl::Win:
      return static_cast<std::uint8_t>(1 + v.distance);
    case Wdl::Loss:
      return static_cast<std::uint8_t>(129 + v.distance);
    case Wdl::Draw:
      break;
  }
  return kDrawCode;
}
inline Value decode(std::uint8_t code) {
  if (code <= kDrawCode) return {};
  if (code <= 128) return {Wdl::Win, code - 1};
  return {Wdl::Loss, code - 129};
}

}  // namespace damiera::egdb
