#pragma once
// What damiera-load accepts as a correct reply, checked against its own copy of the rules:
// the exact legalmoves line, well-formed info lines whose pv is a legal sequence, and a legal
// bestmove (and ponder move).
#include <optional>
#include <string>
#include <string_view>

#include "core/position.h"

namespace damiera::load {

// nullopt when `line` is the position's legalmoves reply, else what is wrong.
std::optional<std::string> checkLegalMoves(const Position& pos, std::string_view line);

// nullopt when `line` is a well-formed "info ..." line (PROTOCOL.md) whose pv moves are legal
// one after another from `pos`, else what is wrong.
std::optional<std::string> checkInfo(const Position& pos, std::string_view line);

// nullopt when `moves` (space-separated, as the engine writes them) are legal one after
// another from `pos`, else what is wrong: the pv of an info line, or of an HTTP evaluation.
std::optional<std::string> checkMoveSequence(const Position& pos, std::string_view moves);

// nullopt when `line` is "bestmove <legal move> [ponder <legal reply>]", or "bestmove none"
// when the side to move has no legal move.
std::optional<std::string> checkBestMove(const Position& pos, std::string_view line);

}  // namespace damiera::load
