#pragma once
// The two sides (R3: White moves first, toward rank 8).
#include <cstdint>

namespace damiera {

enum class Color : std::uint8_t { White = 0, Black = 1 };

constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }

}  // namespace damiera
