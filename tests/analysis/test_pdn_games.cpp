// A PDN text cut into games, each read on its own (src/analysis/pdn_games.h).
#include <catch2/catch.hpp>

#include "analysis/pdn_games.h"

using namespace damiera;
using namespace damiera::analysis;

namespace {
constexpr const char* kThreeGames = R"([Event "one"]
[White "Rossi"]
[Black "Bianchi"]

1. 22-18 11-14 2. 18x11 {a comment
[with a bracket at a line's start]} 7x14 1-0

[Event "two"]
[White "Verdi"]
[Black "Neri"]

1. 22-18 11-14 2. 18-13 * 

[Event "three"]
[White "Gialli"]
[Black "Blu"]

1. 21-17 12-16 1/2-1/2
)";
}  // namespace

TEST_CASE("games are split at their tags, each read on its own", "[analysis]") {
  const std::vector<PdnEntry> games = splitPdn(kThreeGames);
  REQUIRE(games.size() == 3);
  CHECK(games[0].error.empty());
  CHECK(games[0].game.moves.size() == 4);  // the comment's bracket starts no game
  CHECK(games[0].firstLine == 1);
  CHECK(games[2].error.empty());
  CHECK(games[2].game.tag("White") == "Gialli");
  CHECK(games[2].game.result == "1/2-1/2");
  CHECK(games[2].number == 3);
}

TEST_CASE("a malformed game is named with its move, the others still read", "[analysis]") {
  const std::vector<PdnEntry> games = splitPdn(kThreeGames);
  REQUIRE(games.size() == 3);
  const PdnEntry& bad = games[1];
  INFO(bad.error);
  CHECK(bad.name() == "game 2 (Verdi - Neri, line 8)");
  // White's second move, 18-13, is not legal: the error names it and its line in the whole text.
  CHECK(bad.error.find("line 12") == 0);
  CHECK(bad.error.find("move 2. '18-13'") != std::string::npos);
}

TEST_CASE("games without tags between them are each a game", "[analysis]") {
  const std::vector<PdnEntry> games = splitPdn("1. 22-18 11-14 1-0\n1. 21-17 * \n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].game.moves.size() == 2);
  CHECK(games[1].game.moves.size() == 1);
  CHECK(games[1].number == 2);
}
