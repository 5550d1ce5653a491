#pragma once
// `bench`: a fixed-depth search of a fixed set of positions with one thread and a fresh table
// for each, so its node count is a signature of the search and evaluation: any change to
// either changes it, deliberately (a test pins it), and the time gives a speed figure.
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "search/search.h"

namespace damiera {

inline constexpr int kBenchDefaultDepth = 13;
inline constexpr std::size_t kBenchHashMb = 16;

struct BenchResult {
  int positions = 0;
  std::uint64_t nodes = 0;  // the signature
  std::int64_t timeMs = 0;
  std::uint64_t nps = 0;
  bool stopped = false;  // ended by its control's stop: the figures are of the positions done
};

// The built-in positions (FEN, fen.h): openings, middlegames, endings, kings, forced captures.
const std::vector<std::string_view>& benchPositions();

// Searches every bench position to `depth`. onPosition (optional) sees each one's result.
// With a control, its stop() ends the bench (a bench 30 runs for hours) after the position
// being searched: its search stops at once and it is not counted.
BenchResult runBench(
    int depth = kBenchDefaultDepth,
    const std::function<void(std::string_view fen, const SearchResult&)>& onPosition = {},
    SearchControl* control = nullptr);

}  // namespace damiera
