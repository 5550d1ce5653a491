#pragma once
// A bounded cache of decompressed blocks shared by every thread (and every session of a
// server): least recently used blocks go first. Sharded by key so threads rarely wait on each
// other.
#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace damiera::egdb {

class BlockCache {
 public:
  using Block = std::shared_ptr<const std::vector<std::uint8_t>>;

  explicit BlockCache(std::uint64_t capacityBytes);

  Block find(std::uint64_t key);
  void insert(std::uint64_t key, Block block);
  std::uint64_t capacityBytes() const { return capacity_; }

 private:
  struct Shard {
    std::mutex lock;
    std::list<std::pair<std::uint64_t, Block>> order;  // most recent first
    std::unordered_map<std::uint64_t, std::list<std::pair<std::uint64_t, Block>>::iterator> map;
    std::uint64_t bytes = 0;
  };
  static constexpr int kShards = 16;
  Shard& shardOf(std::uint64_t key) { return shards_[(key * 0x9E3779B97F4A7C15ULL) >> 60]; }

  std::uint64_t capacity_;
  std::array<Shard, kShards> shards_;
};

}  // namespace damiera::egdb
