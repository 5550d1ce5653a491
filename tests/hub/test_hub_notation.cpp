// Hub positions and moves <-> the core's Position and PathMove (protocol/hub_notation.h).
#include <catch2/catch.hpp>
#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "protocol/hub_notation.h"

using namespace damiera;
namespace hub = damiera::protocol::hub;

namespace {

Position fen(const char* text) { return *parseFen(text).value; }

// The Hub text of the legal move written natively as nativePath, in pos.
std::string hubText(const Position& pos, const char* nativePath) {
  const Parsed<PathMove> move = damiera::parseMove(pos, nativePath);
  REQUIRE(move);
  return hub::formatMove(move.value->move);
}

// The native full path of the Hub move, or the error.
std::string nativeText(const Position& pos, const std::string& hubMove) {
  const Parsed<PathMove> move = hub::parseMove(pos, hubMove);
  return move ? damiera::formatMove(*move.value) : "error: " + move.error;
}

}  // namespace

TEST_CASE("Hub positions: the start position, both ways", "[hub][notation]") {
  const std::string start = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
  CHECK(hub::formatPosition(Position::start()) == start);
  const Parsed<Position> parsed = hub::parsePosition(start);
  REQUIRE(parsed);
  CHECK(*parsed.value == Position::start());
}

TEST_CASE("Hub positions: kings, men, side to move round-trip through FEN", "[hub][notation]") {
  for (const char* text :
       {"B:W30,21,22,17,20,K6:B25,28,9,5,1,3", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        "W:W5:B1,2", "B:W:B"}) {
    INFO(text);
    const Position pos = fen(text);
    const std::string hubPos = hub::formatPosition(pos);
    CHECK(hubPos.size() == hub::kPositionLength);
    const Parsed<Position> back = hub::parsePosition(hubPos);
    REQUIRE(back);
    CHECK(formatFen(*back.value) == formatFen(pos));
  }
  // Square 6 is a white king, square 25 a black man, Black to move.
  const std::string text = hub::formatPosition(fen("B:W30,21,22,17,20,K6:B25,28,9,5,1,3"));
  CHECK(text[0] == 'B');
  CHECK(text[6] == 'W');
  CHECK(text[25] == 'b');
  CHECK(text[30] == 'w');
  CHECK(text[31] == 'e');
}

TEST_CASE("Hub positions: malformed ones are refused with the reason", "[hub][notation]") {
  auto error = [](const std::string& text) {
    const Parsed<Position> parsed = hub::parsePosition(text);
    CHECK_FALSE(parsed);
    return parsed.error;
  };
  CHECK_THAT(error("Wbbbb"), Catch::Contains("expected 33 characters") && Catch::Contains("got 5"));
  CHECK_THAT(error("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"),
             Catch::Contains("the side to move is 'X', expected W or B"));
  CHECK_THAT(error("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx"),
             Catch::Contains("square 32 is 'x', expected w, b, W, B or e"));
  // A white man on square 2 (its promotion row), a black man on 30 (its promotion row).
  CHECK_THAT(error("Wewbbbbbbbbbbeeeeeeeewwwwwwwwwwww"),
             Catch::Contains("white man on square 2 stands on its own promotion row"));
  CHECK_THAT(error("Wbbbbbbbbbbbbeeeeeeeewwwwwwwweebe"),
             Catch::Contains("black man on square 31 stands on its own promotion row"));
  CHECK_THAT(error("WBBBB" + std::string(9, 'b') + std::string(7, 'e') + std::string(12, 'w')),
             Catch::Contains("black has 13 pieces (at most 12)"));
  CHECK_THAT(error(""), Catch::Contains("got 0"));
}

TEST_CASE("Hub moves: quiet moves are from-to", "[hub][notation]") {
  const Position start = Position::start();
  CHECK(hubText(start, "21-17") == "21-17");
  CHECK(nativeText(start, "21-17") == "21-17");
  CHECK(nativeText(start, "24-20") == "24-20");
}

TEST_CASE("Hub moves: a capture lists from, to and the captured squares", "[hub][notation]") {
  // White man 22 takes the black man on 18 and lands on 13.
  const Position single = fen("W:W22:B18");
  CHECK(hubText(single, "22x13") == "22x13x18");
  CHECK(nativeText(single, "22x13x18") == "22x13");
  CHECK(nativeText(single, "22X13X18") == "22x13");

  // A man's double capture: natively its landings 13 and 6, in Hub its captures 18 and 10.
  const Position twice = fen("W:W22:B18,10");
  CHECK(hubText(twice, "22x13x6") == "22x6x10x18");
  CHECK(nativeText(twice, "22x6x10x18") == "22x13x6");
  CHECK(nativeText(twice, "22x6x18x10") == "22x13x6");  // captured squares in any order
}

TEST_CASE("Hub moves: a king's tour, two paths with one result, any order", "[hub][notation]") {
  // The king on 22 takes all four men and comes back: two landing paths, one Hub move.
  const Position pos = fen("W:WK22:B10,11,18,19");
  CHECK(hubText(pos, "22x13x6x15x22") == "22x22x10x11x18x19");
  CHECK(hubText(pos, "22x15x6x13x22") == "22x22x10x11x18x19");
  // Every order of the captured squares reads as the same move: the first path.
  for (const char* text : {"22x22x10x11x18x19", "22x22x19x18x11x10", "22x22x11x19x10x18"}) {
    INFO(text);
    CHECK(nativeText(pos, text) == "22x13x6x15x22");
  }
}

TEST_CASE("Hub moves: a wrong captured set or a missing one is refused", "[hub][notation]") {
  const Position twice = fen("W:W22:B18,10");
  // Captures only 18, but the legal capture takes 10 too (R10: the capture must go on).
  CHECK(nativeText(twice, "22x13x18") ==
        "error: 22x13x18 is not a legal move; legal captures from 22: 22x6x10x18");
  // The right ends, but a square that is not captured.
  CHECK(nativeText(twice, "22x6x10x17") ==
        "error: 22x6x10x17 is not a legal move; legal captures from 22: 22x6x10x18");
  CHECK_THAT(nativeText(twice, "22x6x10x18x10"),
             Catch::Contains("captured square 10 is listed twice"));
  CHECK_THAT(nativeText(twice, "22x6"), Catch::Contains("lists the captured squares"));
  CHECK_THAT(nativeText(twice, "22-18"), Catch::Contains("white must capture (R6)") &&
                                             Catch::Contains("legal captures: 22x6x10x18"));

  // Precedence: a king's capture beats a man's (P2), so the man's capture is ruled out.
  const Position precedence = fen("W:W22,K23:B18,19");
  CHECK_THAT(nativeText(precedence, "22x13x18"), Catch::Contains("capture precedence"));
}

TEST_CASE("Hub moves: malformed and impossible moves say why", "[hub][notation]") {
  const Position start = Position::start();
  CHECK_THAT(nativeText(start, ""), Catch::Contains("empty move"));
  CHECK_THAT(nativeText(start, "21"), Catch::Contains("malformed move '21'"));
  CHECK_THAT(nativeText(start, "21-17-13"), Catch::Contains("malformed move"));
  CHECK_THAT(nativeText(start, "21-x17"), Catch::Contains("malformed move"));
  CHECK_THAT(nativeText(start, "21x17-13"), Catch::Contains("malformed move"));
  CHECK_THAT(nativeText(start, "33-29"), Catch::Contains("square 33 is outside 1..32"));
  CHECK_THAT(nativeText(start, "17-13"), Catch::Contains("no white piece on square 17"));
  CHECK_THAT(nativeText(start, "21-18x"), Catch::Contains("malformed move"));
  CHECK(nativeText(start, "22-17") ==
        "error: 22-17 is not a legal move; legal moves from 22: 22-18, 22-19");
  CHECK(nativeText(start, "22x13x18") ==
        "error: 22x13x18 is not a legal move: white has no capture");
}

TEST_CASE("Illegal moves: the native protocol and the Hub say the same words", "[hub][notation]") {
  // Quiet moves are written alike in both notations: the whole text is the same, one wording
  // (core/illegal_move.h) in both; only each dialect's framing around it differs.
  const struct {
    const char* fen;
    const char* move;
  } cases[] = {
      {"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "22-17"},  // no such
      {"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "17-13"},  // empty
      {"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "9-13"},   // theirs
      {"W:W5:B1,2", "5-1"},  // no legal move
  };
  for (const auto& c : cases) {
    const Position pos = fen(c.fen);
    const Parsed<PathMove> native = damiera::parseMove(pos, c.move);
    const Parsed<PathMove> hubMove = hub::parseMove(pos, c.move);
    INFO(c.fen << " " << c.move);
    REQUIRE_FALSE(native);
    REQUIRE_FALSE(hubMove);
    CHECK(hubMove.error == native.error);
  }
}

TEST_CASE("Hub moves: every legal move converts both ways", "[hub][notation]") {
  for (const char* text : {"W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
                           "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
                           "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4"}) {
    const Position pos = fen(text);
    for (const PathMove& m : generatePathMoves(pos)) {
      const std::string hubMove = hub::formatMove(m.move);
      INFO(text << " " << damiera::formatMove(m) << " -> " << hubMove);
      const Parsed<PathMove> back = hub::parseMove(pos, hubMove);
      REQUIRE(back);
      CHECK(back.value->move == m.move);
    }
  }
}
