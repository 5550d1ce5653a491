#pragma once
// Perft as analysts run it deep: an optional transposition table for subtree counts and
// several counting threads, both off by default so that the plain figure stays a measure of
// the move generator alone.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "core/perft.h"
#include "core/position.h"

namespace damiera {

inline constexpr int kMaxPerftThreads = 256;

class PerftTable;

struct PerftSettings {
  PerftMode mode = PerftMode::KeepDuplicates;
  std::size_t hashMegabytes = 0;  // 0: no table; else 1..kMaxPerftHashMb (perft_table.h)
  int threads = 1;                // 1..kMaxPerftThreads
  // The table to use, made beforehand by a caller that wants to report a failed allocation
  // itself; null: perftDivide makes one of hashMegabytes (throwing std::bad_alloc before it
  // counts anything when it cannot).
  std::shared_ptr<PerftTable> table;
};

// perftDivide() with a table and threads. The work is split two plies below the root (every
// reply to every root move is a task) so that threads stay busy to the end; all threads share
// one table. `stopRequested` (may be empty) is asked every few milliseconds, or with one
// thread every few hundred interior nodes, always from the calling thread; `onEntry` is called
// from the calling thread for each root move in `legalmoves` order, as soon as it and every
// earlier one are counted. Returns false when stopped: the entries given so far are complete.
bool perftDivide(const Position& pos, int depth, const PerftSettings& settings,
                 const std::function<bool()>& stopRequested,
                 const std::function<void(const PerftDivideEntry&)>& onEntry);

}  // namespace damiera
