#pragma once
// Calling the CheckerBoard engine (src/checkerboard/front_end.h) as CheckerBoard does,
// for the tests: a command and its reply, a getmove on a FEN and what it wrote.
#include <catch2/catch.hpp>
#include <string>

#include "checkerboard/board8.h"
#include "checkerboard/cb_api.h"
#include "checkerboard/front_end.h"
#include "core/fen.h"

namespace damiera::cb::test {

struct Answer {
  int result;
  std::string reply;
};

inline Answer ask(cb::FrontEnd& engine, const char* command) {
  char reply[kTextSize] = "";
  const int result = engine.command(command, reply);
  return {result, reply};
}

struct Call {
  Board8x8 board{};
  char status[kTextSize] = "";
  int playnow = 0;
  CBmove move{};
  int result = -1;
};

inline Call getMove(cb::FrontEnd& engine, const char* fen, double maxtime, int info = kInfoReset,
                    int playnow = 0) {
  const Parsed<Position> pos = parseFen(fen);
  REQUIRE(pos);
  Call call;
  writeBoard(*pos.value, call.board);
  call.playnow = playnow;
  call.result =
      engine.getMove(call.board, pos.value->sideToMove() == Color::White ? kWhite : kBlack, maxtime,
                     call.status, &call.playnow, info, 0, &call.move);
  return call;
}

// The position on the board after the engine's move, as FEN.
inline std::string boardAfter(const Call& call, const char* fenBefore) {
  const bool whiteMoved = fenBefore[0] == 'W';
  const Parsed<Position> after = positionFromBoard(call.board, whiteMoved ? kBlack : kWhite);
  return after ? formatFen(*after.value) : after.error;
}

inline constexpr const char* kStart =
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

}  // namespace damiera::cb::test
