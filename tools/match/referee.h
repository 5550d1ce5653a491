#pragma once
// One game between two engines, refereed with the rules core: every reply is checked (the rules
// of docs/rules.md), a broken rule, a crash, garbage or silence loses for the engine at fault,
// and the game ends on R13..R15 or an adjudication.
#include <chrono>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "openings/openings.h"
#include "tools/match/adjudicator.h"
#include "tools/match/engine_client.h"
#include "tools/match/schedule.h"
#include "tools/match/time_control.h"

namespace damiera::match {

struct GameRecord {
  GameTask task;
  int white = 0;  // engine indices
  int black = 1;
  openings::Opening opening;
  std::vector<PathMove> moves;  // the engines' moves, after the opening's
  Outcome outcome = Outcome::Ongoing;
  std::string termination;  // why the game ended, one line
  bool aborted = false;     // the runner was stopped: the game does not count
  std::string date;         // "YYYY.MM.DD", when the game started
};

struct GamePlayers {
  EngineClient& white;
  EngineClient& black;
  const SearchLimits& whiteLimits;
  const SearchLimits& blackLimits;
};

GameRecord playGame(const GameTask& task, int whiteIndex, int blackIndex,
                    const openings::Opening& opening, const GamePlayers& players,
                    const AdjudicationRules& rules, const Timeouts& timeouts);

// "position startpos moves ..." or "position fen <FEN> moves ...".
std::string positionCommand(const Position& start, const std::vector<PathMove>& moves);

// "1-0", "0-1", "1/2-1/2" ("*" for an unfinished game).
std::string resultText(Outcome outcome);

}  // namespace damiera::match
