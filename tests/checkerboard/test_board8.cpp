// The CheckerBoard board array and move records (src/checkerboard/board8.h), natively.
#include <algorithm>
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "checkerboard/board8.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"

using namespace damiera;
using namespace damiera::cb;

namespace {

Position fen(const char* text) {
  const Parsed<Position> pos = parseFen(text);
  REQUIRE(pos);
  return *pos.value;
}

PathMove legal(const Position& pos, const char* text) {
  const Parsed<PathMove> m = parseMove(pos, text);
  REQUIRE(m);
  return *m.value;
}

std::vector<std::string> items(const std::string& reply) {
  std::vector<std::string> out;
  std::istringstream in(reply.substr(reply.find(',') + 1));
  for (std::string item; std::getline(in, item, ';');) out.push_back(item);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("CheckerBoard's Italian layout: square n at board[2((n-1)%4) + row parity][(n-1)/4]",
          "[checkerboard]") {
  CHECK(squareNumberAt(0, 0) == 1);
  CHECK(squareNumberAt(6, 0) == 4);
  CHECK(squareNumberAt(1, 1) == 5);
  CHECK(squareNumberAt(7, 7) == 32);
  CHECK(squareNumberAt(1, 0) == 0);  // light square
  CHECK(squareNumberAt(8, 0) == 0);
  for (int n = 1; n <= 32; ++n) {
    const Coor c = coorOfSquareNumber(n);
    CHECK(squareNumberAt(c.x, c.y) == n);
  }
}

TEST_CASE("The start position (R3) as CheckerBoard's array: Black on rows 0-2, White on 5-7",
          "[checkerboard]") {
  Board8x8 board;
  writeBoard(Position::start(), board);
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      const int expected = (x + y) % 2 != 0 ? kFree
                           : y <= 2         ? (kBlack | kMan)
                           : y >= 5         ? (kWhite | kMan)
                                            : kFree;
      CHECK(board[x][y] == expected);
    }
  }
  const Parsed<Position> back = positionFromBoard(board, kWhite);
  REQUIRE(back);
  CHECK(*back.value == Position::start());
}

TEST_CASE("A board CheckerBoard could not send is refused with the reason", "[checkerboard]") {
  Board8x8 board;
  writeBoard(Position::start(), board);
  CHECK_THAT(positionFromBoard(board, 3).error, Catch::Contains("color 3"));
  board[1][0] = kWhite | kMan;  // a light square
  CHECK_THAT(positionFromBoard(board, kWhite).error, Catch::Contains("light square"));
  board[1][0] = kFree;
  board[0][0] = 7;
  CHECK_THAT(positionFromBoard(board, kWhite).error, Catch::Contains("piece code 7 on square 1"));
  board[0][0] = kWhite | kMan;  // a white man on its own promotion row
  CHECK_THAT(positionFromBoard(board, kWhite).error, Catch::Contains("invalid board"));
}

TEST_CASE("CBmove of a multiple capture (P1): landings, captured squares and pieces",
          "[checkerboard]") {
  const Position pos = fen("W:W22,K32:B10,18,K28");
  const CBmove m = describeMove(pos, legal(pos, "22x13x6"));
  CHECK(m.jumps == 2);
  CHECK(m.oldpiece == (kWhite | kMan));
  CHECK(m.newpiece == (kWhite | kMan));
  CHECK(squareNumberAt(m.from.x, m.from.y) == 22);
  CHECK(squareNumberAt(m.to.x, m.to.y) == 6);
  CHECK(squareNumberAt(m.path[1].x, m.path[1].y) == 13);
  CHECK(squareNumberAt(m.path[2].x, m.path[2].y) == 6);
  CHECK(squareNumberAt(m.del[0].x, m.del[0].y) == 18);
  CHECK(squareNumberAt(m.del[1].x, m.del[1].y) == 10);
  CHECK(m.delpiece[0] == (kBlack | kMan));
}

TEST_CASE("CBmove of a capture that crowns (R12): the new piece is a king", "[checkerboard]") {
  const Position pos = fen("W:W10:BK6");      // R8: the man cannot take the king...
  CHECK(generatePathMoves(pos).size() == 1);  // only 10-5
  const Position crown = fen("W:W10:B6");     // ...but takes the man and is crowned on 3
  const CBmove m = describeMove(crown, legal(crown, "10x3"));
  CHECK(m.oldpiece == (kWhite | kMan));
  CHECK(m.newpiece == (kWhite | kKing));
  CHECK(m.delpiece[0] == (kBlack | kMan));
}

TEST_CASE("get movelist answers the API reference's two Italian examples", "[checkerboard]") {
  const auto quiet = formatMoveList(fen("B:W31:B3"));
  REQUIRE(quiet);
  CHECK(*quiet == "movelist 2,0,6,6,3,6;0,6,6,3,7;");
  const auto captures = formatMoveList(fen("B:W11,13,19,21:B6,9"));
  REQUIRE(captures);
  CHECK(captures->rfind("movelist 2,", 0) == 0);
  CHECK(items(*captures) == items("movelist 2,2,6,6,9,25,18,13,5,25,21,5;"
                                  "2,6,6,6,22,15,11,5,22,19,5;"));
  CHECK(formatMoveList(fen("W:W13:BK9,K10")) == "movelist 0");
}

TEST_CASE("The movelist of twelve free kings still fits in CheckerBoard's 1024 bytes",
          "[checkerboard]") {
  // Twelve kings in the open: many quiet moves, still short enough.
  const auto many = formatMoveList(fen("W:WK13,K14,K15,K16,K21,K22,K23,K24,K29,K30,K31,K32:B1"));
  REQUIRE(many);
  CHECK(many->size() < kTextSize);
}
