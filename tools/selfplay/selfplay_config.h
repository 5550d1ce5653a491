#pragma once
// What one damiera-selfplay run is asked to do (docs/selfplay.md, "damiera-selfplay").
#include <cstdint>
#include <memory>
#include <string>

#include "egdb/prober.h"

namespace damiera::selfplay {

struct SelfPlayConfig {
  std::string out;  // chunks are written to out.0000, out.0001, ...
  std::int64_t games = 1000;
  int threads = 1;
  // Per move: a fixed node count (exact with one search thread, so a game is reproducible), or
  // a fixed depth; both may be set (the first reached ends the search).
  std::uint64_t nodes = 5000;
  int depth = 0;
  // Each search's node limit is drawn in nodes +- nodeJitter percent (docs/selfplay.md).
  int nodeJitter = 20;
  std::uint64_t seed = 1;
  std::string openingsFile;  // empty: every game starts from the start position (R3)
  int randomPlies = 6;       // uniformly random legal moves after the opening
  // The first search of a game must score within +-balance (hundredths of a man), else the
  // random plies are drawn again (up to kBalanceAttempts times).
  int balance = 60;
  int gamesPerChunk = 500;
  int hashMb = 16;             // each playing thread's transposition table
  int maxPlies = 600;          // a game still going then is adjudicated a draw
  bool adjudicateWins = true;  // a win the search proved ends the game (docs/selfplay.md)
  // An endgame database the searches probe, up to `databasePieces` pieces; with
  // adjudicateWins, the first position of the game within it ends the game with its value.
  std::shared_ptr<egdb::Prober> database;
  int databasePieces = 0;

  // The settings a chunk's contents depend on (not games or threads): a rerun must match them.
  std::string settingsText() const;
};

inline constexpr int kBalanceAttempts = 16;

}  // namespace damiera::selfplay
