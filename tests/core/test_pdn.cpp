// PDN games: reading (tags, move text, comments, results, FEN set-ups), replaying with the
// rules, precise rejections, and writing what the reader reads back.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pdn.h"

using namespace damiera;

namespace {

std::vector<PdnGame> readOk(std::string_view text) {
  Parsed<std::vector<PdnGame>> games = readPdn(text);
  INFO("error: " << games.error);
  REQUIRE(games);
  return std::move(*games.value);
}

std::string readError(std::string_view text) {
  const Parsed<std::vector<PdnGame>> games = readPdn(text);
  REQUIRE_FALSE(games);
  REQUIRE(games.error.find('\n') == std::string::npos);
  return games.error;
}

std::vector<std::string> movesText(const PdnGame& game) {
  std::vector<std::string> texts;
  for (const PathMove& m : game.moves) texts.push_back(formatMove(m));
  return texts;
}

}  // namespace

TEST_CASE("PDN: a game with tags, move numbers and a result is read and replayed", "[pdn]") {
  const auto games = readOk(
      "[Event \"test\"]\n"
      "[GameType \"22\"]\n"
      "[White \"A\"]\n"
      "[Black \"B \\\"the\\\" engine\"]\n"
      "[Result \"1-0\"]\n"
      "\n"
      "1. 22-19 10-14 2. 19x10 5x14 1-0\n");
  REQUIRE(games.size() == 1);
  const PdnGame& game = games[0];
  CHECK(game.tag("Event") == "test");
  CHECK(game.tag("Black") == "B \"the\" engine");
  CHECK_FALSE(game.tag("Site").has_value());
  CHECK(game.result == "1-0");
  CHECK(game.start == Position::start());
  CHECK(movesText(game) == std::vector<std::string>{"22-19", "10-14", "19x10", "5x14"});
}

TEST_CASE("PDN: several games, comments, variations, NAGs and marks are skipped", "[pdn]") {
  const auto games = readOk(
      "[Round \"1\"]\n1.22-19 {a {comment} 10-14 ; rest of line 99-99\n"
      "2. 19x10 (2. 21-17 8-12) 5x14! $1 0-1\n"
      "\n"
      "[Round \"2\"]\n1. 21-17 *\n"
      "1. 22-18 1/2-1/2\n");  // a game without tags
  REQUIRE(games.size() == 3);
  CHECK(games[0].result == "0-1");
  CHECK(movesText(games[0]) == std::vector<std::string>{"22-19", "10-14", "19x10", "5x14"});
  CHECK(games[1].result == "*");
  CHECK(games[1].tag("Round") == "2");
  CHECK(games[2].result == "1/2-1/2");
  CHECK(games[2].tags.empty());
}

TEST_CASE("PDN: the draughts result tokens 2-0, 0-2 and 1-1 are read as 1-0, 0-1 and a draw",
          "[pdn]") {
  const auto games = readOk("1. 22-18 2-0\n1. 22-18 0-2\n1. 22-18 1-1\n");
  REQUIRE(games.size() == 3);
  CHECK(games[0].result == "1-0");
  CHECK(games[1].result == "0-1");
  CHECK(games[2].result == "1/2-1/2");
}

TEST_CASE("PDN: a FEN tag sets the start position, and Black may move first (R3)", "[pdn]") {
  const auto games = readOk(
      "[FEN \"B:W21,22,23:BK18\"]\n"
      "1... 18x27x20 2. 21-17 *\n");
  REQUIRE(games.size() == 1);
  CHECK(formatFen(games[0].start) == "B:W21,22,23:BK18");
  CHECK(movesText(games[0]) == std::vector<std::string>{"18x27x20", "21-17"});
}

TEST_CASE("PDN: a capture written 'from x to' is accepted when unambiguous and stored in full",
          "[pdn]") {
  const auto games = readOk("[FEN \"B:W21,22,23:BK18\"]\n18x20 *\n");
  REQUIRE(games.size() == 1);
  CHECK(movesText(games[0]) == std::vector<std::string>{"18x27x20"});
}

TEST_CASE("PDN: illegal moves are rejected with the game, the line and the rules' reason",
          "[pdn]") {
  // R6: capture is mandatory, so 21-17 is not legal after 22-19 10-14.
  const std::string error = readError("1. 22-18 1-0\n\n1. 22-19 10-14\n2. 21-17 *\n");
  CHECK(error.rfind("invalid pdn: game 2, line 4: move 2. '21-17': ", 0) == 0);
  CHECK(error.find("capture") != std::string::npos);
  CHECK(readError("1. 22-18 banana 1-0").find("move 1... 'banana'") != std::string::npos);
  // Black moves first from this set-up: its first move is "1...", White's reply "2.".
  CHECK(readError("[FEN \"B:W21:B12\"]\n1... 12-16 2. 21-16 *").find("move 2. '21-16'") !=
        std::string::npos);
}

TEST_CASE("PDN: malformed text is rejected precisely", "[pdn]") {
  CHECK(readError("[FEN \"X:W1:B2\"]\n*").find("FEN tag: invalid fen") != std::string::npos);
  CHECK(readError("[Event \"open\n1. 22-18 *").find("not closed") != std::string::npos);
  CHECK(readError("[Event x]\n*").find("expected a quoted value") != std::string::npos);
  CHECK(readError("1. 22-18 {never closed *").find("comment opened on line 1") !=
        std::string::npos);
  CHECK(readError("1. 22-18 11-15").find("missing result token") != std::string::npos);
  CHECK(readError("1. 22-18\n[Event \"x\"]\n*").find("before the result token") !=
        std::string::npos);
}

TEST_CASE("PDN: the writer numbers moves, escapes tags, wraps lines, and reads back", "[pdn]") {
  PdnGame game;
  game.setTag("Event", "a \"quoted\" event");
  game.setTag("GameType", std::string(kPdnGameTypeItalian));
  game.setTag("Event", "a \"quoted\\\" event");  // replaces, keeps the order
  // A game long enough to need several lines: a fixed choice among the legal moves each ply.
  constexpr int kPlies = 40;
  std::vector<std::string> moves;
  Position pos = Position::start();
  for (int ply = 0; ply < kPlies; ++ply) {
    const std::vector<PathMove> legal = generatePathMoves(pos);
    if (legal.empty()) break;
    const PathMove& chosen = legal[ply % legal.size()];
    game.moves.push_back(chosen);
    moves.push_back(formatMove(chosen));
    pos = pos.after(chosen.move);
  }
  REQUIRE(moves.size() >= 20);
  game.result = std::string(kPdnDraw);
  const std::string text = writePdn(game);
  CHECK(text.rfind("[Event \"a \\\"quoted\\\\\\\" event\"]\n[GameType \"22\"]\n\n1. 21-17 ", 0) ==
        0);
  CHECK(text.find("1/2-1/2\n\n") != std::string::npos);
  std::size_t lineStart = 0;
  for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', nl + 1)) {
    CHECK(nl - lineStart <= kPdnLineWidth);
    lineStart = nl + 1;
  }
  const auto back = readOk(text);
  REQUIRE(back.size() == 1);
  CHECK(back[0].tags == game.tags);
  CHECK(movesText(back[0]) == moves);
  CHECK(back[0].result == game.result);
}

TEST_CASE("PDN: a game starting with Black to move is written with '1...'", "[pdn]") {
  PdnGame game;
  game.start = *parseFen("B:W21,22,23:BK18").value;
  game.setTag("FEN", formatFen(game.start));
  game.moves.push_back(*parseMove(game.start, "18x27x20").value);
  game.result = std::string(kPdnBlackWins);
  const std::string text = writePdn(game);
  CHECK(text.find("\n1... 18x27x20 0-1\n") != std::string::npos);
  const auto back = readOk(text);
  REQUIRE(back.size() == 1);
  CHECK(back[0].start == game.start);
  CHECK(movesText(back[0]) == std::vector<std::string>{"18x27x20"});
}
