#pragma once
// A material slice of the endgame database: how many men and kings each side has. Positions are
// stored with White to move only; Black to move is the colour-mirrored position of the mirrored
// slice (board turned 180 degrees, colours swapped: the rules R4..R12 and P1..P4 are symmetric
// under it), so a slice and its mirror are built together as one pair.
#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera::egdb {

struct Material {
  int whiteMen = 0;
  int whiteKings = 0;
  int blackMen = 0;
  int blackKings = 0;

  int white() const { return whiteMen + whiteKings; }
  int black() const { return blackMen + blackKings; }
  int pieces() const { return white() + black(); }
  int men() const { return whiteMen + blackMen; }
  Material mirrored() const { return {blackMen, blackKings, whiteMen, whiteKings}; }
  bool isSymmetric() const { return mirrored() == *this; }
  // The member of {this, mirrored()} that names the pair (plan, --slice).
  Material canonical() const { return std::min(*this, mirrored()); }

  // "21-10": White 2 men 1 king, Black 1 man 0 kings.
  std::string name() const;
  static std::optional<Material> parse(std::string_view name);
  // A small number naming the slice, for tables indexed by slice: below 10,000 while no kind
  // of piece counts more than 9 (a database has at most 8 pieces).
  int key() const { return ((whiteMen * 10 + whiteKings) * 10 + blackMen) * 10 + blackKings; }

  friend auto operator<=>(const Material&, const Material&) = default;
};

// Every slice with 1..12 pieces a side and pieces() <= maxPieces, men counts within 12 a side.
std::vector<Material> slicesUpTo(int maxPieces);

// The pairs (by canonical member) in build order: fewer pieces first, then fewer men (a
// promotion turns a man into a king, so it leads to a slice with fewer men).
std::vector<Material> buildOrder(int maxPieces);

// The canonical pairs whose values the pair of `m` reads: the results of every capture (fewer
// pieces, a capturing man may promote, R12) and of every promotion, of either side to move.
// A superset of what is reachable; slices where a side has no piece are not slices (R13).
std::vector<Material> dependencies(const Material& m);

// Every canonical pair that building `m` may read, directly or through resolving captures.
std::vector<Material> dependencyClosure(const Material& m);

}  // namespace damiera::egdb
