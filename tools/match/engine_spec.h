#pragma once
// How to reach one engine and how it is set up: from `--engine name=A cmd="path args" ...`.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/match/tcp_connection.h"
#include "tools/match/time_control.h"

namespace damiera::match {

struct EngineSpec {
  std::string name;                  // unique in the match; White/Black in the PDN
  std::vector<std::string> command;  // a child process: program and arguments ...
  std::string workingDir;            // ... started here (empty: the runner's own)
  std::optional<TcpAddress> tcp;     // ... or a running server
  std::vector<std::pair<std::string, std::string>> options;  // setoption name/value, in order
  SearchLimits limits;  // this engine's own; the match-wide ones fill the gaps
};

}  // namespace damiera::match
