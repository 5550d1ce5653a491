// damiera-match: engine-vs-engine matches for Italian draughts (docs/match.md).
#include <iostream>
#include <string>
#include <vector>

#include "openings/openings.h"
#include "tools/match/cli.h"
#include "tools/match/combine.h"
#include "tools/match/engine_client.h"
#include "tools/match/report.h"
#include "tools/match/stop_signal.h"
#include "tools/match/tournament.h"

using namespace damiera::match;
namespace openings = damiera::openings;

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitFailure = 1;
constexpr int kExitSignalBase = 128;

// Starts every engine once before the match: a wrong path, a refused option or an engine that
// never says uciok is a set-up mistake to report now, not a thousand lost games.
bool preflight(const MatchConfig& config) {
  for (const EngineSpec& spec : config.engines) {
    EngineClient engine(spec, config.timeouts);
    const std::string error = engine.prepareGame();
    if (stopRequested()) return false;
    if (!error.empty()) {
      std::cerr << "damiera-match: engine " << spec.name << ": " << error << '\n';
      return false;
    }
    std::cout << "Engine " << spec.name << ": " << (engine.idName().empty() ? "?" : engine.idName())
              << " (" << describeLimits(spec.limits) << ")" << std::endl;
  }
  return true;
}

std::vector<openings::Opening> startPositionOnly() {
  return {openings::Opening{damiera::Position::start(), {}, "start position"}};
}

// --combine: the result of the shards' games as the final table of one match, then one line a
// script reads (the SPRT campaign of docs/cluster.md stops submitting on H0/H1).
int combine(const CommandLine& commandLine) {
  try {
    const CombinedMatch match = combinePdnFiles(commandLine.combineFiles);
    std::vector<EngineSpec> engines(2);
    engines[0].name = match.first;
    engines[1].name = match.second;
    std::cout << commandLine.combineFiles.size() << " file(s), " << match.wdl.games() << " games\n"
              << finalTable(engines, {PairingResult{Pairing{0, 1}, match.wdl}},
                            commandLine.combineSprt);
    if (match.unfinished)
      std::cout << match.unfinished << " unfinished game(s) ('*') not counted\n";
    const char* verdict = "none";
    if (commandLine.combineSprt) {
      const SprtVerdict v =
          sprtVerdict(sprtLlr(match.wdl, *commandLine.combineSprt), *commandLine.combineSprt);
      verdict = v == SprtVerdict::AcceptH1 ? "H1" : v == SprtVerdict::AcceptH0 ? "H0" : "continue";
    }
    std::cout << "combined W " << match.wdl.wins << " D " << match.wdl.draws << " L "
              << match.wdl.losses << " sprt " << verdict << '\n';
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "damiera-match: " << e.what() << '\n';
    return kExitFailure;
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  const CommandLine commandLine = parseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
  if (!commandLine.error.empty()) {
    std::cerr << "damiera-match: " << commandLine.error << "\nTry 'damiera-match --help'.\n";
    return kExitUsage;
  }
  if (!commandLine.combineFiles.empty()) return combine(commandLine);
  if (!commandLine.config) {
    std::cout << commandLine.text;
    return 0;
  }
  const MatchConfig& config = *commandLine.config;

  std::vector<openings::Opening> openings = startPositionOnly();
  if (!config.openingsFile.empty()) {
    damiera::Parsed<std::vector<openings::Opening>> loaded =
        openings::loadOpenings(config.openingsFile);
    if (!loaded) {
      std::cerr << "damiera-match: " << loaded.error << '\n';
      return kExitUsage;
    }
    openings = std::move(*loaded.value);
  }
  const std::int64_t gamesPerPairing =
      config.gamesPerPairing.value_or(2 * static_cast<std::int64_t>(openings.size()));

  installStopSignal();
  if (!preflight(config))
    return stopRequested() ? kExitSignalBase + stopSignalNumber() : kExitUsage;
  std::cout << "Openings: " << openings.size() << " ("
            << (config.openingsFile.empty() ? "start position" : config.openingsFile) << "), "
            << (config.untilSprtVerdict ? "until the SPRT decides"
                                        : std::to_string(gamesPerPairing) + " games per pair")
            << ", concurrency " << config.concurrency
            << (config.shardCount > 1 ? ", shard " + std::to_string(config.shardIndex) + "/" +
                                            std::to_string(config.shardCount)
                                      : std::string())
            << std::endl;  // flushed: whoever reads a pipe (a GUI, a test) sees the start

  try {
    Tournament tournament(config, std::move(openings), gamesPerPairing, std::cout);
    const MatchSummary summary = tournament.run();
    std::cout << "\n" << finalTable(config.engines, summary.results, config.sprt);
    if (summary.gamesAborted > 0)
      std::cout << summary.gamesAborted << " game(s) in progress were aborted and not counted\n";
    if (stopRequested() && stopSignalNumber() != 0) {
      std::cout << "Stopped by signal " << stopSignalNumber() << "\n";
      return kExitSignalBase + stopSignalNumber();
    }
  } catch (const std::exception& e) {
    std::cerr << "damiera-match: " << e.what() << '\n';
    return kExitFailure;
  }
  return 0;
}
