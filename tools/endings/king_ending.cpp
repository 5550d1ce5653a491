#include "tools/endings/king_ending.h"

#include <cassert>

#include "core/movegen.h"
#include "core/square.h"

namespace damiera::endings {

namespace {

struct Material {
  int pieces = 0;
  int kings = 0;
};

Material materialOf(const Position& pos, Color side) {
  return {popcount(pos.pieces(side)), popcount(pos.kings(side))};
}

// Whether `ahead` is slightly better than `behind`.
bool slightlyBetter(Material ahead, Material behind) {
  const int pieces = ahead.pieces - behind.pieces;
  const int kings = ahead.kings - behind.kings;
  return (pieces == 1 && kings >= 0) || (pieces == 0 && kings == 1);
}

}  // namespace

std::optional<KingEnding> classify(const Position& pos, PieceRange range) {
  assert(range.fewest <= range.most);
  const Material white = materialOf(pos, Color::White);
  const Material black = materialOf(pos, Color::Black);
  const int pieces = white.pieces + black.pieces;
  if (pieces < range.fewest || pieces > range.most) return std::nullopt;
  if (white.kings == 0 || black.kings == 0) return std::nullopt;
  if (hasCapture(pos, Color::White) || hasCapture(pos, Color::Black)) return std::nullopt;
  KingEnding ending;
  ending.pieces = pieces;
  if (white.pieces == black.pieces && white.kings == black.kings) return ending;
  ending.balance = KingEnding::Balance::Better;
  if (slightlyBetter(white, black)) {
    ending.better = Color::White;
    return ending;
  }
  if (slightlyBetter(black, white)) {
    ending.better = Color::Black;
    return ending;
  }
  return std::nullopt;  // one side clearly ahead: a win to convert, not this work's endings
}

std::string describe(const KingEnding& ending) {
  if (ending.balance == KingEnding::Balance::Level) return "level";
  return ending.better == Color::White ? "White better" : "Black better";
}

}  // namespace damiera::endings
