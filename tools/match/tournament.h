#pragma once
// Plays the scheduled games, `concurrency` at a time. Each worker thread owns its engine
// processes (one per engine it needs, reused from game to game and restarted after a failure)
// and ends them before it finishes. Results are gathered in one place: totals, the PDN file,
// the progress output and the SPRT, which stops the match once it has a verdict.
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "openings/openings.h"
#include "tools/match/match_config.h"
#include "tools/match/pdn_output.h"
#include "tools/match/referee.h"
#include "tools/match/report.h"
#include "tools/match/schedule.h"

namespace damiera::match {

struct MatchSummary {
  std::vector<PairingResult> results;
  std::int64_t gamesPlayed = 0;
  std::int64_t gamesAborted = 0;  // in progress when the match stopped; not counted
  std::optional<SprtVerdict> sprtVerdict;
};

class Tournament {
 public:
  // Throws std::runtime_error if the PDN file or the log folder cannot be created.
  Tournament(const MatchConfig& config, std::vector<openings::Opening> openings,
             std::int64_t gamesPerPairing, std::ostream& out);

  MatchSummary run();

 private:
  void worker();
  std::optional<GameTask> nextTask();
  void finish(const GameRecord& record);
  std::shared_ptr<EngineLog> openLog(const GameTask& task, int engine) const;

  const MatchConfig& config_;
  std::vector<openings::Opening> openings_;
  std::vector<Pairing> pairings_;
  Schedule schedule_;
  std::int64_t shardGames_ = 0;  // the games of this shard (all of them without --shard)
  std::ostream& out_;
  bool interactive_;  // out_ is a terminal: the progress line is redrawn in place

  std::mutex mutex_;  // guards everything below
  std::int64_t nextIndex_ = 0;
  std::unique_ptr<PdnFile> pdn_;
  MatchSummary summary_;
};

}  // namespace damiera::match
