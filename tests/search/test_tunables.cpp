// The search's tunables (search/tunables.h): their text form, its errors, and that the
// defaults are the search's own constants while other values change the search.
#include <catch2/catch.hpp>

#include "core/game.h"
#include "search/timeman.h"
#include "search/tunables.h"
#include "tests/search/test_util.h"

using namespace damiera;

TEST_CASE("Tunables: empty text is the defaults, and the text form round-trips", "[search][tune]") {
  CHECK(parseSearchTunables("").tunables == SearchTunables{});
  const std::string all = formatSearchTunables(SearchTunables{});
  CHECK(parseSearchTunables(all).tunables == SearchTunables{});
  SearchTunables changed;
  changed.aspirationDelta = 33;
  changed.hardOverSoftPercent = 250;
  CHECK(parseSearchTunables(formatSearchTunables(changed)).tunables == changed);
  CHECK(parseSearchTunables("aspirationDelta=33,hardOverSoftPercent=250").tunables == changed);
}

TEST_CASE("Tunables: every default lies in its range, and the names are distinct",
          "[search][tune]") {
  const SearchTunables defaults;
  const auto& table = tunableDeclarations();
  for (std::size_t i = 0; i < table.size(); ++i) {
    INFO(table[i].name);
    CHECK(table[i].min <= defaults.*(table[i].field));
    CHECK(defaults.*(table[i].field) <= table[i].max);
    CHECK(table[i].spsaStep > 0);
    for (std::size_t j = 0; j < i; ++j) CHECK(table[i].name != table[j].name);
  }
  // Every field of SearchTunables is declared (a new field needs a row).
  CHECK(table.size() * sizeof(int) == sizeof(SearchTunables));
}

TEST_CASE("Tunables: bad text is refused with the reason", "[search][tune]") {
  const auto refused = [](std::string_view text) {
    const ParsedTunables parsed = parseSearchTunables(text);
    CHECK(parsed.tunables == SearchTunables{});  // nothing half-applied
    return parsed ? std::string("accepted") : parsed.error;
  };
  CHECK(refused("nosuch=1") == "no tunable 'nosuch'");
  CHECK(refused("rfpMaxDepth=99") == "rfpMaxDepth must be 0..8, got 99");
  CHECK(refused("rfpMaxDepth=3x") == "rfpMaxDepth: '3x' is not an integer");
  CHECK(refused("rfpMaxDepth") == "'rfpMaxDepth' is not name=value");
  CHECK(refused("rfpMaxDepth=2,rfpMaxDepth=3") == "rfpMaxDepth given twice");
}

TEST_CASE("Tunables: the budget keeps its guarantees at every range end", "[search][tune][time]") {
  for (const TunableDeclaration& declaration : tunableDeclarations())
    for (const int value : {declaration.min, declaration.max}) {
      SearchTunables tunables;
      tunables.*(declaration.field) = value;
      for (std::int64_t time : {0, 50, 1000, 60000})
        for (int movesToGo : {0, 1, 40}) {
          SearchLimits limits;
          limits.timeMs[0] = time;
          limits.incrementMs[0] = 100;
          limits.movesToGo = movesToGo;
          const TimeBudget budget = computeTimeBudget(limits, Color::White, 30, false, tunables);
          INFO(declaration.name << "=" << value << " time " << time << " mtg " << movesToGo);
          CHECK(budget.softMs >= kMinimumThinkMs);
          CHECK(budget.softMs <= budget.hardMs);
          CHECK(budget.hardMs <= std::max<std::int64_t>(kMinimumThinkMs, time - 30));
        }
    }
}

// (That the defaults are the search's constants, node for node, is bench's signature: bench 5
// searches the same nodes with default SearchOptions as before the constants were tunable.)
TEST_CASE("Tunables: other values change the tree", "[search][tune]") {
  const Game game;
  const auto nodes = [&](const SearchTunables& tunables) {
    SearchOptions options;
    options.tunables = tunables;
    const test::Collected out = test::searchPosition(game, test::depthLimit(9), options);
    REQUIRE(out.result.bestMove);
    return out.infos.back().nodes;
  };
  const auto standard = nodes(SearchTunables{});
  CHECK(nodes(parseSearchTunables("lmrBasePercent=120").tunables) != standard);
  CHECK(nodes(parseSearchTunables("rfpMarginPerPly=30").tunables) != standard);
}
