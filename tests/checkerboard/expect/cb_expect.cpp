// The Linux side of the CheckerBoard DLL's Wine tests: the native rules core says what the DLL,
// running under Wine, must answer.
//   damiera-cb-expect positions         the test positions and every legal move in each
//                                       (landing path, captured squares, position after)
//   damiera-cb-expect check-game FILE   replays a game the DLL played against itself: every
//                                       move legal, every position as recorded, and the game
//                                       over by the rules (R13..R15) exactly where it stopped
//   damiera-cb-expect database DIR DAMAGED_DIR
//                                       builds the 2..3 piece endgame database into DIR and a
//                                       copy with one slice damaged into DAMAGED_DIR, then
//                                       prints a won position, the moves that keep the win (the
//                                       Linux reader's values) and the move the native
//                                       CheckerBoard engine plays there at depth 4 with DIR
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "checkerboard/board8.h"
#include "checkerboard/front_end.h"
#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "egdb/database.h"
#include "egdb_build/build_driver.h"

using namespace damiera;

namespace {

// Each one shows something the DLL must get right; the rule ids are docs/rules.md's.
const char* const kPositions[] = {
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",  // R3: the start
    "W:W22,K32:B10,18,K28",         // P1: two men (22x13x6) beat one king
    "W:W23,K30:B19,26",             // P2: the king captures (30x21), not the man
    "W:W10,K30:B6,26",              // P2: a man promoting on the way is still a man
    "W:WK16:B11,12,20,K4,K19,K27",  // P3: two kings late beat one king early
    "W:WK26:BK22,K14,5,15,K7",      // P4: the earlier second king (26x19x10x1)
    "W:WK19:BK14,6,22,K21",         // P4: the first king at jump 1 (19x10x3)
    "W:W31:B27,K18",                // R8: the man stops on 22, facing the king
    "W:W22:BK18",                   // R8: a man never takes a king: only 22-19
    "B:WK18:B14",                   // R8 for Black: only 14-19
    "B:W15:BK19",                   // R9: a king captures backward (19x12)
    "W:WK27:B14,15,22,23",          // P5: two paths, one result
    "B:W22,23,26:B11,13,14,18",     // Black to move, a man capture to choose
    "W:W13:BK9,K10",                // no legal move: R8 walls the man in (R13: lost)
};

int positions() {
  for (const char* fen : kPositions) {
    const Parsed<Position> pos = parseFen(fen);
    if (!pos) {
      std::cerr << "bad test position " << fen << ": " << pos.error << "\n";
      return 1;
    }
    std::cout << "position " << formatFen(*pos.value) << "\n";
    for (const PathMove& m : generatePathMoves(*pos.value)) {
      std::string captured;
      for (int n = 1; n <= kNumSquares; ++n) {
        if (!(m.move.captured & bit(squareFromNumber(n)))) continue;
        captured += (captured.empty() ? "" : ",") + std::to_string(n);
      }
      std::cout << "move " << formatMove(m) << ' ' << (captured.empty() ? "-" : captured) << ' '
                << formatFen(pos.value->after(m.move)) << "\n";
    }
    std::cout << "end\n";
  }
  return 0;
}

int fail(int line, const std::string& why) {
  std::cerr << "check-game: line " << line << ": " << why << "\n";
  return 1;
}

int checkGame(const std::string& file) {
  std::ifstream in(file);
  if (!in) return fail(0, "cannot read " + file);
  std::optional<Game> game;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    std::istringstream words(line);
    std::string kind, first, second;
    words >> kind >> first >> second;
    if (kind == "start") {
      const Parsed<Position> pos = parseFen(first);
      if (!pos) return fail(lineNumber, pos.error);
      game.emplace(*pos.value);
    } else if (kind == "ply" && game) {
      if (game->result().outcome != Outcome::Ongoing) {
        return fail(lineNumber, "a move after the game was over by the rules");
      }
      const Parsed<PathMove> m = parseMove(game->position(), first);
      if (!m || formatMove(*m.value) != first) {
        return fail(lineNumber, "illegal move " + first + ": " + (m ? "not a full path" : m.error));
      }
      game->play(m.value->move);
      if (formatFen(game->position()) != second) {
        return fail(lineNumber, "after " + first + " the position is " +
                                    formatFen(game->position()) + ", recorded " + second);
      }
    } else if (kind == "end" && game) {
      const GameResult result = game->result();
      const bool drawn = result.outcome == Outcome::Draw;
      const bool ok = (first == "no-moves" && result.reason == OutcomeReason::NoMoves) ||
                      (first == "no-pieces" && result.reason == OutcomeReason::NoPieces) ||
                      (first == "repetition" && result.reason == OutcomeReason::Repetition) ||
                      (first == "no-progress" && result.reason == OutcomeReason::NoProgress) ||
                      (first == "draw-claim" && drawn);
      if (!ok) return fail(lineNumber, "the game ended (" + first + ") but the rules disagree");
      std::cout << "check-game: " << game->moves().size() << " plies, legal, over by the rules ("
                << first << ")\n";
      return 0;
    } else {
      return fail(lineNumber, "unexpected line: " + line);
    }
  }
  return fail(lineNumber, "the record has no end line");
}

// Two kings against one: won, but 24-28 only draws. A 4-ply search cannot see the win alone.
constexpr const char* kDatabasePosition = "W:WK24,K32:BK30";
constexpr int kDatabasePieces = 3;
constexpr const char* kDamagedSlice = "20-01.egdb";

int database(const std::string& dir, const std::string& damagedDir) {
  namespace fs = std::filesystem;
  egdb::buildAll(dir, kDatabasePieces, 1, {});
  fs::remove_all(damagedDir);
  fs::create_directories(damagedDir);
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".egdb") fs::copy_file(e.path(), damagedDir / e.path().filename());
  std::fstream(fs::path(damagedDir) / kDamagedSlice,
               std::ios::binary | std::ios::in | std::ios::out)
      .write("NOTADB!!", 8);  // the magic bytes

  const Position pos = *parseFen(kDatabasePosition).value;
  egdb::Database db(dir, kDatabasePieces, 1 << 20);
  std::cout << "database " << kDatabasePosition << "\n";
  for (const PathMove& m : generatePathMoves(pos)) {
    const std::optional<egdb::Value> v = db.probe(pos.after(m.move));
    if (v && v->wdl == egdb::Wdl::Loss) std::cout << "win " << formatMove(m) << "\n";
  }

  cb::FrontEnd engine;
  char reply[cb::kTextSize] = "";
  const std::string set = "set dbpath " + dir;
  if (engine.command("set depth 4", reply) != 1 || engine.command(set.c_str(), reply) != 1) {
    std::cerr << "database: " << reply << "\n";
    return 1;
  }
  cb::Board8x8 board{};
  cb::writeBoard(pos, board);
  char status[cb::kTextSize] = "";
  int playnow = 0;
  cb::CBmove move{};
  engine.getMove(board, cb::kWhite, 600, status, &playnow, cb::kInfoReset, 0, &move);
  const Parsed<Position> after = cb::positionFromBoard(board, cb::kBlack);
  for (const PathMove& m : generatePathMoves(pos))
    if (after && pos.after(m.move) == *after.value) std::cout << "native " << formatMove(m) << "\n";
  std::cout << "damaged " << kDamagedSlice << "\nend\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && args[0] == "positions") return positions();
  if (args.size() == 2 && args[0] == "check-game") return checkGame(args[1]);
  if (args.size() == 3 && args[0] == "database") return database(args[1], args[2]);
  std::cerr << "usage: damiera-cb-expect positions | check-game FILE | database DIR DAMAGED_DIR\n";
  return 2;
}
