// FEN reading and writing (docs/rules.md "FEN syntax", R2, R3, R12).
#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "core/fen.h"
#include "core/position.h"
#include "core/square.h"

using namespace damiera;

namespace {

Position parsed(std::string_view text) {
  const Parsed<Position> result = parseFen(text);
  INFO("fen: " << text << "  error: " << result.error);
  REQUIRE(result);
  REQUIRE(result.error.empty());
  return *result.value;
}

std::string errorOf(std::string_view text) {
  const Parsed<Position> result = parseFen(text);
  INFO("fen: " << text);
  REQUIRE_FALSE(result);
  REQUIRE_FALSE(result.value.has_value());
  REQUIRE(result.error.find('\n') == std::string::npos);  // one line
  return result.error;
}

bool whiteMan(const Position& pos, int n) {
  return pos.hasPiece(Color::White, squareFromNumber(n)) && !pos.isKing(squareFromNumber(n));
}
bool blackMan(const Position& pos, int n) {
  return pos.hasPiece(Color::Black, squareFromNumber(n)) && !pos.isKing(squareFromNumber(n));
}
bool whiteKing(const Position& pos, int n) {
  return pos.hasPiece(Color::White, squareFromNumber(n)) && pos.isKing(squareFromNumber(n));
}
bool blackKing(const Position& pos, int n) {
  return pos.hasPiece(Color::Black, squareFromNumber(n)) && pos.isKing(squareFromNumber(n));
}

}  // namespace

TEST_CASE("R3 start: the start FEN parses to the start position, key included", "[fen]") {
  const Position pos = parsed(kStartFen);
  const Position start = Position::start();
  CHECK(pos == start);
  CHECK(pos.key() == start.key());
  CHECK(pos.sideToMove() == Color::White);
  for (int n = 1; n <= 12; ++n) CHECK(blackMan(pos, n));
  for (int n = 13; n <= 20; ++n) CHECK(pos.isEmpty(squareFromNumber(n)));
  for (int n = 21; n <= 32; ++n) CHECK(whiteMan(pos, n));
  CHECK(formatFen(start) == kStartFen);
}

TEST_CASE("R2 numbering: FEN square numbers are the Italian numbers", "[fen]") {
  // 1 is a8 (row 0, first column), 32 is h1 (row 7, last column).
  const Position pos = parsed("W:W32:B1");
  CHECK(pos.pieces(Color::White) == bit(squareFromNumber(32)));
  CHECK(pos.pieces(Color::Black) == bit(squareFromNumber(1)));
  CHECK(rowOfSquare(lowestSquare(pos.pieces(Color::White))) == 7);
  CHECK(rowOfSquare(lowestSquare(pos.pieces(Color::Black))) == 0);
}

TEST_CASE("FEN ranges, either section first, spaces and a trailing dot", "[fen]") {
  const Position start = Position::start();
  CHECK(parsed("W:W21-32:B1-12") == start);
  CHECK(parsed("W:B1-12:W21-32") == start);
  CHECK(parsed("W:W21-24,25,26-32:B1,2-11,12") == start);
  CHECK(parsed("  W : W 21 - 32 : B 1 - 12 .  ") == start);
  CHECK(parsed("W:W21, 22 ,23,24,25,26,27,28,29,30,31,32 :B1,2,3,4,5,6,7,8,9,10,11,12.") == start);
  CHECK(parsed("w:w21-32:b1-12") == start);  // letters in either case
  CHECK(parsed("\tW:W21-32:\nB1-12\n") == start);
  CHECK(parsed("W:W21-21:B1-12").pieces(Color::White) == bit(squareFromNumber(21)));
}

TEST_CASE("FEN side to move", "[fen]") {
  CHECK(parsed("W:W21:B1").sideToMove() == Color::White);
  const Position black = parsed("B:W21:B1");
  CHECK(black.sideToMove() == Color::Black);
  Position expected;
  expected.put(squareFromNumber(21), Color::White, false);
  expected.put(squareFromNumber(1), Color::Black, false);
  expected.setSideToMove(Color::Black);
  CHECK(black == expected);
  CHECK(black.key() == expected.key());
  CHECK(black.key() != parsed("W:W21:B1").key());
  CHECK(formatFen(black) == "B:W21:B1");
}

TEST_CASE("FEN kings: K prefix, king ranges, canonical output", "[fen]") {
  const Position pos = parsed("B:W21,K4 , K 14:BK29,1,K30");
  CHECK(whiteKing(pos, 4));
  CHECK(whiteKing(pos, 14));
  CHECK(whiteMan(pos, 21));
  CHECK(blackMan(pos, 1));
  CHECK(blackKing(pos, 29));
  CHECK(blackKing(pos, 30));
  CHECK(popcount(pos.occupied()) == 6);
  CHECK(formatFen(pos) == "B:WK4,K14,21:B1,K29,K30");

  const Position range = parsed("W:WK1-3:BK30-K32");
  CHECK(range.allKings() == range.occupied());
  CHECK(popcount(range.kings(Color::White)) == 3);
  CHECK(popcount(range.kings(Color::Black)) == 3);
  CHECK(formatFen(range) == "W:WK1,K2,K3:BK30,K31,K32");
  CHECK(parsed("W:Wk1-3:Bk30-32") == range);  // lower-case k
}

TEST_CASE("FEN empty piece lists", "[fen]") {
  const Position noBlack = parsed("W:W21:B");
  CHECK(noBlack.pieces(Color::Black) == 0);
  CHECK(whiteMan(noBlack, 21));
  CHECK(formatFen(noBlack) == "W:W21:B");
  CHECK(parsed(formatFen(noBlack)) == noBlack);

  const Position noWhite = parsed("B:W : B 5 .");
  CHECK(noWhite.pieces(Color::White) == 0);
  CHECK(formatFen(noWhite) == "B:W:B5");

  const Position emptyBoard = parsed("W:W:B");
  CHECK(emptyBoard == Position{});
  CHECK(emptyBoard.key() == Position{}.key());
  CHECK(formatFen(emptyBoard) == "W:W:B");
}

TEST_CASE("FEN round trip of random positions (format then parse)", "[fen]") {
  std::mt19937 rng(20240611);
  for (int round = 0; round < 500; ++round) {
    Position pos;
    int count[2] = {0, 0};
    for (int n = 1; n <= kNumSquares; ++n) {
      const unsigned roll = rng() % 6;
      if (roll >= 2) continue;
      const Color c = roll == 0 ? Color::White : Color::Black;
      if (count[static_cast<int>(c)] == kMaxPiecesPerSide) continue;
      const Square sq = squareFromNumber(n);
      const bool onPromotionRow = (bit(sq) & (c == Color::White ? kRank8 : kRank1)) != 0;
      const bool king = onPromotionRow || rng() % 4 == 0;  // R12: no man on its promotion row
      pos.put(sq, c, king);
      ++count[static_cast<int>(c)];
    }
    pos.setSideToMove(rng() % 2 ? Color::White : Color::Black);
    const std::string fen = formatFen(pos);
    INFO(fen);
    const Position back = parsed(fen);
    CHECK(back == pos);
    CHECK(back.key() == pos.key());
    CHECK(formatFen(back) == fen);
  }
}

TEST_CASE("FEN rejects an unknown side to move, naming it", "[fen]") {
  CHECK_THAT(errorOf("X:W21:B1"), Catch::Contains("side to move") && Catch::Contains("'X'"));
  CHECK_THAT(errorOf("White:W21:B1"), Catch::Contains("'White'"));
  CHECK_THAT(errorOf("W21:B1"), Catch::Contains("side to move") && Catch::Contains("'W21'"));
  CHECK_THAT(errorOf(":W21:B1"), Catch::Contains("missing side to move"));
}

TEST_CASE("R2 numbering: FEN rejects a square outside 1..32, naming it", "[fen]") {
  CHECK_THAT(errorOf("W:W33:B1"), Catch::Contains("square 33") && Catch::Contains("1..32"));
  CHECK_THAT(errorOf("W:W21:B0"), Catch::Contains("square 0") && Catch::Contains("1..32"));
  CHECK_THAT(errorOf("W:W21-40:B1"), Catch::Contains("square 40"));
  CHECK_THAT(errorOf("W:WK99999999999999999999:B1"), Catch::Contains("outside 1..32"));
}

TEST_CASE("FEN rejects a square listed twice or for both colours, naming it", "[fen]") {
  CHECK_THAT(errorOf("W:W21,22,21:B1"), Catch::Contains("square 21") && Catch::Contains("twice"));
  CHECK_THAT(errorOf("W:W21-24,K23:B1"), Catch::Contains("square 23") && Catch::Contains("twice"));
  CHECK_THAT(errorOf("W:W21:B1,21"), Catch::Contains("square 21") && Catch::Contains("both"));
  CHECK_THAT(errorOf("W:B5-8:W20,K7"), Catch::Contains("square 7") && Catch::Contains("both"));
}

TEST_CASE("R12 promotion: FEN rejects a man on its own promotion row", "[fen]") {
  CHECK_THAT(errorOf("W:W21,3:B10"), Catch::Contains("white man") && Catch::Contains("square 3") &&
                                         Catch::Contains("promotion row"));
  CHECK_THAT(errorOf("B:W21:B10,30"), Catch::Contains("black man") &&
                                          Catch::Contains("square 30") &&
                                          Catch::Contains("promotion row"));
  CHECK_THAT(errorOf("W:W1-4:B10"), Catch::Contains("square 1"));
  // Kings may stand there, and men may stand on the opponent's promotion row.
  CHECK(whiteKing(parsed("W:WK3:BK30"), 3));
  CHECK(blackMan(parsed("W:WK21:B1-4"), 1));
  CHECK(whiteMan(parsed("W:W29-32:B1-4"), 29));
}

TEST_CASE("FEN rejects more than 12 pieces a side", "[fen]") {
  CHECK_THAT(errorOf("W:W5-17:B1"),
             Catch::Contains("white has 13 pieces") && Catch::Contains("12"));
  CHECK_THAT(errorOf("B:W32:B1-16,K20"), Catch::Contains("black has 17 pieces"));
  // Exactly twelve is fine.
  CHECK(popcount(parsed("W:W5-16:B").pieces(Color::White)) == 12);
}

TEST_CASE("FEN rejects missing, repeated or extra sections", "[fen]") {
  CHECK_THAT(errorOf("W:W21"), Catch::Contains("missing black section"));
  CHECK_THAT(errorOf("W:B1"), Catch::Contains("missing white section"));
  CHECK_THAT(errorOf("W"), Catch::Contains("':'"));
  CHECK_THAT(errorOf("W:W21:W22"), Catch::Contains("white section appears twice"));
  CHECK_THAT(errorOf("W:W21:B1:H0"), Catch::Contains("extra section") && Catch::Contains("'H0'"));
  CHECK_THAT(errorOf("W:X21:B1"), Catch::Contains("'X21'") && Catch::Contains("W or B"));
  CHECK_THAT(errorOf("W::B1"), Catch::Contains("empty section"));
  CHECK_THAT(errorOf(""), Catch::Contains("empty"));
  CHECK_THAT(errorOf("   .  "), Catch::Contains("empty"));
}

TEST_CASE("FEN rejects malformed items, saying where", "[fen]") {
  CHECK_THAT(errorOf("W:W21,,22:B1"), Catch::Contains("empty item") && Catch::Contains("white"));
  CHECK_THAT(errorOf("W:W21:B1,"), Catch::Contains("empty item") && Catch::Contains("black"));
  CHECK_THAT(errorOf("W:W21x:B1"), Catch::Contains("unexpected 'x'") && Catch::Contains("'21x'"));
  CHECK_THAT(errorOf("W:W2 1:B5"), Catch::Contains("unexpected '1'"));
  CHECK_THAT(errorOf("W:Wa:B1"),
             Catch::Contains("expected a square number") && Catch::Contains("'a'"));
  CHECK_THAT(errorOf("W:WK:B1"), Catch::Contains("missing square number"));
  CHECK_THAT(errorOf("W:W21-:B1"), Catch::Contains("missing square number"));
  CHECK_THAT(errorOf("W:W24-21:B1"), Catch::Contains("24-21") && Catch::Contains("backwards"));
  CHECK_THAT(errorOf("W:W21:B1.."), Catch::Contains("unexpected '.'"));
}

TEST_CASE("FEN errors start with 'invalid fen:'", "[fen]") {
  for (const char* bad : {"X:W21:B1", "W:W33:B1", "W:W21,21:B1", "W:W3:B", "W:W5-17:B", "W:W21"}) {
    CHECK_THAT(errorOf(bad), Catch::StartsWith("invalid fen: "));
  }
}
