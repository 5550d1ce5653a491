#pragma once
// Plays one self-play game with the engine's own search and turns it into training records.
// A game depends only on the configuration and its index (its random choices come from a
// generator seeded by both, and the table and histories are cleared first), so which thread
// plays it, and when, changes nothing: a run is reproducible and resumable.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"
#include "openings/openings.h"
#include "search/search.h"
#include "tools/selfplay/selfplay_config.h"
#include "train/sample.h"

namespace damiera::selfplay {

struct PlayedGame {
  std::vector<train::Sample> samples;  // one per engine move, in order; the first has kGameStart
  GameResult result;                   // by the rules (R13..R15), or adjudicated
  bool adjudicated = false;
  int plies = 0;  // plies of the whole game, opening included
};

class GamePlayer {
 public:
  // `openings` empty: every game starts from the start position.
  GamePlayer(const SelfPlayConfig& config, const std::vector<openings::Opening>& openings);

  PlayedGame play(std::int64_t gameIndex);

 private:
  struct Searched {
    Move best;
    int score = 0;        // raw search score (search/score.h), side to move's view
    bool scored = false;  // an iteration completed (search() makes sure one does)
  };
  Searched search(const Game& game, std::uint64_t nodes);  // nodes 0: no node limit
  // The result the database knows for the game's position, or nothing (no database, too many
  // pieces, a slice it lacks, a win R15 would spoil).
  std::optional<GameResult> databaseResult(const Game& game) const;

  const SelfPlayConfig& config_;
  const std::vector<openings::Opening>& openings_;
  SearchContext context_;
  SearchLimits limits_;  // all but the node limit, which each search draws
  SearchOptions options_;
};

}  // namespace damiera::selfplay
