#include "search/bench.h"

#include <chrono>
#include <memory>
#include <string>

#include "core/fen.h"
#include "core/game.h"

namespace damiera {

namespace {

// Taken from engine self-play games (a few random opening moves, then short searches), plus
// the published perft positions (docs/rules.md) and a few composed ones.
const std::vector<std::string_view> kPositions = {
    // Openings
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,8,9,10,11,12",
    "W:W17,18,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,10,11,12",
    "B:W18,20,21,24,27,28,29,30,31,32:B1,2,3,4,5,7,9,10,11,15",
    "W:W18,21,23,24,25,26,29,30,31,32:B1,2,3,4,7,8,9,10,12,15",
    "B:W18,23,24,26,27,28,29,30,31,32:B1,2,3,4,5,6,8,9,10,12",
    "B:W16,18,23,26,27,28,29,30,31,32:B1,2,3,4,5,8,9,10,11,15",
    "W:W17,22,24,25,27,29,30,31,32:B1,2,3,4,7,8,9,10,11",
    // Openings with a capture to make (R6)
    "W:W17,18,19,21,22,25,28,29,30,31,32:B1,2,3,4,5,6,8,9,11,13,24",
    "B:W7,19,22,23,24,25,26,28,29,30,31,32:B1,2,3,4,5,8,9,10,12,13,15",
    // Middlegames
    "B:W21,22,23,24,25,26,27,29,30,31:B1,2,3,4,5,6,8,9,11,12,15",
    "B:W21,22,24,26,28,29,30,31,32:B2,3,4,7,8,9,12,13,15,19",
    "W:W20,21,22,24,26,28,29,30,31,32:B1,2,3,8,9,11,12,14,15,17",
    "W:W18,21,22,23,24,29,30,31,32:B1,2,4,9,11,12,13,14,15",
    "B:W17,21,22,23,24,25,30,31,32:B2,3,4,5,7,8,9,10,15",
    "W:W9,18,21,23,24,25,28,29,30,31,32:B1,2,3,4,5,6,8,11,12,16",
    "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
    // Late middlegames
    "W:W22,23,25,26,29,30,31,32:B1,2,4,9,10,15,16,17,24",
    "W:W9,12,20,23,28,29:B1,2,14,19,21,25,27",
    "B:W17,18,19,21,22,29,31,32:B1,7,9,10,15,16,24",
    "B:W9,17,22,28,30,31,32:B1,2,3,6,11,15,24",
    // Middlegames with a capture to make, and a shot to find (14-11)
    "B:W12,21,22,27,28,29,30,31,32:B1,3,4,5,7,8,11,13,14",
    "B:W9,11,23,24,29,30,31:B2,4,7,10,15",
    "W:W14,19,20,22,23,24,27,28:B1,2,6,7,8,9,12,13",
    // Kings among men
    "W:WK4,7,9,17,29,32:B1,2,19,K26",
    "B:WK7,23,24,29,31:B2,9,16,22,26",
    "B:WK11,K12,K13,30:B4,9,K21,K22,K23,K27",
    "W:WK7,19,24,29,31:B2,9,16,22,K26",
    "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
    "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
    // Endings with men only
    "B:W10,20,31,32:B2,3,13",
    "W:W9,17,30,31:B2,5,19,21,24",
    "W:W5,23,24,25:B15,16,22",
    // Endings with kings
    "B:WK1,K2,K3,K4,17:BK22,K32",
    "W:WK2,20,31:B14,K30",
    "W:WK14,K15,K22:BK9,K13",
    "B:WK7:BK19,K28,K29,K30,K31",
    "B:WK10,K21,25,K26,32:B12,K17,K23,K28",
    "W:WK1,K7,8,9:B4,11,K15,K31",
    "W:WK18:B5",
};

}  // namespace

const std::vector<std::string_view>& benchPositions() { return kPositions; }

BenchResult runBench(int depth,
                     const std::function<void(std::string_view, const SearchResult&)>& onPosition,
                     SearchControl* control) {
  SearchContext context(std::make_shared<TranspositionTable>(kBenchHashMb));
  SearchLimits limits;
  limits.depth = depth;
  SearchOptions options;  // one thread, one line: deterministic
  BenchResult bench;
  const auto start = std::chrono::steady_clock::now();
  for (std::string_view fen : kPositions) {
    const Parsed<Position> parsed = parseFen(fen);
    if (!parsed) continue;  // a test checks that every position parses
    // Each position from scratch, so the signature does not depend on the order.
    context.table().clear();
    context.clearHistories();
    SearchControl ownControl;
    SearchControl& searchControl = control != nullptr ? *control : ownControl;
    const SearchResult result =
        runSearch(Game(*parsed.value), limits, options, context, searchControl, SearchCallbacks{});
    if (searchControl.stopRequested()) {
      bench.stopped = true;
      break;
    }
    bench.nodes += result.nodes;
    ++bench.positions;
    if (onPosition) onPosition(fen, result);
  }
  bench.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  bench.nps = bench.nodes * 1000 / static_cast<std::uint64_t>(bench.timeMs > 0 ? bench.timeMs : 1);
  return bench;
}

}  // namespace damiera
