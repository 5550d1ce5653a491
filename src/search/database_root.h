#pragma once
// The root move choice an endgame database makes (docs/egdb.md): when every root move leads to
// a position the database knows, keep among winning moves the one that converts fastest, never
// one whose conversion the R15 count would overtake; with no such win, keep the moves that do
// not lose (search chooses among them); when all lose, keep the one that resists longest.
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "search/limits.h"
#include "search/worker.h"

namespace damiera {

// Narrows `moves` as above (unchanged when the database does not cover the root); returns the
// number of database probes made.
std::uint64_t keepDatabaseRootMoves(const Game& game, const SearchOptions& options,
                                    std::vector<RootMove>& moves);

}  // namespace damiera
