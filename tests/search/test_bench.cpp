// The bench positions and the bench signature.
#include <catch2/catch.hpp>
#include <set>

#include "search/bench.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

TEST_CASE("Bench: at least 30 distinct legal positions", "[search][bench]") {
  const auto& fens = benchPositions();
  CHECK(fens.size() >= 30);
  std::set<std::uint64_t> keys;
  int withKings = 0, endings = 0, capturesPending = 0;
  for (std::string_view text : fens) {
    INFO(text);
    const Position pos = fen(text);  // parses (fen.h checks counts and promotion rows)
    // Something to play: not a finished game (R13).
    MoveList moves;
    generateMoves(pos, moves);
    CHECK_FALSE(moves.empty());
    keys.insert(pos.key());
    withKings += pos.allKings() != 0;
    endings += popcount(pos.occupied()) <= 8;
    capturesPending += hasCapture(pos);
  }
  CHECK(keys.size() == fens.size());
  CHECK(withKings >= 6);
  CHECK(endings >= 6);
  CHECK(capturesPending >= 3);
}

TEST_CASE("Bench: the node count signature is pinned", "[search][bench]") {
  // Any change to search or evaluation changes this number; update it deliberately.
  constexpr std::uint64_t kSignatureDepth5 = 51547;
  const BenchResult first = runBench(5);
  CHECK(first.positions == static_cast<int>(benchPositions().size()));
  CHECK(first.nodes == kSignatureDepth5);
  // And it is deterministic.
  CHECK(runBench(5).nodes == first.nodes);
}
