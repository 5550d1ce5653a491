#pragma once
// What every front-end over the Engine (the native Session, the HubSession, the CheckerBoard
// engine) does alike whatever its dialect: walking a principal variation into notation, and
// building a game from a start position and moves, refusing any move once the game is over.
// Each front-end gives its own notation and its own words for a refusal.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera {

// A move in a dialect's notation, or "" when it is not legal in the position.
using MoveNotation = std::function<std::string(const Position& pos, const Move& move)>;

// The moves of `pv` from `root` in `notation`, each in the position it is played from. The walk
// stops at the first move that is not legal there, which a correct search never reports: never
// print an illegal move.
std::vector<std::string> pvInNotation(Position root, const std::vector<Move>& pv,
                                      const MoveNotation& notation);

// The game from `start` after `moves` moves, the i-th (0-based) given by moveAt(position, i):
// legal there, or why not. Every finished game alike (R13..R15): no move is taken once the game
// is over. A refused move is worded by refusal(i, reason) and keeps its code (moveAt's, or
// game-over); nothing is built then.
Parsed<Game> gameFromMoves(
    const Position& start, int noProgressLimitPlies, std::size_t moves,
    const std::function<Parsed<Move>(const Position& pos, std::size_t i)>& moveAt,
    const std::function<std::string(std::size_t i, const std::string& reason)>& refusal);

}  // namespace damiera
