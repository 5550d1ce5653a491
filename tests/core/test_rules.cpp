// One test per rule of docs/rules.md (R1..R12 and the capture precedence P1..P5; R13..R15 are in
// test_game.cpp). Every expected move list is derived by hand from docs/rules.md; the derivation is
// in the comments, squares written as Italian numbers with (row, file) where it helps: row 0 is
// rank 8, file 0 is the a-file. From an even row square n's neighbours are n-5 (up-left, not on the
// a-file), n-4 (up-right), n+3 (down-left, not on the a-file), n+4 (down-right); from an odd row
// n-4 (up-left), n-3 (up-right, not on the h-file), n+4 (down-left), n+5 (down-right, not on the
// h-file). A jump over a neighbour lands at n-9, n-7, n+7 or n+9. White men move up (toward lower
// numbers), Black men down.
#include <catch2/catch.hpp>

#include "core/move.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/square.h"
#include "test_support.h"

namespace damiera {
namespace {

using test::boardFromFen;
using test::expectLegal;
using test::legalMove;
using test::legalResults;
using test::numbersOf;
using test::sorted;
using test::sq;

std::vector<std::string> captureSequencesIgnoringPrecedence(const Position& pos) {
  std::vector<std::string> texts;
  for (const PathMove& pm : generateCaptureSequencesIgnoringPrecedence(pos))
    texts.push_back(test::pathText(pm));
  return sorted(texts);
}

// R2's formula: the (row, file) of square n, row 0 = rank 8, file 0 = a.
struct RowFile {
  int row;
  int file;
};
RowFile rowFileOf(int n) {
  const int row = (n - 1) / 4;
  const int column = (n - 1) % 4;
  return {row, row % 2 == 0 ? 2 * column : 2 * column + 1};
}

TEST_CASE("R1: 8x8 board, only the 32 dark squares, a1 is light", "[rules]") {
  CHECK(kNumSquares == 32);
  CHECK(popcount(kPlayable) == 32);
  Bitboard seen = 0;
  for (int n = 1; n <= 32; ++n) {
    INFO("square " << n);
    const Square s = squareFromNumber(n);
    CHECK(s < kLayoutBits);
    CHECK((seen & bit(s)) == 0);
    seen |= bit(s);
    CHECK(numberOfSquare(s) == n);
    // Dark squares: a8 (row 0, file 0) is dark, so a square is dark when row + file is even,
    // and a1 (row 7, file 0) is light.
    const RowFile rf = rowFileOf(n);
    CHECK((rf.row + rf.file) % 2 == 0);
  }
  CHECK(seen == kPlayable);

  // The mirrored board shows in the corners. White: 29 (b1) has two forward squares, 25 (a2)
  // and 26 (c2); 32 (h1) sits in the corner with only 28 (g2). Black: 1 (a8) has only 5 (b7),
  // 4 (g8) has 7 (f7) and 8 (h7). On an English board (a1 dark) it would be the other way round.
  expectLegal("W:W29,32:B1,4", {"29-25", "29-26", "32-28"});
  expectLegal("B:W29,32:B1,4", {"1-5", "4-7", "4-8"});
}

TEST_CASE("R2: squares numbered 1..32 row by row from White's far side", "[rules]") {
  for (int n = 1; n <= 32; ++n) {
    INFO("square " << n);
    CHECK(rowOfSquare(sq(n)) == (n - 1) / 4);
    CHECK(((kRank8 & bit(sq(n))) != 0) == (n <= 4));
    CHECK(((kRank1 & bit(sq(n))) != 0) == (n >= 29));
  }
  // square.h's layout: every diagonal step is one shift, +4 down-left, +5 down-right, -4
  // up-right, -5 up-left. Check it against R2's table for every pair of diagonal neighbours.
  int pairs = 0;
  for (int n = 1; n <= 32; ++n) {
    for (int m = 1; m <= 32; ++m) {
      const RowFile a = rowFileOf(n);
      const RowFile b = rowFileOf(m);
      const int dRow = b.row - a.row;
      const int dFile = b.file - a.file;
      if ((dRow != 1 && dRow != -1) || (dFile != 1 && dFile != -1)) continue;
      INFO("from " << n << " to " << m);
      const int shift = int{sq(m)} - int{sq(n)};
      const int expected = dRow == 1 ? (dFile == -1 ? 4 : 5) : (dFile == 1 ? -4 : -5);
      CHECK(shift == expected);
      ++pairs;
    }
  }
  CHECK(pairs == 2 * 49);  // 49 diagonal adjacencies on the 32 dark squares

  // A lone king reaches exactly its diagonal neighbours, read off the R2 table:
  // 14 = d5 -> c6 10, e6 11, c4 18, e4 19.
  expectLegal("W:WK14:B", {"14-10", "14-11", "14-18", "14-19"});
  // 19 = e4 -> d5 14, f5 15, d3 22, f3 23.
  expectLegal("W:WK19:B", {"19-14", "19-15", "19-22", "19-23"});
  // 12 = g6 -> f7 7, h7 8, f5 15, h5 16.
  expectLegal("W:WK12:B", {"12-7", "12-8", "12-15", "12-16"});
  // 13 = b5 -> a6 9, c6 10, a4 17, c4 18.
  expectLegal("W:WK13:B", {"13-9", "13-10", "13-17", "13-18"});
  // Edges: 16 = h5 -> g6 12, g4 20; 17 = a4 -> b5 13, b3 21.
  expectLegal("W:WK16:B", {"16-12", "16-20"});
  expectLegal("W:WK17:B", {"17-13", "17-21"});
}

TEST_CASE("R3: start position, White moves first, men move toward the other side", "[rules]") {
  const Position start = Position::start();
  const Position expected =
      boardFromFen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
  CHECK(start == expected);
  CHECK(start.key() == expected.key());
  CHECK(start.sideToMove() == Color::White);
  CHECK(start.allKings() == 0);
  CHECK(numbersOf(start.pieces(Color::White)) ==
        std::vector<int>{21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});
  CHECK(numbersOf(start.pieces(Color::Black)) ==
        std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});

  // Row 5 (odd): n-4 and n-3; 24 is on the h-file.
  expectLegal(start, {"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"});
  // Black answers from row 2 (even) downward: n+3 (not from 9, a-file) and n+4.
  const Position afterFirst = start.after(legalMove(start, "21-17"));
  expectLegal(afterFirst, {"9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"});
}

TEST_CASE("R4: a man moves one square diagonally forward to an empty square, never backward",
          "[rules]") {
  // White man 22 (odd row): forward 18, 19; backward 26, 27 never. Man 27 (even row): forward
  // 22 (own man there) and 23.
  expectLegal("W:W22,27:B3", {"22-18", "22-19", "27-23"});
  // Black man 3 (even row) moves down: 6 and 7; backward squares do not exist on row 0.
  expectLegal("B:W22,27:B3", {"3-6", "3-7"});
  // Black man 14 (odd row) moves down to 18, 19, never back up to 10 or 11 (the white man on 10
  // behind it can't be captured backward either, R7).
  expectLegal("B:W10:B14", {"14-18", "14-19"});
}

TEST_CASE("R5: a king moves one square in all four directions and does not fly", "[rules]") {
  // King 22 (d3): 18, 19, 26, 27, and nothing further along the open diagonals.
  expectLegal("W:WK22:B1", {"22-18", "22-19", "22-26", "22-27"});
  // King 30 (d1) on the diagonal 30-27-23-20-16 with a black man on 23 and 20 empty: a flying
  // king would capture 30x20; an Italian king only steps to 26 or 27.
  const Position pos = boardFromFen("W:WK30:B23");
  expectLegal(pos, {"30-26", "30-27"});
  CHECK_FALSE(hasCapture(pos));
}

TEST_CASE("R6: capture is mandatory, no quiet move when any capture exists", "[rules]") {
  // Man 22 jumps 18 (up-left) to 13. Men 24 and 31 and 22 itself have quiet moves, none legal.
  const Position pos = boardFromFen("W:W22,24,31:B18");
  CHECK(hasCapture(pos));
  expectLegal(pos, {"22x13"});
  const Position next = pos.after(legalMove(pos, "22x13"));
  CHECK(numbersOf(next.pieces(Color::White)) == std::vector<int>{13, 24, 31});
  CHECK(next.pieces(Color::Black) == 0);
  CHECK(next.allKings() == 0);
  CHECK(next.sideToMove() == Color::Black);

  // The same for Black: man 14 must jump 19 (down-right) to 23 although man 1 could move.
  expectLegal("B:W19:B1,14", {"14x23"});
}

TEST_CASE("R7: a man captures forward only, also during a multi-capture", "[rules]") {
  // Black men on 26 and 27 are behind White's man 22 with 29 and 31 empty beyond: no capture.
  const Position behind = boardFromFen("W:W22:B26,27");
  CHECK_FALSE(hasCapture(behind));
  expectLegal(behind, {"22-18", "22-19"});

  // Man 26 jumps 22 up-right to 19. From 19 the man on 23 is behind it (down-right, 28 empty
  // beyond): a king would go on (see R9), the man stops.
  expectLegal("W:W26:B22,23", {"26x19"});

  // Black: man 14 has White men behind it on 10 and 11 (up-left, up-right) with 5 and 7 empty
  // beyond: no capture, it moves down to 18 or 19.
  expectLegal("B:W10,11:B14", {"14-18", "14-19"});
  // Black man 7 jumps 11 down-left to 14; from 14 the man on 10 is behind it (5 empty beyond).
  expectLegal("B:W10,11:B7", {"7x14"});
}

TEST_CASE("R8: a man never captures a king, not even mid-capture", "[rules]") {
  // Man 31 jumps 27 to 22. From 22 the black king on 18 has 13 empty beyond, but it is a wall
  // for a man: the capture ends on 22.
  const Position midCapture = boardFromFen("W:W31:B27,K18");
  expectLegal(midCapture, {"31x22"});
  const Position next = midCapture.after(legalMove(midCapture, "31x22"));
  CHECK(numbersOf(next.pieces(Color::Black)) == std::vector<int>{18});
  CHECK(next.isKing(sq(18)));

  // A man facing a king with an empty square beyond: no capture, only the other quiet move.
  const Position facing = boardFromFen("W:W22:BK18");
  CHECK_FALSE(hasCapture(facing));
  expectLegal(facing, {"22-19"});

  // The same for Black: man 14 faces White's king on 18 (down-left, 21 empty beyond).
  const Position blackFacing = boardFromFen("B:WK18:B14");
  CHECK_FALSE(hasCapture(blackFacing));
  expectLegal(blackFacing, {"14-19"});
}

TEST_CASE("R9: a king captures men and kings, forward or backward, one square at a time",
          "[rules]") {
  // White king 14 captures Black's king on 18 backward (down-left) landing on 21.
  expectLegal("W:WK14:BK18", {"14x21"});
  // Black king 19 captures White's man on 15 backward for Black (up-right) landing on 12.
  expectLegal("B:W15:BK19", {"19x12"});
  // The king version of R7's position: 26 jumps 22 to 19, then 23 backward to 28.
  expectLegal("W:WK26:B22,23", {"26x19x28"});
  // A king does not capture from a distance (30 - 27 empty - 23): see R5.
  CHECK_FALSE(hasCapture(boardFromFen("W:WK30:B23")));
}

TEST_CASE("R10: a capture goes on while possible, may change direction, must be completed",
          "[rules]") {
  // Man 22 jumps 18 up-left to 13 (b5), then 10 up-right to 6. The partial 22x13 is illegal.
  const Position pos = boardFromFen("W:W22:B18,10");
  expectLegal(pos, {"22x13x6"});
  CHECK(legalResults(pos) == std::vector<std::string>{"22x6{10,18}"});
  const Position next = pos.after(legalMove(pos, "22x13x6"));
  CHECK(numbersOf(next.pieces(Color::White)) == std::vector<int>{6});
  CHECK_FALSE(next.isKing(sq(6)));  // row 1, not the last row
  CHECK(next.pieces(Color::Black) == 0);

  // Black: man 5 jumps 10 down-right to 14, then 18 down-left to 21.
  expectLegal("B:W10,18:B5", {"5x14x21"});
}

TEST_CASE("R11: captured pieces stay until the move ends, and the start square counts as empty",
          "[rules]") {
  SECTION("a king's loop ends on its own start square, in both directions") {
    // King 27 around the diamond 22, 14, 15, 23: 27x18 (over 22), x11 (over 14), x20 (over
    // 15), x27 (over 23): the last landing is the start square, empty during the move. The
    // other way round: 27x20 (23), x11 (15), x18 (14), x27 (22). Both take the same four men
    // and end on 27: one result, two paths. Back on 27 the king stands next to the captured
    // 22 and 23 with 18 and 20 empty beyond: they can't be jumped twice, the move ends.
    const Position pos = boardFromFen("W:WK27:B14,15,22,23");
    expectLegal(pos, {"27x18x11x20x27", "27x20x11x18x27"});
    CHECK(legalResults(pos) == std::vector<std::string>{"27x27{14,15,22,23}*2"});
    const Position next = pos.after(legalMove(pos, "27x18x11x20x27"));
    CHECK(numbersOf(next.pieces(Color::White)) == std::vector<int>{27});
    CHECK(next.isKing(sq(27)));
    CHECK(next.pieces(Color::Black) == 0);
  }
  SECTION("a piece is not jumped twice") {
    // King 27 jumps 22 to 18; from 18 the captured 22 has the (now empty) 27 beyond it.
    expectLegal("W:WK27:B22", {"27x18"});
  }
  SECTION("an empty square may be landed on twice") {
    // King 26 jumps 22 to 19, then either 14 to 10, 6 to 3, 7 to 12, 15 to 19 (again), 23 to 28;
    // or 15 to 12, 7 to 3, 6 to 10, 14 to 19 (again), 23 to 28. Six men each; the short branch
    // 26x19x28 (two men) loses by P1.
    const Position pos = boardFromFen("W:WK26:B6,7,14,15,22,23");
    expectLegal(pos, {"26x19x10x3x12x19x28", "26x19x12x3x10x19x28"});
    CHECK(legalResults(pos) == std::vector<std::string>{"26x28{6,7,14,15,22,23}*2"});
  }
  // On this board a capturing piece always lands on squares of one parity class of (row, file)
  // and the pieces it jumps lie on the other class, so a captured piece can never be a landing
  // square: "still blocks" shows only as "can't be jumped again", checked above.
}

TEST_CASE("R12: promotion ends the capture, even if the new king could capture more", "[rules]") {
  SECTION("White") {
    // Man 10 jumps 6 to 3 on rank 8 and becomes a king. As a king it could jump 7 (down-right)
    // to 12, but the move ends on promotion.
    const Position pos = boardFromFen("W:W10:B6,7");
    expectLegal(pos, {"10x3"});
    const Position next = pos.after(legalMove(pos, "10x3"));
    CHECK(next.isKing(sq(3)));
    CHECK(next.hasPiece(Color::White, sq(3)));
    CHECK(numbersOf(next.pieces(Color::Black)) == std::vector<int>{7});
    CHECK(next.sideToMove() == Color::Black);
    // Black's man 7 moves down (the king behind it can't be taken by a man anyway).
    expectLegal(next, {"7-11", "7-12"});
    // The new king moves next turn, backward too: a man on rank 8 would have no move at all.
    const Position later = next.after(legalMove(next, "7-11"));
    expectLegal(later, {"3-6", "3-7"});
  }
  SECTION("Black") {
    // Man 14 jumps 18 to 21, then 26 to 30 on rank 1: a king, which could jump 27 to 23, but
    // the move ends.
    const Position pos = boardFromFen("B:W18,26,27:B14");
    expectLegal(pos, {"14x21x30"});
    const Position next = pos.after(legalMove(pos, "14x21x30"));
    CHECK(next.isKing(sq(30)));
    CHECK(numbersOf(next.pieces(Color::White)) == std::vector<int>{27});
    // White's man can't take the king: it just moves.
    expectLegal(next, {"27-22", "27-23"});
  }
}

TEST_CASE("P1: the most pieces captured wins, by count not value (two men beat one king)",
          "[rules]") {
  // Man 22 takes two men (22x13x6 over 18 and 10); king 32 takes one king (32x23 over 28). A
  // king capturing a king would win P2 and P3, but P1 comes first.
  const Position pos = boardFromFen("W:W22,K32:B10,18,K28");
  CHECK(captureSequencesIgnoringPrecedence(pos) == std::vector<std::string>{"22x13x6", "32x23"});
  expectLegal(pos, {"22x13x6"});
}

TEST_CASE("P2: with equal count, capturing with a king beats capturing with a man", "[rules]") {
  SECTION("plain man capture") {
    // Man 23 takes 19 (to 14), king 30 takes 26 (to 21): one man each.
    const Position pos = boardFromFen("W:W23,K30:B19,26");
    CHECK(captureSequencesIgnoringPrecedence(pos) == std::vector<std::string>{"23x14", "30x21"});
    expectLegal(pos, {"30x21"});
  }
  SECTION("a man that promotes during the capture still counts as a man") {
    // Man 10 takes 6 and promotes on 3; king 30 takes 26. The king's capture is the only legal.
    const Position pos = boardFromFen("W:W10,K30:B6,26");
    CHECK(captureSequencesIgnoringPrecedence(pos) == std::vector<std::string>{"10x3", "30x21"});
    expectLegal(pos, {"30x21"});
  }
}

TEST_CASE("P3: then the most kings captured", "[rules]") {
  SECTION("a king rather than a man") {
    // King 19 takes either the king on 14 (to 10) or the man on 23 (to 28): one piece each,
    // same capturer. The king must be taken.
    const Position pos = boardFromFen("W:WK19:BK14,23");
    CHECK(captureSequencesIgnoringPrecedence(pos) == std::vector<std::string>{"19x10", "19x28"});
    expectLegal(pos, {"19x10"});
  }
  SECTION("two kings late beat one king early (P3 before P4)") {
    // King 16 (h5), Black men 11, 12, 20 and kings 4, 19, 27.
    //   16x7 (man 12) x14 (man 11) x23 (king 19), then from 23:
    //       x16 (man 20, 16 is the empty start square):  M M K M, one king (jump 3)
    //       x30 (king 27):                                M M K K, two kings (jumps 3, 4)
    //   16x23 (man 20), then from 23:
    //       x30 (king 27), and from 30 nothing:           M K, two pieces only
    //       x14 (king 19) x7 (man 11) x16 (man 12):       M K M M, one king (jump 2)
    // Four pieces and a king capturing in three sequences; the one with two kings wins, although
    // the other two meet their (only) king earlier or as early.
    const Position pos = boardFromFen("W:WK16:B11,12,20,K4,K19,K27");
    CHECK(captureSequencesIgnoringPrecedence(pos) ==
          std::vector<std::string>{"16x23x14x7x16", "16x23x30", "16x7x14x23x16", "16x7x14x23x30"});
    expectLegal(pos, {"16x7x14x23x30"});
  }
}

TEST_CASE("P4: then the sequence that meets the kings earliest", "[rules]") {
  SECTION("first king at jump 1 beats first king at jump 2") {
    // King 19: 19x10 (king 14) x3 (man 6): kings at jump 1.
    //          19x26 (man 22) x17 (king 21): kings at jump 2.
    const Position pos = boardFromFen("W:WK19:BK14,6,22,K21");
    CHECK(captureSequencesIgnoringPrecedence(pos) ==
          std::vector<std::string>{"19x10x3", "19x26x17"});
    expectLegal(pos, {"19x10x3"});
  }
  SECTION("same first king: the earlier second king wins") {
    // King 26 takes king 22 (to 19), then
    //   19x10 (king 14), x1 (man 5):  kings at jumps 1, 2;
    //   19x12 (man 15), x3 (king 7):  kings at jumps 1, 3.
    // Three pieces, a king capturing, two kings each, first king at jump 1 in both: the second
    // king decides (comparing only the first king would keep both).
    const Position pos = boardFromFen("W:WK26:BK22,K14,5,15,K7");
    CHECK(captureSequencesIgnoringPrecedence(pos) ==
          std::vector<std::string>{"26x19x10x1", "26x19x12x3"});
    expectLegal(pos, {"26x19x10x1"});
  }
}

TEST_CASE("P5: sequences still equal after P1..P4 are all legal", "[rules]") {
  SECTION("one man, two directions") { expectLegal("W:W22:B18,19", {"22x13", "22x15"}); }
  SECTION("two different men") {
    // 22 takes 18 (to 13), 24 takes 20 (to 15).
    expectLegal("W:W22,24:B18,20", {"22x13", "24x15"});
  }
  SECTION("one king, equal king jumps") {
    // 19x10 (king 14) x3 (man 6) and 19x26 (king 22) x17 (man 21): kings at jump 1 in both.
    expectLegal("W:WK19:BK14,6,K22,21", {"19x10x3", "19x26x17"});
  }
  SECTION("two paths to the same result are both listed, one result with two paths") {
    const Position pos = boardFromFen("W:WK27:B14,15,22,23");
    expectLegal(pos, {"27x18x11x20x27", "27x20x11x18x27"});
    MoveList list;
    generateMoves(pos, list);
    REQUIRE(list.size() == 1);
    CHECK(list[0].paths == 2);
    CHECK(list[0].from == sq(27));
    CHECK(list[0].to == sq(27));
  }
}

}  // namespace
}  // namespace damiera
