#pragma once
// damiera-analyse's run: the input's games read and named, those already in the output
// skipped, the rest analysed by --jobs workers, the output rewritten whole (temporary file,
// rename) after every game, so that an interrupted run loses at most the games in progress.
#include <optional>
#include <string>
#include <vector>

#include "analysis/game_analysis.h"

namespace damiera::analyse {

struct Config {
  std::vector<std::string> inputs;  // files; "-" or none: standard input
  std::optional<std::string> output;
  std::optional<std::string> htmlDir;
  analysis::Effort effort;
  analysis::Thresholds thresholds;
  int jobs = 1;
  bool quiet = false;
};

// 0: every game analysed (or already done); 1: some game could not be read or written (each
// named on stderr, the others analysed).
int runAnalyse(const Config& config);

}  // namespace damiera::analyse
