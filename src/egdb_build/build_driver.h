#pragma once
// Building and verifying a folder of slices: the plan order, resumability (a finished pair is
// never rebuilt; a pair is written to NAME.egdb.tmp, read back and compared, then renamed), and
// the full consistency check of verify.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "egdb/material.h"

namespace damiera::egdb {

struct PairReport {
  Material pair;                // canonical member
  std::uint64_t positions = 0;  // both members (one side to move each)
  std::uint64_t bytes = 0;      // both files
  double seconds = 0;
  int maxWinDistance = 0;
  int maxLossDistance = 0;
  bool skipped = false;  // already built
};

struct BuildCallbacks {
  // A pair starts: its position count; progress(done) follows while it is built.
  std::function<void(const Material&, std::uint64_t)> started = [](const Material&, std::uint64_t) {
  };
  std::function<void(std::uint64_t)> progress = [](std::uint64_t) {};
  std::function<void(const PairReport&)> finished = [](const PairReport&) {};
};

// Positions of a pair (both members, or one when symmetric).
std::uint64_t pairPositions(const Material& canonical);

// Whether both files of the pair are present with valid headers (throws StorageError if a file
// is present but damaged).
bool pairBuilt(const std::string& dir, const Material& canonical);

// Builds one pair; every pair it depends on must already be in `dir` (else std::runtime_error
// naming the missing slice). Skips a pair already built.
PairReport buildOnePair(const std::string& dir, const Material& canonical, int threads,
                        const BuildCallbacks& callbacks);

// Builds every pair up to maxPieces in plan order.
std::vector<PairReport> buildAll(const std::string& dir, int maxPieces, int threads,
                                 const BuildCallbacks& callbacks);

struct VerifyReport {
  Material slice;
  std::uint64_t positions = 0;
  std::uint64_t mismatches = 0;
  std::string firstMismatch;  // FEN and values, when mismatches > 0
};

// Re-derives every stored value of every slice up to maxPieces from its successors and checks
// every file's integrity. Throws StorageError naming a damaged or missing file.
std::vector<VerifyReport> verifyAll(const std::string& dir, int maxPieces, int threads,
                                    const std::function<void(const VerifyReport&)>& each);

}  // namespace damiera::egdb
