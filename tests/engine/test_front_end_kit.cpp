// The front-end kit (engine/front_end_kit.h): what the native session, the Hub session and the
// CheckerBoard engine share whatever their notation.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "engine/front_end_kit.h"

using namespace damiera;

namespace {

Position fen(const char* text) {
  const Parsed<Position> pos = parseFen(text);
  REQUIRE(pos);
  return *pos.value;
}

Parsed<Move> parsed(const Position& pos, const std::string& text) {
  const Parsed<PathMove> move = parseMove(pos, text);
  return move ? Parsed<Move>::ok(move.value->move) : Parsed<Move>::fail(move.error, move.refusal);
}

const MoveNotation kNative = [](const Position& pos, const Move& m) { return formatMove(pos, m); };

}  // namespace

TEST_CASE("Front-end kit: a pv in notation, cut before a move that is not legal", "[engine]") {
  const Position root = Position::start();
  const Move first = *parsed(root, "21-17").value;
  const Move second = *parsed(root.after(first), "10-14").value;
  CHECK(pvInNotation(root, {first, second}, kNative) == std::vector<std::string>{"21-17", "10-14"});
  // The second move again is not legal after the first two: the walk stops there.
  CHECK(pvInNotation(root, {first, second, second}, kNative) ==
        std::vector<std::string>{"21-17", "10-14"});
  CHECK(pvInNotation(root, {second}, kNative).empty());
}

TEST_CASE("Front-end kit: a game from moves, none taken once it is over", "[engine]") {
  const std::vector<std::string> moves = {"22x13", "9-13"};
  const auto moveAt = [&](const Position& pos, std::size_t i) { return parsed(pos, moves[i]); };
  const auto refusal = [&](std::size_t i, const std::string& reason) {
    return "move " + std::to_string(i + 1) + ": " + reason;
  };
  const Parsed<Game> over = gameFromMoves(fen("W:W22:B18"), 80, 2, moveAt, refusal);
  REQUIRE(!over);
  CHECK(over.error == "move 2: the game is over (1-0 no-pieces, R13)");
  REQUIRE(over.refusal);  // the code beside the words (core/refusal.h)
  CHECK(refusalSuffix(*over.refusal) ==
        " [refusal game-over outcome=1-0 reason=no-pieces rule=R13]");
  const Parsed<Game> won = gameFromMoves(fen("W:W22:B18"), 80, 1, moveAt, refusal);
  REQUIRE(won);
  CHECK(won.value->result().outcome == Outcome::WhiteWins);
  CHECK(won.value->noProgressLimitPlies() == 80);
  const Parsed<Game> illegal = gameFromMoves(
      Position::start(), 80, 1,
      [](const Position& pos, std::size_t) { return parsed(pos, "21-12"); }, refusal);
  REQUIRE(!illegal);
  CHECK(illegal.error.rfind("move 1: ", 0) == 0);
  REQUIRE(illegal.refusal);  // the move's own code, kept
  CHECK(illegal.refusal->code == "no-such-move");
}
