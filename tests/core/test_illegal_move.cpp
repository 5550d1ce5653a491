// Why a move is not legal (core/illegal_move.h): one analysis for every notation, whatever it
// writes of a move; the notations' own words are tested with them (test_notation.cpp,
// tests/hub/test_hub_notation.cpp).
#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/illegal_move.h"
#include "core/notation.h"
#include "core/square.h"

using namespace damiera;

namespace {

Position fen(std::string_view text) {
  const Parsed<Position> result = parseFen(text);
  REQUIRE(result);
  return *result.value;
}

// A move named as the native notation names it: its landing path.
MoveAttempt byPath(const std::string& path) {
  MoveAttempt attempt;
  attempt.from = std::stoi(path);
  attempt.capture = path.find('x') != std::string::npos;
  attempt.names = [path](const PathMove& m) { return formatMove(m) == path ? 1 : 0; };
  return attempt;
}

// A move named as the Hub names it: from, to and the captured squares.
MoveAttempt byResult(int from, int to, Bitboard captured) {
  MoveAttempt attempt;
  attempt.from = from;
  attempt.capture = captured != 0;
  attempt.names = [=](const PathMove& m) {
    return numberOfSquare(m.move.from) == from && numberOfSquare(m.move.to) == to &&
                   m.move.captured == captured
               ? 1
               : 0;
  };
  return attempt;
}

}  // namespace

TEST_CASE("Illegal moves: the same finding whichever way the move is named", "[notation]") {
  using Fault = IllegalMove::Fault;
  // P1: 28x19 takes one man, 22x13x6 two.
  const Position pos = fen("W:W22,28:B10,18,23");
  const MoveAnalysis native = analyseMove(pos, byPath("28x19"));
  const MoveAnalysis hub = analyseMove(pos, byResult(28, 19, bit(squareFromNumber(23))));
  for (const MoveAnalysis* analysis : {&native, &hub}) {
    REQUIRE(analysis->illegal);
    CHECK(analysis->named.empty());
    CHECK(analysis->illegal->fault == Fault::Precedence);
    CHECK(analysis->illegal->rule == 1);
    CHECK(formatMove(analysis->illegal->preferredMove) == "22x13x6");
  }
  // R6: a quiet move while a capture is mandatory.
  CHECK(analyseMove(pos, byPath("22-17")).illegal->fault == Fault::MustCapture);
  CHECK(analyseMove(pos, byResult(22, 17, 0)).illegal->fault == Fault::MustCapture);
  // No piece of the side to move there: empty, or the opponent's.
  CHECK(analyseMove(pos, byPath("21-17")).illegal->fault == Fault::NotOwnPiece);
  CHECK(analyseMove(pos, byPath("18-22")).illegal->opponentOnFrom);
  // A legal move is named, not explained.
  const MoveAnalysis legal = analyseMove(pos, byPath("22x13x6"));
  CHECK_FALSE(legal.illegal);
  REQUIRE(legal.named.size() == 1);
}

TEST_CASE("Illegal moves: an unfinished capture only where the notation writes paths (R10)",
          "[notation]") {
  const Position pos = fen("W:W22:B18,10");
  MoveAttempt stopsEarly = byPath("22x13");
  stopsEarly.beginsCapture = [](const PathMove& m) { return formatMove(m).starts_with("22x13x"); };
  const MoveAnalysis analysis = analyseMove(pos, stopsEarly);
  REQUIRE(analysis.illegal);
  CHECK(analysis.illegal->fault == IllegalMove::Fault::Incomplete);
  CHECK(formatMove(analysis.illegal->continuation) == "22x13x6");
  // Without beginsCapture (the Hub's notation) it is no such move, the legal ones listed.
  const MoveAnalysis plain = analyseMove(pos, byPath("22x13"));
  REQUIRE(plain.illegal);
  CHECK(plain.illegal->fault == IllegalMove::Fault::NoSuchMove);
  CHECK(plain.illegal->fromSquare.size() == 1);
}
