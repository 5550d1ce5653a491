#pragma once
// PDN FEN with Italian numbering (R2): "W:W21,22,K14:B1-12".
#include <string>
#include <string_view>

#include "core/parsed.h"
#include "core/position.h"

namespace damiera {

inline constexpr int kMaxPiecesPerSide = 12;
inline constexpr std::string_view kStartFen =
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

// Accepts kings (K14), ranges (1-12), spaces anywhere, either colour section first, empty
// piece lists, an optional trailing '.'. Rejects with a precise message: unknown side, square
// outside 1..32, a square listed twice or for both colours, a man on its own promotion row,
// more than 12 pieces a side, anything else malformed. Every message is one line starting with
// "invalid fen: " and names the square, item or section at fault.
Parsed<Position> parseFen(std::string_view text);

// Canonical form: side, then White's then Black's squares ascending, kings prefixed, no ranges.
std::string formatFen(const Position& pos);

}  // namespace damiera
