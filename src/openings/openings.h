#pragma once
// Opening positions: each is played twice per pairing, the engines swapping colours.
//
// An openings file holds one opening per line: a FEN ("B:W18,21-32:B1-9,11,12") or a move
// sequence from the start position ("22-18 10-14 23-19", move numbers allowed). Blank lines and
// lines starting with '#' are ignored. A file whose first text is a '[' is read as PDN instead:
// each game's start position and moves are an opening. Every move is checked with the rules.
#include <string>
#include <vector>

#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera::openings {

struct Opening {
  Position start = Position::start();  // where the game's move text starts
  std::vector<PathMove> moves;         // played before the engines take over
  std::string source;                  // "FILE:LINE" or "FILE game N", for messages
};

Parsed<std::vector<Opening>> loadOpenings(const std::string& path);

// The position after the opening's moves.
Position openingPosition(const Opening& opening);

}  // namespace damiera::openings
