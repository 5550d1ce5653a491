#pragma once
// Zobrist keys: one random 64-bit number per (colour, man/king, square) and one for the side
// to move, fixed at compile time so keys are the same in every run (bench, tests, TT).
#include <array>
#include <cstdint>

#include "core/square.h"

namespace damiera::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
// Index: colour * 2 + isKing.
constexpr std::array<std::array<std::uint64_t, kLayoutBits>, 4> makePieceKeys() {
  std::array<std::array<std::uint64_t, kLayoutBits>, 4> keys{};
  std::uint64_t state = 0x44616D6965726131ULL;  // "Damiera1"
  for (auto& table : keys)
    for (auto& key : table) key = splitmix64(state);
  return keys;
}
}  // namespace detail

inline constexpr auto kPieceKeys = detail::makePieceKeys();
inline constexpr std::uint64_t kBlackToMove = 0x9D39247E33776D41ULL;

constexpr std::uint64_t piece(int colour, bool king, Square sq) {
  return kPieceKeys[colour * 2 + (king ? 1 : 0)][sq];
}

}  // namespace damiera::zobrist
