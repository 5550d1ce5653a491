#pragma once
// The search's tunable constants (reductions, pruning margins, aspiration, time management),
// gathered so that a tuner (tools/spsa, docs/spsa.md) can set them per engine process through
// the option SearchTunables without a rebuild. The defaults are the engine's values; a search
// with the defaults is the same search, node for node, as before they were tunable.
#include <string>
#include <string_view>
#include <vector>

namespace damiera {

struct SearchTunables {
  // Aspiration windows: from this depth, search around the previous score first.
  int aspirationMinDepth = 5;
  int aspirationDelta = 20;
  // Late move reductions: reduction(d, n) = base + ln(d) ln(n) / divisor, in hundredths.
  int lmrMinDepth = 3;
  int lmrMinMoveIndex = 2;
  int lmrBasePercent = 50;
  int lmrDivisorPercent = 160;
  // Reverse futility pruning at the last plies.
  int rfpMaxDepth = 3;
  int rfpMarginPerPly = 90;
  int rfpMinPieces = 10;
  // Internal iterative reduction from this depth.
  int iirMinDepth = 4;
  // History bonus: depth squared, the depth capped here.
  int historyBonusMaxDepth = 20;
  // The evaluation fades to zero over this share of the no-progress limit (R15): 200, half of
  // it left at the limit (Worker::fadedByNoProgress).
  int noProgressFadePercent = 200;
  // How the best move's instability stretches the soft limit (hundredths).
  int stableInstabilityPercent = 75;
  int maxInstabilityPercent = 200;
  int instabilityDecayPercent = 50;
  // The clock's share-out (timeman.cpp).
  int defaultMovesToGo = 30;
  int incrementPercent = 75;
  int hardOverSoftPercent = 400;
  int maxClockPercent = 50;
  int startIterationHardPercent = 50;

  bool operator==(const SearchTunables&) const = default;
};

// One tunable: its name in SearchTunables' text, its field, the values it may take, and the
// perturbation an SPSA run starts from (fishtest's c_end: about a step the search notices).
struct TunableDeclaration {
  std::string_view name;
  int SearchTunables::*field;
  int min;
  int max;
  double spsaStep;
};

// Every tunable, in a fixed order.
const std::vector<TunableDeclaration>& tunableDeclarations();

// "name=value,name=value": the named tunables, the others at their defaults. Empty: all
// defaults. `error` says what is wrong otherwise (unknown name, a value that is not an integer
// or is out of its range, a name given twice). No exceptions: the WebAssembly build compiles
// the search without them.
struct ParsedTunables {
  SearchTunables tunables;
  std::string error;  // empty: parsed
  explicit operator bool() const { return error.empty(); }
};
ParsedTunables parseSearchTunables(std::string_view text);

// Every tunable as "name=value,..." (parseSearchTunables' inverse).
std::string formatSearchTunables(const SearchTunables& tunables);

}  // namespace damiera
