// The CheckerBoard engine behind the DLL exports (src/checkerboard/front_end.h),
// natively: commands, getmove and islegal, as CheckerBoard calls them.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "checkerboard/board8.h"
#include "checkerboard/cb_time.h"
#include "checkerboard/front_end.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "tests/checkerboard/cb_front_end_calls.h"
#include "tests/egdb/egdb_fixture.h"
#include "version.h"

using namespace damiera;
using namespace damiera::cb;
using namespace damiera::cb::test;

namespace {

bool isLegalResult(const char* fenBefore, const std::string& fenAfter) {
  const Position pos = *parseFen(fenBefore).value;
  for (const PathMove& m : generatePathMoves(pos)) {
    if (formatFen(pos.after(m.move)) == fenAfter) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("enginecommand: identity and the Italian game type", "[checkerboard]") {
  cb::FrontEnd engine;
  CHECK(ask(engine, "get gametype").reply == "22");
  CHECK(ask(engine, "get protocolversion").reply == "2");
  CHECK(ask(engine, "name").reply == std::string("Damiera ") + kEngineVersion);
  CHECK(ask(engine, "get version").reply == kEngineVersion);  // VERSION's first line
  CHECK(ask(engine, "help").reply == "damiera-cb-help.htm");
  // CheckerBoard's start-up probe: exactly this reply, or it never asks for move lists.
  const Answer probe = ask(engine, "get movelist B:W1:B");
  CHECK(probe.result == 1);
  CHECK(probe.reply == "movelist 0");
}

TEST_CASE("enginecommand: settings are set, read back, and refused without change",
          "[checkerboard]") {
  cb::FrontEnd engine;
  CHECK(ask(engine, "get hashsize").reply == "64");
  CHECK(ask(engine, "set hashsize 8").result == 1);
  CHECK(ask(engine, "get hashsize").reply == "8");
  for (const char* bad :
       {"set hashsize 0", "set hashsize 8MB", "set hashsize", "set depth 100",
        "set searchthreads 0", "set book 4", "set bookfile /nonexistent/damiera.book"}) {
    const Answer a = ask(engine, bad);
    CHECK(a.result == 0);
    CHECK(a.reply.rfind("error: ", 0) == 0);
  }
  CHECK(ask(engine, "get hashsize").reply == "8");
  CHECK(ask(engine, "get depth").reply == "0");
  CHECK(ask(engine, "get searchthreads").reply == "1");
  CHECK(ask(engine, "set depth 5").result == 1);
  CHECK(ask(engine, "get depth").reply == "5");
  CHECK(ask(engine, "get book").reply == "3");  // best moves (with no book: none to play)
  CHECK(ask(engine, "set book 0").result == 1);
  CHECK(ask(engine, "get book").reply == "0");
  const Answer unknown = ask(engine, "get solve");  // CheckerBoard's solve mode: not ours
  CHECK(unknown.result == 0);
  CHECK(ask(engine, "").result == 0);
  CHECK(engine.command(nullptr, nullptr) == 0);
}

TEST_CASE("getmove plays a legal move, in the board and in the CBmove, and says how it thinks",
          "[checkerboard]") {
  cb::FrontEnd engine;
  ask(engine, "set depth 4");
  const Call call = getMove(engine, kStart, 10.0);
  CHECK(call.result == kUnknown);
  CHECK(isLegalResult(kStart, boardAfter(call, kStart)));
  CHECK(call.move.jumps == 0);
  CHECK(call.move.oldpiece == (kWhite | kMan));
  CHECK(std::string(call.status).find("depth 4") != std::string::npos);
}

TEST_CASE("getmove obeys the precedence (P1) and R8", "[checkerboard]") {
  cb::FrontEnd engine;
  const Call p1 = getMove(engine, "W:W22,K32:B10,18,K28", 0.05);
  CHECK(boardAfter(p1, "W:") == "B:W6,K32:BK28");
  CHECK(p1.move.jumps == 2);
  const Call r8 = getMove(engine, "W:W22:BK18", 0.05);  // the only move: no search at all
  CHECK(boardAfter(r8, "W:") == "B:W19:BK18");
  CHECK(std::string(r8.status).find("only move 22-19") != std::string::npos);
}

TEST_CASE("getmove with playnow already set answers a legal move at once", "[checkerboard]") {
  cb::FrontEnd engine;
  const Call call = getMove(engine, kStart, 600.0, kInfoReset, 1);
  CHECK(isLegalResult(kStart, boardAfter(call, kStart)));
}

TEST_CASE("getmove: no legal move is a loss (R13), a refused board is left as it was",
          "[checkerboard]") {
  cb::FrontEnd engine;
  const Call none = getMove(engine, "W:W13:BK9,K10", 1.0);
  CHECK(none.result == kLoss);
  CHECK(boardAfter(none, "B:") == "W:W13:BK9,K10");  // unchanged, still White to move

  Call bad;
  bad.board[0][0] = 7;
  CHECK(engine.getMove(bad.board, kWhite, 1.0, bad.status, &bad.playnow, 0, 0, &bad.move) ==
        kUnknown);
  CHECK(bad.board[0][0] == 7);
  CHECK(std::string(bad.status).rfind("error: invalid board", 0) == 0);
}

TEST_CASE("set gamehist: a move that repeats a position for the third time is a draw (R14)",
          "[checkerboard]") {
  // White's king on 32 and Black's on 1 each have one move; B:WK28:BK1 has been seen twice.
  const char* now = "W:WK32:BK1";
  cb::FrontEnd engine;
  CHECK(getMove(engine, now, 0.05).result == kUnknown);  // no history: nothing repeats
  const Answer history = ask(engine, "set gamehist B:WK28:BK1 1-5 28-32 5-1 32-28 1-5 28-32 5-1");
  CHECK(history.result == 1);
  CHECK(getMove(engine, now, 0.05).result == kDraw);
  // A refused history changes nothing: the one above still applies.
  CHECK(ask(engine, "set gamehist B:WK28:BK1 1-5 28-20").result == 0);
  CHECK(getMove(engine, now, 0.05).result == kDraw);
  // A history that ends elsewhere is not used for this board.
  CHECK(ask(engine, "set gamehist W:WK31:BK1").result == 1);
  CHECK(getMove(engine, now, 0.05).result == kUnknown);
}

TEST_CASE("set gamehist: no move is taken once the game is over (R13..R15)", "[checkerboard]") {
  cb::FrontEnd engine;
  // The third B:WK28:BK1 ends the game (R14): a move after it is refused, nothing changes.
  const Answer over =
      ask(engine, "set gamehist B:WK28:BK1 1-5 28-32 5-1 32-28 1-5 28-32 5-1 32-28 1-5");
  CHECK(over.result == 0);
  CHECK(over.reply ==
        "error: gamehist move 9 1-5: the game is over (1/2-1/2 repetition, R14) [refusal "
        "game-over outcome=1/2-1/2 reason=repetition rule=R14]");
  CHECK(getMove(engine, "B:WK28:BK1", 0.05).result == kUnknown);  // no history was kept
}

TEST_CASE("set gamehist: a refused move's code ends the reply (PROTOCOL.md, Refusal codes)",
          "[checkerboard]") {
  cb::FrontEnd engine;
  const std::pair<const char*, const char*> cases[] = {
      {"set gamehist W:W22:B18 22-17",
       "error: gamehist move 1 22-17: 22-17 is not legal: white must capture (R6); legal "
       "captures: 22x13 [refusal must-capture side=white captures=22x13]"},
      {"set gamehist W:W22:B18,10 22x13",
       "error: gamehist move 1 22x13: 22x13 is incomplete: a capture must go on while it can "
       "(R10), e.g. 22x13x6 [refusal incomplete move=22x13x6]"},
      {"set gamehist W:W22,28:B10,18,23 28x19",
       "error: gamehist move 1 28x19: 28x19 is not legal by capture precedence: it captures 1 "
       "piece, 22x13x6 captures 2 (P1: the most pieces); legal captures: 22x13x6 [refusal "
       "precedence-pieces pieces=1 best=22x13x6 best-pieces=2 captures=22x13x6]"},
      {"set gamehist W:W22:B18 2?-17",
       "error: gamehist move 1 2?-17: malformed move '2?-17': unexpected '?'; expected squares "
       "1..32 joined by '-' or 'x', e.g. 21-17 or 22x13x6 [refusal malformed]"},
  };
  for (const auto& [command, reply] : cases) {
    const Answer answer = ask(engine, command);
    CHECK(answer.result == 0);
    CHECK(answer.reply == reply);
  }
}

TEST_CASE("islegal: from and to of a legal move, with its CBmove, and nothing else",
          "[checkerboard]") {
  cb::FrontEnd engine;
  Board8x8 board;
  writeBoard(*parseFen("W:W23,K30:B19,26").value, board);
  CBmove move{};
  CHECK(engine.isLegal(board, kWhite, 30, 21, &move) == 1);  // P2: the king captures
  CHECK(move.jumps == 1);
  CHECK(move.oldpiece == (kWhite | kKing));
  CHECK(engine.isLegal(board, kWhite, 23, 14, &move) == 0);  // the man may not
  CHECK(engine.isLegal(board, kWhite, 23, 18, &move) == 0);  // R6: capture is mandatory
  CHECK(engine.isLegal(board, kBlack, 30, 21, &move) == 0);
}

TEST_CASE("getmove's time: maxtime per move, or CheckerBoard's packed Fischer clock",
          "[checkerboard]") {
  const SearchLimits perMove = searchLimitsFor(0.25, kInfoExactTime, 0, Color::White, 0);
  CHECK(perMove.moveTimeMs == 250);
  CHECK_FALSE(perMove.hasClock());
  CHECK(searchLimitsFor(0.0, 0, 0, Color::White, 0).moveTimeMs == 1);  // "instant": still a move
  CHECK(searchLimitsFor(1.0, 0, 0, Color::White, 7).depth == 7);
  // Units of 0.001 s (bits 2-3 = 1): 5 s left, 0.1 s increment, for Black.
  const SearchLimits ms =
      searchLimitsFor(9.0, 1 << kInfoIncrementShift, (5000 << 16) | 100, Color::Black, 0);
  CHECK_FALSE(ms.moveTimeMs.has_value());
  CHECK(ms.timeMs[1] == 5000);
  CHECK(ms.incrementMs[1] == 100);
  CHECK_FALSE(ms.timeMs[0].has_value());
  // Units of 0.1 s (bits 2-3 = 3): 600 units = 60 s left, 20 units = 2 s increment.
  const SearchLimits tenths = searchLimitsFor(9.0, 3 << kInfoIncrementShift | kInfoReset,
                                              (600 << 16) | 20, Color::White, 0);
  CHECK(tenths.timeMs[0] == 60000);
  CHECK(tenths.incrementMs[0] == 2000);
}

TEST_CASE("set level: a weaker level searches shallower and still plays legal moves",
          "[checkerboard]") {
  cb::FrontEnd engine;
  CHECK(ask(engine, "get level").reply == "20");
  CHECK(ask(engine, "set level 21").result == 0);
  CHECK(ask(engine, "get level").reply == "20");
  REQUIRE(ask(engine, "set level 0").result == 1);
  for (int i = 0; i < 5; ++i) {
    const Call call = getMove(engine, kStart, 30.0);  // the level's depth ends it, not the time
    CHECK(isLegalResult(kStart, boardAfter(call, kStart)));
    CHECK(std::string(call.status).rfind("depth 2/", 0) == 0);
  }
}

TEST_CASE("set searchthreads 2: searches with a helper thread play legal moves, call after call",
          "[checkerboard]") {
  cb::FrontEnd engine;
  REQUIRE(ask(engine, "set searchthreads 2").result == 1);
  ask(engine, "set depth 6");
  for (int i = 0; i < 3; ++i) {
    const Call call = getMove(engine, kStart, 30.0, i == 0 ? kInfoReset : 0);
    CHECK(isLegalResult(kStart, boardAfter(call, kStart)));
    CHECK(std::string(call.status).rfind("depth 6/", 0) == 0);
  }
}

// W:WK24,K32:BK30 is won in the database (two kings against one), but 24-28 only draws: the
// database moves are 24-20 and 32-28. A 4-ply search cannot see the win without it.
TEST_CASE("set dbpath: getmove probes the endgame database, a bad folder changes nothing",
          "[checkerboard][egdb]") {
  const char* const won = "W:WK24,K32:BK30";
  const std::string dir = egdb::test::smallDatabase();
  cb::FrontEnd engine;
  ask(engine, "set depth 4");
  CHECK(ask(engine, "get dbpath").result == 1);
  CHECK(ask(engine, "get dbpath").reply.empty());
  const Call without = getMove(engine, won, 10.0);
  CHECK(std::string(without.status).find("db win") == std::string::npos);
  CHECK(without.result == kUnknown);

  const Answer set = ask(engine, ("set dbpath " + dir).c_str());
  CHECK(set.result == 1);
  CHECK(set.reply.find("complete up to 4 pieces") != std::string::npos);
  CHECK(ask(engine, "get dbpath").reply == dir);
  const Call with = getMove(engine, won, 10.0);
  INFO(with.status);
  CHECK(std::string(with.status).find("score db win") != std::string::npos);
  CHECK(with.result == kWin);
  const std::string after = boardAfter(with, won);
  CHECK((after == "B:WK20,K32:BK30" || after == "B:WK24,K28:BK30"));

  const std::string missing = dir + "/no-such-folder";
  Answer bad = ask(engine, ("set dbpath " + missing).c_str());
  CHECK(bad.result == 0);
  CHECK(bad.reply == "error: dbpath egdb folder " + missing + " not found");
  CHECK(ask(engine, "get dbpath").reply == dir);

  // A copy of the database with one slice damaged: refused, naming the file.
  namespace fs = std::filesystem;
  const fs::path damaged = fs::path(DAMIERA_BUILD_DIR) / "cb-egdb-damaged";
  fs::remove_all(damaged);
  fs::create_directories(damaged);
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".egdb") fs::copy_file(e.path(), damaged / e.path().filename());
  std::ofstream(damaged / "20-01.egdb", std::ios::binary | std::ios::in | std::ios::out)
      .write("XXXXXXXX", 8);
  bad = ask(engine, ("set dbpath " + damaged.string()).c_str());
  CHECK(bad.result == 0);
  CHECK(bad.reply == "error: dbpath egdb file " + (damaged / "20-01.egdb").string() +
                         ": not a damiera egdb file");
  CHECK(ask(engine, ("set check_wld_dir " + damaged.string()).c_str()).result == 0);
  CHECK(ask(engine, "get dbpath").reply == dir);
  CHECK(std::string(getMove(engine, won, 10.0).status).find("db win") != std::string::npos);
  fs::remove_all(damaged);

  CHECK(ask(engine, ("set check_wld_dir " + dir).c_str()).result == 1);
  CHECK(ask(engine, "set dbpath").result == 1);  // nothing after it: no database
  CHECK(ask(engine, "get dbpath").reply.empty());
  CHECK(std::string(getMove(engine, won, 10.0).status).find("db win") == std::string::npos);

  // CheckerBoard's "WLD database" box: off, nothing is probed, but the folder stays set.
  REQUIRE(ask(engine, ("set dbpath " + dir).c_str()).result == 1);
  CHECK(ask(engine, "get enable_wld").reply == "1");
  CHECK(ask(engine, "set enable_wld 0").result == 1);
  CHECK(ask(engine, "get enable_wld").reply == "0");
  CHECK(ask(engine, "get dbpath").reply == dir);
  const Call disabled = getMove(engine, won, 10.0);
  CHECK(std::string(disabled.status).find("db win") == std::string::npos);
  CHECK(disabled.result == kUnknown);
  for (const char* bad : {"set enable_wld 2", "set enable_wld on", "set enable_wld"}) {
    const Answer a = ask(engine, bad);
    CHECK(a.result == 0);
    CHECK(a.reply.rfind("error: ", 0) == 0);
  }
  CHECK(ask(engine, "get enable_wld").reply == "0");
  CHECK(ask(engine, "set enable_wld 1").result == 1);
  CHECK(ask(engine, "get enable_wld").reply == "1");
  const Call enabled = getMove(engine, won, 10.0);
  CHECK(std::string(enabled.status).find("score db win") != std::string::npos);
  CHECK(enabled.result == kWin);

  CHECK(ask(engine, "set dbmbytes 0").result == 0);
  CHECK(ask(engine, "set dbmbytes 16").result == 1);
  CHECK(ask(engine, "get dbmbytes").reply == "16");
  CHECK(ask(engine, "set max_dbpieces 25").result == 0);
  CHECK(ask(engine, "set max_dbpieces 24").result == 1);  // CheckerBoard's "No limit"
  CHECK(ask(engine, "get max_dbpieces").reply == "24");
}

TEST_CASE("set allscores: the status lists every move with its score, best first",
          "[checkerboard]") {
  cb::FrontEnd engine;
  CHECK(ask(engine, "get allscores").reply == "0");
  for (const char* bad : {"set allscores 2", "set allscores yes", "set allscores"}) {
    const Answer a = ask(engine, bad);
    CHECK(a.result == 0);
    CHECK(a.reply.rfind("error: ", 0) == 0);
  }
  ask(engine, "set depth 5");
  const std::string normal = getMove(engine, kStart, 10.0).status;
  INFO(normal);
  CHECK(normal.find("  pv ") != std::string::npos);

  REQUIRE(ask(engine, "set allscores 1").result == 1);
  CHECK(ask(engine, "get allscores").reply == "1");
  const Call call = getMove(engine, kStart, 10.0);
  const std::string status = call.status;
  INFO(status);
  CHECK(status.rfind("depth 5/", 0) == 0);
  CHECK(status.find(" pv ") == std::string::npos);

  // After "... nps N": move and score pairs (scores in men at this depth, no forced result).
  std::istringstream words(status.substr(status.find("nps ")));
  std::string word;
  words >> word >> word;
  std::vector<std::string> listed;
  std::vector<double> scores;
  for (std::string move, score; words >> move >> score;) {
    listed.push_back(move);
    scores.push_back(std::stod(score));
  }
  const Position start = *parseFen(kStart).value;
  std::vector<std::string> legal;
  std::string played;
  const std::string after = boardAfter(call, kStart);
  for (const PathMove& m : generatePathMoves(start)) {
    legal.push_back(formatMove(m));
    if (formatFen(start.after(m.move)) == after) played = formatMove(m);
  }
  REQUIRE(legal.size() == 7);
  std::vector<std::string> sortedListed = listed;
  std::sort(sortedListed.begin(), sortedListed.end());
  std::sort(legal.begin(), legal.end());
  CHECK(sortedListed == legal);                           // every legal move, once
  CHECK(std::is_sorted(scores.rbegin(), scores.rend()));  // best first
  REQUIRE(!listed.empty());
  CHECK(listed.front() == played);  // and the best is the move played

  REQUIRE(ask(engine, "set allscores 0").result == 1);
  CHECK(std::string(getMove(engine, kStart, 10.0).status).find("  pv ") != std::string::npos);
}
