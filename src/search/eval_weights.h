#pragma once
// The learned weights of the evaluation (eval.h) and their file format.
//
// Per phase (opening, ending: eval_features.h) one multiplier per hand term, in 1/1024 (1024
// keeps the term as its inner constants make it), and one table per pattern region, in
// quarters of a hundredth of a man. All int16.
//
// Per phase also the king-aware tables (eval_kings.h), in the same quarters.
//
// File (little-endian): the 8 bytes "DAMEVAL2"; eight uint32: hand terms, regions, entries per
// region, phases, king squares, king freedom entries, signature entries, tempo entries (they
// must equal this build's: 10, 9, 6561, 2, 32, 5, 1225, 50); the term multipliers [phase][term];
// the tables [phase][region][entry]; the king tables [phase][squares, freedom, signature,
// tempo]; then the FNV-1a 64-bit hash of every byte before it. 241,532 bytes in all. A
// "DAMEVAL1" file (generations 1 and 2: four shape numbers, no king tables, 236,268 bytes) still
// loads, with the king tables zero. The shipped file is compiled into the engine (CMake embeds
// it), and the option EvalFile loads another one.
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/eval_features.h"

namespace damiera {

inline constexpr int kTermWeightOne = 1024;  // a term multiplier of 1.0
inline constexpr int kPatternUnitsPerCp = 4;

struct EvalWeights {
  std::array<std::array<std::int16_t, kHandTermCount>, kPhaseCount> terms{};
  std::array<std::array<std::array<std::int16_t, kRegionEntries>, kRegionCount>, kPhaseCount>
      patterns{};
  struct KingTables {
    std::array<std::int16_t, kKingSquareEntries> squares{};
    std::array<std::int16_t, kKingFreedomEntries> freedom{};
    std::array<std::int16_t, kSignatureEntries> signature{};
    std::array<std::int16_t, kTempoEntries> tempo{};

    // The table `t` (eval_kings.h's KingTable order, which is also the file's).
    std::span<std::int16_t> table(KingTable t) {
      switch (t) {
        case kTableKingSquares:
          return squares;
        case kTableKingFreedom:
          return freedom;
        case kTableSignature:
          return signature;
        default:
          assert(t == kTableTempo);
          return tempo;
      }
    }
    std::span<const std::int16_t> table(KingTable t) const {
      return const_cast<KingTables*>(this)->table(t);
    }
  };
  std::array<KingTables, kPhaseCount> kings{};

  // The hand-made evaluation alone: every multiplier 1.0, every table zero.
  static EvalWeights handOnly();
};

// The weights compiled into this binary (from src/search/weights/gen3.weights).
const EvalWeights& embeddedEvalWeights();

// What searches with these weights mix into their transposition table keys (SearchOptions::
// evalTableSalt): 0 for weights equal to the compiled-in ones, else a fingerprint of the
// weights. Searches that evaluate differently can then share one table (a host of many sessions)
// without reading each other's scores and static evaluations.
std::uint64_t evalTableSalt(const EvalWeights& weights);

// The file format. parse throws std::runtime_error with a one-line reason (wrong size, magic,
// shape, checksum).
std::vector<std::uint8_t> serializeEvalWeights(const EvalWeights& weights);
std::shared_ptr<const EvalWeights> parseEvalWeights(std::string_view bytes);
// Reads and parses a weights file; throws std::runtime_error naming the file and the reason.
std::shared_ptr<const EvalWeights> loadEvalWeights(const std::string& path);
// Writes to path + ".tmp", reads it back, compares, then renames over path (never a
// half-written file); throws std::runtime_error on failure.
void saveEvalWeights(const EvalWeights& weights, const std::string& path);

}  // namespace damiera
