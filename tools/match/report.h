#pragma once
// What the runner prints: the live progress line and the final table per engine pair.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/engine_spec.h"
#include "tools/match/schedule.h"
#include "tools/match/stats.h"

namespace damiera::match {

// "+35.2", "-inf".
std::string formatElo(double elo);

// "[ 12/100] A vs B  W 5 D 4 L 3  58.3%  Elo +58.5 +- 120.3  LLR 0.21 (-2.94, 2.94)": the
// pair's figures when the match has one pair, else the overall count only. total 0: no fixed
// number of games (an SPRT runs until its verdict), shown as "[12]".
std::string progressLine(std::int64_t done, std::int64_t total, const std::string& pairName,
                         const std::optional<Wdl>& singlePair,
                         const std::optional<SprtParameters>& sprt);

struct PairingResult {
  Pairing pairing;
  Wdl wdl;  // from the first engine's side
};

// One row per pair: games, W/D/L, score, Elo with its 95% interval, LOS, draw ratio and, for
// a match under SPRT, the verdict. With more than two engines, standings by points follow.
std::string finalTable(const std::vector<EngineSpec>& engines,
                       const std::vector<PairingResult>& results,
                       const std::optional<SprtParameters>& sprt);

std::string sprtSummary(const Wdl& wdl, const SprtParameters& sprt);

}  // namespace damiera::match
