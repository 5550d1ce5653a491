#pragma once
// Whole slices decompressed in memory (one byte a position), for the builder and the verifier:
// they read every position of the slices a pair depends on, many times.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "egdb/index.h"
#include "egdb/material.h"

namespace damiera::egdb {

class SliceStore {
 public:
  explicit SliceStore(std::string dir) : dir_(std::move(dir)) {}

  // Loads the pair of `canonical` (both members) from the folder; throws StorageError.
  void loadPair(const Material& canonical);
  // Keeps only the pairs listed (and frees the rest).
  void keepOnly(const std::vector<Material>& canonicals);
  std::uint64_t bytes() const;

  // Lookups are lock-free and may run on many threads while nothing is loaded or freed.
  std::optional<std::uint8_t> code(const Material& m, const Board& b) const {
    const Slice* s = slices_[key(m)].get();
    if (!s) return std::nullopt;
    return s->values[s->index.index(b)];
  }
  const std::vector<std::uint8_t>* values(const Material& m) const {
    const Slice* s = slices_[key(m)].get();
    return s ? &s->values : nullptr;
  }

  static int key(const Material& m) { return m.key(); }

 private:
  struct Slice {
    explicit Slice(const Material& m) : index(m) {}
    SliceIndex index;
    std::vector<std::uint8_t> values;
  };
  std::string dir_;
  std::array<std::unique_ptr<Slice>, 10000> slices_;
};

}  // namespace damiera::egdb
