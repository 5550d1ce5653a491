#include <algorithm>
#include <catch2/catch.hpp>

#include "egdb/index.h"
#include "egdb/material.h"
#include "egdb/resolve.h"

using namespace damiera;
using namespace damiera::egdb;

TEST_CASE("egdb index: every index of every slice up to 4 pieces round-trips", "[egdb]") {
  for (const Material& m : slicesUpTo(4)) {
    const SliceIndex index(m);
    std::uint64_t wrong = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
      const Board b = index.board(i);
      const bool legal = materialOf(b) == m && (b.white & b.black) == 0 &&
                         (b.white & ~b.kings & kRank8) == 0 &&  // R12: no man on its last row
                         (b.black & ~b.kings & kRank1) == 0 &&
                         ((b.white | b.black) & ~kPlayable) == 0;
      if (!legal || index.index(b) != i) ++wrong;
    }
    INFO(m.name());
    CHECK(wrong == 0);
  }
}

TEST_CASE("egdb index: slice sizes are the numbers of legal placements", "[egdb]") {
  std::uint64_t two = 0, three = 0;
  for (const Material& m : slicesUpTo(3)) (m.pieces() == 2 ? two : three) += SliceIndex(m).size();
  // Counted by hand: KK 32*31, KM and MK 32*28-28 each, MM 28*28-24 (White men on 5..32,
  // Black men on 1..28).
  CHECK(two == 992 + 868 + 868 + 760);
  CHECK(three == 196032);
}

TEST_CASE("egdb material: names, mirror and plan order", "[egdb]") {
  const Material m{2, 1, 1, 0};
  CHECK(m.name() == "21-10");
  CHECK(Material::parse("21-10") == m);
  CHECK_FALSE(Material::parse("21-00"));
  CHECK_FALSE(Material::parse("2110"));
  CHECK(m.mirrored() == Material{1, 0, 2, 1});
  CHECK(turnBoard(bit(squareFromNumber(1))) == bit(squareFromNumber(32)));
  CHECK(turnBoard(bit(squareFromNumber(14))) == bit(squareFromNumber(19)));
  // Every dependency of a pair comes earlier in the plan.
  const std::vector<Material> order = buildOrder(5);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const Material& d : dependencies(order[i])) {
      const auto at = std::find(order.begin(), order.end(), d);
      REQUIRE(at != order.end());
      REQUIRE(at < order.begin() + static_cast<long>(i));
    }
}
