#pragma once
// Everything the command line decides about a match.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/adjudicator.h"
#include "tools/match/engine_spec.h"
#include "tools/match/schedule.h"
#include "tools/match/stats.h"
#include "tools/match/time_control.h"

namespace damiera::match {

struct MatchConfig {
  std::vector<EngineSpec> engines;  // limits already merged with the match-wide ones
  TournamentKind kind = TournamentKind::RoundRobin;
  std::string openingsFile;  // empty: every game from the start position
  bool shuffleOpenings = false;
  std::uint64_t seed = 0;
  std::optional<std::int64_t> gamesPerPairing;  // unset: two per opening
  bool untilSprtVerdict = false;  // an SPRT without --games/--rounds: gamesPerPairing is a cap
  int concurrency = 1;
  std::optional<SprtParameters> sprt;
  AdjudicationRules adjudication;
  Timeouts timeouts;
  std::string pdnFile;  // empty: no PDN
  std::string logDir;   // empty: no engine logs
  std::string event = "damiera-match";
  // --shard K/N: only the rounds r (one opening, both colours, every pairing) with
  // r mod N == K - 1 are played, e.g. by one task of a Slurm job array (docs/cluster.md).
  std::int64_t shardIndex = 1;
  std::int64_t shardCount = 1;
};

}  // namespace damiera::match
