#pragma once
// The command line of damiera-match: options (Boost.Program_options) and the engine groups
// `--engine key=value ...` / `--each key=value ...`, into a checked MatchConfig.
#include <optional>
#include <string>
#include <vector>

#include "tools/match/match_config.h"

namespace damiera::match {

struct CommandLine {
  std::optional<MatchConfig> config;  // set when the match should run
  std::string error;                  // set on a usage error (exit code 2)
  std::string text;                   // --help or --version output
  // --combine FILE...: add up the games of these PDN files (the shards of one match) instead.
  std::vector<std::string> combineFiles;
  std::optional<SprtParameters> combineSprt;
};

CommandLine parseCommandLine(const std::vector<std::string>& args);

// "path 'an arg' \"another\"": words split on blanks, quotes group, backslash escapes.
std::optional<std::vector<std::string>> splitCommand(const std::string& text);

}  // namespace damiera::match
