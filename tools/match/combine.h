#pragma once
// --combine: the one result of a match played in shards (docs/cluster.md), from the games of
// the shards' PDN files, counted from the side of the engine that was White in the match's
// first game (the schedule's first engine).
#include <cstdint>
#include <string>
#include <vector>

#include "tools/match/stats.h"

namespace damiera::match {

struct CombinedMatch {
  std::string first;  // White of the lowest Round: the match's first engine
  std::string second;
  Wdl wdl;                      // from first's side
  std::int64_t unfinished = 0;  // games with the result '*', not counted
};

// Throws std::runtime_error naming the file (and game) when a file cannot be read or parsed,
// a game has no White/Black/Round tags, or more than two engines play.
CombinedMatch combinePdnFiles(const std::vector<std::string>& files);

}  // namespace damiera::match
