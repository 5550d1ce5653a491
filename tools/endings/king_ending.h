#pragma once
// The endings the generation 4 work is about (issue 44, docs/endings.md): few pieces, kings on
// both sides, material level or one side slightly better, nobody in the middle of an exchange.
// Games the engine draws today end in such positions; these are where it must learn to convert.
#include <optional>
#include <string>

#include "core/color.h"
#include "core/position.h"

namespace damiera::endings {

struct PieceRange {
  int fewest = 6;
  int most = 9;
};

struct KingEnding {
  enum class Balance { Level, Better };
  Balance balance = Balance::Level;
  Color better = Color::White;  // Better only: the side ahead
  int pieces = 0;
};

// `pos` as a king ending, or nothing: its pieces within `range`, at least one king each, no
// capture for either side (a quiet position, not half an exchange), and the material level
// (the same men and kings each) or slightly better for one side (one piece more and no fewer
// kings, or the same pieces and one king more: a man crowned that the other has not).
std::optional<KingEnding> classify(const Position& pos, PieceRange range);

// "level" or "White better" / "Black better".
std::string describe(const KingEnding& ending);

}  // namespace damiera::endings
