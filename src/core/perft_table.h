#pragma once
// A transposition table for perft: subtree leaf counts keyed by position and remaining depth.
//
// Entry: 16 bytes, two 64-bit words {tag ^ data, data}: tag = the position's Zobrist key mixed
// with the remaining depth, data = the depth (top 6 bits) and the count (low 58 bits; perft 20
// of the start position is far below 2^58). A reader accepts an entry only when the two words
// XOR back to its tag, so a write torn by another thread reads as a miss, never as a wrong
// count; no locks. Two entries make a bucket: the first keeps the deeper subtree, the second
// takes whatever the first refuses.
//
// Like every perft hash table it trusts 64-bit keys: two positions with the same key and
// depth would share a count (at ~2^-64 per probe, far below a cosmic-ray error).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>

namespace damiera {

inline constexpr std::size_t kMaxPerftHashMb = 65536;

class PerftTable {
 public:
  // megabytes >= 1; rounded down to a power of two number of buckets. Throws std::bad_alloc
  // when the memory cannot be had.
  explicit PerftTable(std::size_t megabytes);

  std::optional<std::uint64_t> probe(std::uint64_t key, int depth) const;
  void store(std::uint64_t key, int depth, std::uint64_t count);

 private:
  // Read and written atomically (relaxed): plain words, so that the table can
  // come from calloc, whose zero pages the system maps only when first touched.
  struct Entry {
    std::uint64_t check;  // tag ^ data
    std::uint64_t data;   // depth << 58 | count; all zero: empty (no tag is zero-depth)
  };
  struct Bucket {
    Entry deep, recent;
  };
  static_assert(sizeof(Bucket) == 32);

  const Bucket& bucketOf(std::uint64_t tag) const { return buckets_[tag >> shift_]; }
  Bucket& bucketOf(std::uint64_t tag) { return buckets_[tag >> shift_]; }

  struct Free {
    void operator()(Bucket* b) const { std::free(b); }
  };
  std::unique_ptr<Bucket[], Free> buckets_;
  int shift_ = 64;  // bucket index: the tag's top bits
};

}  // namespace damiera
