#pragma once
// Start positions for the endings measurement: from each drawn game, the first king ending
// (king_ending.h) it reached, one a game, each position once.
#include <cstdint>
#include <string>
#include <vector>

#include "core/pdn.h"
#include "tools/endings/king_ending.h"

namespace damiera::endings {

struct SampledEnding {
  std::string fen;
  KingEnding ending;
  std::string source;  // "games.pdn game 12 ply 64"
};

// The king endings of the drawn games of one PDN file (`name` as the source says it), in game
// order, each FEN once among `seen` (which it extends).
std::vector<SampledEnding> endingsOfDraws(const std::vector<PdnGame>& games,
                                          const std::string& name, PieceRange range,
                                          std::vector<std::string>& seen);

// At most `count` of `all` (0: all), chosen by `seed` the same way on every machine, in the
// order they came.
std::vector<SampledEnding> choose(const std::vector<SampledEnding>& all, std::size_t count,
                                  std::uint64_t seed);

// The file damiera-match reads as openings (one FEN a line; `#` lines are comments): a header
// saying what it holds, then each FEN after a comment with its balance and its source.
std::string openingsFile(const std::vector<SampledEnding>& chosen, PieceRange range);

}  // namespace damiera::endings
