#pragma once
// How an engine played king endings (king_ending.h): the games of a match started from them
// (damiera-match --openings with a `sample` file), tallied by the engine's side of the balance,
// with how each draw came (R14 repetition, R15 no progress) and, with an endgame database, what
// became of the first database position each game reached: a win the engine kept or missed, a
// loss it held, a draw it traded into.
#include <string>
#include <vector>

#include "core/pdn.h"
#include "egdb/prober.h"
#include "tools/endings/king_ending.h"

namespace damiera::endings {

struct Tally {
  int games = 0, wins = 0, draws = 0, losses = 0;
  int byRepetition = 0, byNoProgress = 0;  // draws, by R14 and by R15
  long plies = 0;
  // With a database: games that reached it, and what the first position reached in it was.
  int reached = 0;
  int dbWins = 0, dbWinsConverted = 0;       // won for the engine, and won in the game
  int dbLosses = 0, dbLossesHeld = 0;        // lost for the engine, and not lost in the game
  int dbDraws = 0, dbDrawsByOwnCapture = 0;  // drawn, and entered by the engine's own capture
};

struct EndingsReport {
  std::string engine;
  PieceRange range;
  int databasePieces = 0;  // 0: no database
  Tally level, ahead, behind;
  int notFromEnding = 0;  // games whose start is no king ending of the range
  int without = 0;        // games the engine did not play
  // With a database, one line per game where the engine let a database win go, or traded
  // into a database draw while ahead and did not win: "game 12: FEN won for main in 23 (the
  // distance to conversion); draw by threefold repetition (R14)".
  std::vector<std::string> misses;
};

// Adds one game: its start classified, its result for `report.engine` (a PDN White or Black
// tag), its termination tag, and with `database` (report.databasePieces > 0) the first position
// of the game it holds.
// `number` names the game (1-based, in the order read) in report.misses.
void tally(const PdnGame& game, int number, egdb::Prober* database, EndingsReport& report);

// The tables, as damiera-endings report prints them; with `listMisses`, report.misses after.
std::string format(const EndingsReport& report, bool listMisses);

}  // namespace damiera::endings
