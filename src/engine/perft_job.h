#pragma once
// perft as an engine job: the settings a host allows (its thread cap, its table size) and the
// count itself, run on the search thread, paced and stopped like a search. Engine::perft()
// checks and starts it; this file does the work, so the engine keeps to its calls.
#include <cstdint>
#include <functional>

#include "core/parsed.h"
#include "core/perft.h"
#include "core/perft_parallel.h"
#include "core/position.h"
#include "engine/session_environment.h"
#include "search/search.h"

namespace damiera {

// The summary of a perft: the depth, the leaves counted and how fast. When stopped, the
// figures are those of the root moves reported before the stop.
struct PerftSummary {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::uint64_t milliseconds = 0;
  std::uint64_t nodesPerSecond = 0;
  bool stopped = false;
};

// The settings a perft runs with in `environment`: its counting threads capped as a search's
// threads are (`options`: the session's search options; a server gives one thread per job, its
// pool's workers being its parallelism), and its table made now, so that a size the machine or
// the host cannot give is an error (in plain words, "perft: ...") before the job starts.
Parsed<PerftSettings> perftSettingsFor(const PerftSettings& requested,
                                       const SessionEnvironment& environment,
                                       const SearchOptions& options);

// Counts perft `depth` from `root` under `control` (its pacer, its stop), calling `onEntry`
// for each root move as it is counted; the summary covers the entries given.
PerftSummary runPerftJob(const Position& root, int depth, const PerftSettings& settings,
                         SearchControl& control,
                         const std::function<void(const PerftDivideEntry&)>& onEntry);

}  // namespace damiera
