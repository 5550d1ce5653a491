#include "egdb/material.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace damiera::egdb {

std::string Material::name() const {
  return std::to_string(whiteMen) + std::to_string(whiteKings) + "-" + std::to_string(blackMen) +
         std::to_string(blackKings);
}

std::optional<Material> Material::parse(std::string_view name) {
  if (name.size() != 5 || name[2] != '-') return std::nullopt;
  int digits[4];
  const int positions[4] = {0, 1, 3, 4};
  for (int i = 0; i < 4; ++i) {
    const char c = name[positions[i]];
    if (c < '0' || c > '9') return std::nullopt;
    digits[i] = c - '0';
  }
  Material m{digits[0], digits[1], digits[2], digits[3]};
  if (m.white() < 1 || m.black() < 1 || m.white() > 12 || m.black() > 12) return std::nullopt;
  return m;
}

std::vector<Material> slicesUpTo(int maxPieces) {
  std::vector<Material> out;
  for (int wm = 0; wm <= 9; ++wm)
    for (int wk = 0; wk + wm <= 9; ++wk)
      for (int bm = 0; bm <= 9; ++bm)
        for (int bk = 0; bk + bm <= 9; ++bk) {
          const Material m{wm, wk, bm, bk};
          if (m.white() >= 1 && m.black() >= 1 && m.pieces() <= maxPieces) out.push_back(m);
        }
  return out;
}

std::vector<Material> buildOrder(int maxPieces) {
  std::vector<Material> pairs;
  for (const Material& m : slicesUpTo(maxPieces))
    if (m == m.canonical()) pairs.push_back(m);
  std::stable_sort(pairs.begin(), pairs.end(), [](const Material& a, const Material& b) {
    if (a.pieces() != b.pieces()) return a.pieces() < b.pieces();
    return a.men() < b.men();
  });
  return pairs;
}

namespace {
// What a capture by White (to move) in `m` can lead to: lose x black men and y black kings; the
// capturing man may be crowned on the last square (R12).
void addCaptureResults(const Material& m, std::set<Material>& out) {
  for (int x = 0; x <= m.blackMen; ++x)
    for (int y = 0; y <= m.blackKings; ++y) {
      if (x + y == 0) continue;
      Material after{m.whiteMen, m.whiteKings, m.blackMen - x, m.blackKings - y};
      if (after.black() >= 1) out.insert(after.canonical());
      if (m.whiteMen >= 1) {
        Material crowned{after.whiteMen - 1, after.whiteKings + 1, after.blackMen,
                         after.blackKings};
        if (crowned.black() >= 1) out.insert(crowned.canonical());
      }
    }
}
}  // namespace

std::vector<Material> dependencies(const Material& m) {
  std::set<Material> out;
  for (const Material& side : {m, m.mirrored()}) {  // White to move, then Black to move
    addCaptureResults(side, out);
    if (side.whiteMen >= 1)
      out.insert(Material{side.whiteMen - 1, side.whiteKings + 1, side.blackMen, side.blackKings}
                     .canonical());
  }
  out.erase(m.canonical());
  return {out.begin(), out.end()};
}

std::vector<Material> dependencyClosure(const Material& m) {
  std::set<Material> seen;
  std::vector<Material> todo = dependencies(m);
  while (!todo.empty()) {
    const Material next = todo.back();
    todo.pop_back();
    if (!seen.insert(next).second) continue;
    for (const Material& d : dependencies(next)) todo.push_back(d);
  }
  return {seen.begin(), seen.end()};
}

}  // namespace damiera::egdb
