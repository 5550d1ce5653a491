#pragma once
// The endgame database as the engine and the probe tool see it: the slice files of a folder,
// opened once, read block by block through a shared BlockCache. Thread-safe.
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "egdb/block_cache.h"
#include "egdb/board.h"
#include "egdb/material.h"
#include "egdb/prober.h"
#include "egdb/storage.h"
#include "egdb/value.h"

namespace damiera::egdb {

class Database : public Prober {
 public:
  // Opens every slice up to maxPieces found in `dir`. A damaged file is left out and named in
  // errors(); the other slices are used.
  Database(const std::string& dir, int maxPieces, std::uint64_t cacheBytes);

  // The largest N such that every slice of up to N pieces is open (0: none).
  int pieces() const { return pieces_; }
  // The most pieces of any open slice.
  int largestSlice() const { return largestSlice_; }
  int slices() const { return slices_; }
  std::vector<std::string> errors() const;

  // The value for the side to move, or nullopt when a slice it needs is missing or damaged.
  // Positions where the side to move must capture are resolved through the captures.
  std::optional<Value> probe(const Position& pos) override;

  std::uint64_t blockReads() const { return blockReads_; }

 private:
  std::optional<std::uint8_t> code(const Material& m, const Board& b);
  void disable(int key, const std::string& error);

  std::array<std::unique_ptr<SliceFile>, 10000> files_;
  std::array<std::atomic<bool>, 10000> disabled_{};
  int pieces_ = 0;
  int largestSlice_ = 0;
  int slices_ = 0;
  BlockCache cache_;
  mutable std::mutex errorsLock_;
  std::vector<std::string> errors_;
  std::atomic<std::uint64_t> blockReads_{0};
};

// One Database per (folder, cache size) in the process: every session and thread that opens the
// same folder shares its files and its block cache. Null when the folder holds no slice; throws
// StorageError when it is not a folder.
std::shared_ptr<Database> openShared(const std::string& dir, std::uint64_t cacheBytes);

}  // namespace damiera::egdb
