// Move text (docs/rules.md "Move notation"): formatting, reading, and the reasons a move is
// refused.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/square.h"

using namespace damiera;

namespace {

Position fen(std::string_view text) {
  const Parsed<Position> result = parseFen(text);
  INFO(text << ": " << result.error);
  REQUIRE(result);
  return *result.value;
}

// Parses text that must be legal and returns its full notation.
std::string accepted(const Position& pos, std::string_view text) {
  const Parsed<PathMove> result = parseMove(pos, text);
  INFO(formatFen(pos) << "  move: '" << text << "'  error: " << result.error);
  REQUIRE(result);
  REQUIRE(result.error.empty());
  return formatMove(*result.value);
}

std::string refused(const Position& pos, std::string_view text) {
  const Parsed<PathMove> result = parseMove(pos, text);
  INFO(formatFen(pos) << "  move: '" << text << "'");
  REQUIRE_FALSE(result);
  REQUIRE_FALSE(result.error.empty());
  REQUIRE(result.error.find('\n') == std::string::npos);  // one line
  return result.error;
}

std::vector<std::string> legalTexts(const Position& pos) {
  std::vector<std::string> out;
  for (const PathMove& m : generatePathMoves(pos)) out.push_back(formatMove(m));
  return out;
}

PathMove pathMove(std::initializer_list<int> numbers, Bitboard captured) {
  PathMove m;
  for (int n : numbers) m.path.squares[m.path.length++] = squareFromNumber(n);
  m.move.from = m.path.squares[0];
  m.move.to = m.path.squares[m.path.length - 1];
  m.move.captured = captured;
  return m;
}

// Every legal move of pos reads back as itself from its own text.
void checkRoundTrip(const Position& pos) {
  for (const PathMove& m : generatePathMoves(pos)) {
    const std::string text = formatMove(m);
    INFO(formatFen(pos) << "  " << text);
    const Parsed<PathMove> back = parseMove(pos, text);
    REQUIRE(back);
    CHECK(back.value->move == m.move);
    CHECK(formatMove(*back.value) == text);
    CHECK(formatMove(pos, m.move) != "");
  }
}

}  // namespace

TEST_CASE("Move notation: quiet moves use '-', captures 'x' between every landing square",
          "[notation]") {
  CHECK(formatMove(pathMove({21, 17}, 0)) == "21-17");
  CHECK(formatMove(pathMove({9, 13}, 0)) == "9-13");
  CHECK(formatMove(pathMove({22, 13}, bit(squareFromNumber(18)))) == "22x13");
  CHECK(formatMove(pathMove({22, 13, 6}, bit(squareFromNumber(18)) | bit(squareFromNumber(10)))) ==
        "22x13x6");
}

TEST_CASE("R3 start: the seven opening moves, written and read back", "[notation]") {
  const Position start = Position::start();
  CHECK(legalTexts(start) ==
        std::vector<std::string>{"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"});
  checkRoundTrip(start);
  CHECK(accepted(start, "21-17") == "21-17");
  CHECK(accepted(start, "  24-20\t") == "24-20");  // surrounding whitespace is trimmed

  Position blackToMove = start;
  blackToMove.setSideToMove(Color::Black);
  CHECK(accepted(blackToMove, "9-13") == "9-13");
  CHECK(accepted(blackToMove, "12-16") == "12-16");
}

TEST_CASE("formatMove(pos, Move) writes the first legal path, or nothing if illegal",
          "[notation]") {
  const Position start = Position::start();
  for (const PathMove& m : generatePathMoves(start)) {
    CHECK(formatMove(start, m.move) == formatMove(m));
  }
  Move illegal;
  illegal.from = squareFromNumber(21);
  illegal.to = squareFromNumber(16);
  CHECK(formatMove(start, illegal).empty());
  // A quiet move is illegal while a capture is there to make (R6).
  Move quiet;
  quiet.from = squareFromNumber(30);
  quiet.to = squareFromNumber(26);
  CHECK(formatMove(fen("W:W22,30:B18"), quiet).empty());
  CHECK(formatMove(fen("W:W22,30:B1"), quiet) == "30-26");

  // A compact Move from generateMoves (what search returns) gets its full landing path.
  const Position pos = fen("W:W22:B18,10");
  MoveList moves;
  generateMoves(pos, moves);
  REQUIRE(moves.size() == 1);
  CHECK(formatMove(pos, moves[0]) == "22x13x6");
}

TEST_CASE("R10 multi-capture: written and read with every landing square", "[notation]") {
  const Position pos = fen("W:W22:B18,10");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"22x13x6"});
  const Parsed<PathMove> full = parseMove(pos, "22x13x6");
  REQUIRE(full);
  CHECK(numberOfSquare(full.value->move.from) == 22);
  CHECK(numberOfSquare(full.value->move.to) == 6);
  CHECK(full.value->move.captured == (bit(squareFromNumber(18)) | bit(squareFromNumber(10))));
  CHECK(accepted(pos, "22X13X6") == "22x13x6");  // capital X too
  // "from x to" alone, one legal move matches.
  CHECK(accepted(pos, "22x6") == "22x13x6");
}

TEST_CASE("Single captures read back, for both colours", "[notation]") {
  const Position white = fen("W:W22,31:B18");
  CHECK(legalTexts(white) == std::vector<std::string>{"22x13"});
  CHECK(accepted(white, "22x13") == "22x13");

  // Black captures toward higher numbers: 9 jumps 13 and lands on 18.
  const Position black = fen("B:W13,30:B9");
  CHECK(legalTexts(black) == std::vector<std::string>{"9x18"});
  CHECK(accepted(black, "9x18") == "9x18");
}

TEST_CASE("Round trip of every legal move in the published perft positions", "[notation]") {
  for (const char* text : {"W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
                           "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
                           "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4"}) {
    const Position root = fen(text);
    checkRoundTrip(root);
    for (const PathMove& m : generatePathMoves(root)) {
      const Position child = root.after(m.move);
      checkRoundTrip(child);
      for (const PathMove& reply : generatePathMoves(child))
        checkRoundTrip(child.after(reply.move));
    }
  }
}

TEST_CASE("Ambiguous 'from x to': two legal captures with different pieces", "[notation]") {
  // The man on 22 can take 18 and 10, or 19 and 11: both end on 6.
  const Position pos = fen("W:W22:B18,10,19,11");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"22x13x6", "22x15x6"});
  const std::string error = refused(pos, "22x6");
  CHECK_THAT(error, Catch::StartsWith("ambiguous") && Catch::Contains("22x13x6") &&
                        Catch::Contains("22x15x6"));
  // The full paths are not ambiguous.
  CHECK(accepted(pos, "22x13x6") == "22x13x6");
  CHECK(accepted(pos, "22x15x6") == "22x15x6");
}

TEST_CASE("P5: 'from x to' over two paths with the same result is one move", "[notation]") {
  // A king goes round the four black men either way and comes back to 22 (R11: its start
  // square counts as empty). Both paths capture the same pieces: one move, two notations.
  const Position pos = fen("W:WK22:B18,10,11,19");
  const std::vector<std::string> paths = legalTexts(pos);
  REQUIRE(paths == std::vector<std::string>{"22x13x6x15x22", "22x15x6x13x22"});
  CHECK(accepted(pos, "22x22") == "22x13x6x15x22");  // the first in legalmoves order
  CHECK(accepted(pos, "22x15x6x13x22") == "22x15x6x13x22");
  const Parsed<PathMove> loop = parseMove(pos, "22x22");
  REQUIRE(loop);
  CHECK(popcount(loop.value->move.captured) == 4);
}

TEST_CASE("Refused: malformed move text", "[notation]") {
  const Position start = Position::start();
  CHECK_THAT(refused(start, ""), Catch::Contains("empty move"));
  CHECK_THAT(refused(start, "   "), Catch::Contains("empty move"));
  CHECK_THAT(refused(start, "abc"), Catch::StartsWith("malformed move 'abc'"));
  CHECK_THAT(refused(start, "21"),
             Catch::StartsWith("malformed move '21'") && Catch::Contains("from and a to"));
  CHECK_THAT(refused(start, "21-"), Catch::StartsWith("malformed move '21-'"));
  CHECK_THAT(refused(start, "-17"), Catch::StartsWith("malformed move"));
  CHECK_THAT(refused(start, "21--17"), Catch::StartsWith("malformed move"));
  CHECK_THAT(refused(start, "21 - 17"), Catch::StartsWith("malformed move"));
  CHECK_THAT(refused(start, "21:17"), Catch::Contains("unexpected ':'"));
  CHECK_THAT(refused(start, "22x13-6"), Catch::Contains("mixes '-' and 'x'"));
  CHECK_THAT(refused(start, "21-17-14"), Catch::Contains("quiet move has two squares"));
}

TEST_CASE("R2 numbering: refused, square outside 1..32", "[notation]") {
  const Position start = Position::start();
  CHECK_THAT(refused(start, "33-29"), Catch::Contains("square 33") && Catch::Contains("1..32"));
  CHECK_THAT(refused(start, "21-0"), Catch::Contains("square 0") && Catch::Contains("1..32"));
  CHECK_THAT(refused(start, "22x13x99"), Catch::Contains("square 99"));
  CHECK_THAT(refused(start, "21-123456789012345678901"), Catch::Contains("outside 1..32"));
}

TEST_CASE("Refused: no piece of the side to move on the from square", "[notation]") {
  const Position start = Position::start();
  CHECK_THAT(refused(start, "17-13"), Catch::Contains("no white piece") &&
                                          Catch::Contains("square 17") && Catch::Contains("empty"));
  CHECK_THAT(refused(start, "9-13"), Catch::Contains("square 9") &&
                                         Catch::Contains("black piece") &&
                                         Catch::Contains("white is to move"));
  Position blackToMove = start;
  blackToMove.setSideToMove(Color::Black);
  CHECK_THAT(refused(blackToMove, "21-17"),
             Catch::Contains("white piece") && Catch::Contains("black is to move"));
}

TEST_CASE("R6 mandatory capture: a quiet move is refused while a capture exists", "[notation]") {
  const Position pos = fen("W:W22,31:B18");
  CHECK_THAT(refused(pos, "31-27"),
             Catch::Contains("must capture") && Catch::Contains("R6") && Catch::Contains("22x13"));
  CHECK_THAT(refused(pos, "22-19"), Catch::Contains("R6"));
}

TEST_CASE("Separators: '-' for a capture and 'x' for a quiet move are refused with the fix",
          "[notation]") {
  const Position capture = fen("W:W22,31:B18");
  CHECK_THAT(refused(capture, "22-13"),
             Catch::Contains("is a capture") && Catch::Contains("write 22x13"));
  const Position multi = fen("W:W22:B18,10");
  CHECK_THAT(refused(multi, "22-6"), Catch::Contains("write 22x13x6"));

  const Position start = Position::start();
  CHECK_THAT(refused(start, "21x17"),
             Catch::Contains("is a quiet move") && Catch::Contains("write 21-17"));
  CHECK_THAT(refused(start, "21x14"),
             Catch::Contains("not a legal move") && Catch::Contains("white has no capture"));
}

TEST_CASE("R10 complete sequence: a capture that stops early is refused", "[notation]") {
  const Position pos = fen("W:W22:B18,10");
  CHECK_THAT(refused(pos, "22x13"),
             Catch::Contains("incomplete") && Catch::Contains("R10") && Catch::Contains("22x13x6"));
}

TEST_CASE("P1 most pieces: a capture of fewer pieces is refused, naming the better one",
          "[notation]") {
  // 28x19 takes one man; 22x13x6 takes two.
  const Position pos = fen("W:W22,28:B10,18,23");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"22x13x6"});
  const std::string error = refused(pos, "28x19");
  CHECK_THAT(error, Catch::Contains("precedence") && Catch::Contains("P1") &&
                        Catch::Contains("22x13x6") && Catch::Contains("captures 1 piece"));
}

TEST_CASE("P2 king first: a man's capture is refused when a king can take as many", "[notation]") {
  const Position pos = fen("W:W22,K28:B18,23");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"28x19"});
  CHECK_THAT(refused(pos, "22x13"),
             Catch::Contains("P2") && Catch::Contains("28x19") && Catch::Contains("with a man"));
}

TEST_CASE("P3 most kings: a capture of fewer kings is refused", "[notation]") {
  const Position pos = fen("W:WK22,K28:B18,K23");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"28x19"});
  CHECK_THAT(refused(pos, "22x13"),
             Catch::Contains("P3") && Catch::Contains("28x19") && Catch::Contains("0 kings"));
}

TEST_CASE("P4 kings earliest: a capture that meets its king later is refused", "[notation]") {
  // K22 takes the man on 18, then the king on 10 (king at jump 2); K28 takes the king on 23
  // first, then the man on 15 (king at jump 1).
  const Position pos = fen("W:WK22,K28:B18,K10,K23,15");
  REQUIRE(legalTexts(pos) == std::vector<std::string>{"28x19x12"});
  const std::string error = refused(pos, "22x13x6");
  CHECK_THAT(error, Catch::Contains("P4") && Catch::Contains("28x19x12") &&
                        Catch::Contains("kings at jump 2,") && Catch::Contains("at jump 1"));
  // The same refusal when typed as "from x to".
  CHECK_THAT(refused(pos, "22x6"), Catch::Contains("P4"));
}

TEST_CASE("Refused: not a legal move, listing what that piece can do", "[notation]") {
  const Position start = Position::start();
  CHECK_THAT(refused(start, "21-16"),
             Catch::Contains("21-16 is not a legal move") && Catch::Contains("21-17, 21-18"));
  CHECK_THAT(refused(start, "29-25"),
             Catch::Contains("not a legal move") && Catch::Contains("piece on 29 cannot move"));
  CHECK_THAT(refused(start, "21-21"), Catch::Contains("not a legal move"));

  const Position pos = fen("W:W22:B18,10");
  CHECK_THAT(refused(pos, "22x13x5"),
             Catch::Contains("not a legal move") && Catch::Contains("22x13x6"));

  // A capture from a piece that has none, while another piece must capture.
  const Position other = fen("W:W22,31:B18");
  CHECK_THAT(refused(other, "31x24"),
             Catch::Contains("not a legal move") && Catch::Contains("legal captures: 22x13"));
}

TEST_CASE("R13: no legal move at all is reported as such", "[notation]") {
  // White's only man on 21 is blocked by a black king on 17 and a black man on 18 that it
  // may not jump (R8 for the king; 18 is guarded by 14 for the man).
  const Position pos = fen("W:W21:BK17,18,14");
  REQUIRE(generatePathMoves(pos).empty());
  CHECK_THAT(refused(pos, "21-17"), Catch::Contains("white has no legal move"));
}
