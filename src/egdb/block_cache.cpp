#include "egdb/block_cache.h"

namespace damiera::egdb {

BlockCache::BlockCache(std::uint64_t capacityBytes) : capacity_(capacityBytes) {}

BlockCache::Block BlockCache::find(std::uint64_t key) {
  Shard& s = shardOf(key);
  std::lock_guard guard(s.lock);
  const auto it = s.map.find(key);
  if (it == s.map.end()) return nullptr;
  s.order.splice(s.order.begin(), s.order, it->second);
  return it->second->second;
}

void BlockCache::insert(std::uint64_t key, Block block) {
  Shard& s = shardOf(key);
  const std::uint64_t shardCapacity = capacity_ / kShards;
  std::lock_guard guard(s.lock);
  if (s.map.count(key)) return;
  s.bytes += block->size();
  s.order.emplace_front(key, std::move(block));
  s.map[key] = s.order.begin();
  // Keep at least the block just added, so a tiny cache still works (one block a shard).
  while (s.bytes > shardCapacity && s.order.size() > 1) {
    s.bytes -= s.order.back().second->size();
    s.map.erase(s.order.back().first);
    s.order.pop_back();
  }
}

}  // namespace damiera::egdb
