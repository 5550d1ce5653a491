#pragma once
// Retrograde analysis of one pair of slices (a slice and its colour mirror) over the core move
// generator, so R4..R13 and P1..P5 are exactly those of play.
//
// The positions of the pair are split into units: one men placement of a slice together with
// the mirrored placement in the mirrored slice (the positions its side to move's opponent sees
// after a king move). King moves stay inside a unit; man moves advance a man, so they lead to
// a unit of higher "advancement" (sum of how far every man has come); captures and promotions
// lead to other slices (built before, see buildOrder). Units are solved from the most advanced
// down; inside a unit:
//   1. every position is generated once: no move -> loss 0 (R13); captures (R6) -> the best
//      capture's result, distance 1; otherwise man moves are exits whose results are known,
//      king moves are counted;
//   2. passes by distance d = 0, 1, 2...: each position resolved at d looks at its
//      predecessors by king un-moves: a loss at d makes them wins at d+1, a win at d counts one
//      of their king moves off, and the last one makes them a loss at d+1 (unless they have a
//      drawing exit);
//   3. what is left unresolved is a draw.
// Memory: 3 bytes a position of the pair while it is built (value and move counter).
#include <cstdint>
#include <functional>
#include <vector>

#include "egdb/material.h"
#include "egdb_build/slice_store.h"

namespace damiera::egdb {

struct BuiltPair {
  Material first;
  std::vector<std::uint8_t> firstValues;   // stored bytes (value.h)
  Material second;                         // the mirror; equal to first when symmetric
  std::vector<std::uint8_t> secondValues;  // empty when symmetric
  int maxWinDistance = 0;
  int maxLossDistance = 0;
};

// `deps` must hold every pair in dependencyClosure(canonical). progress(done) is called from
// the building threads with the number of positions finished so far (monotonic).
BuiltPair buildPair(const Material& canonical, const SliceStore& deps, int threads,
                    const std::function<void(std::uint64_t)>& progress);

}  // namespace damiera::egdb
