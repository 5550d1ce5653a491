#include "core/perft_table.h"

#include <atomic>
#include <bit>
#include <cassert>
#include <new>

namespace damiera {

namespace {
constexpr int kCountBits = 58;
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kCountBits) - 1;

// splitmix64's finaliser: spreads (key, depth) over all 64 bits, so the bucket index (top
// bits) and the check (all bits) both depend on the depth.
constexpr std::uint64_t tagOf(std::uint64_t key, int depth) {
  std::uint64_t z = key + static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
// Const entries are read only, but atomic_ref needs a mutable word.
std::uint64_t load(const std::uint64_t& word) {
  return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word))
      .load(std::memory_order_relaxed);
}
}  // namespace

PerftTable::PerftTable(std::size_t megabytes) {
  assert(megabytes >= 1 && megabytes <= kMaxPerftHashMb);
  const std::uint64_t wanted = (static_cast<std::uint64_t>(megabytes) << 20) / sizeof(Bucket);
  const std::uint64_t count = std::bit_floor(wanted);
  shift_ = 64 - std::countr_zero(count);
  buckets_.reset(static_cast<Bucket*>(std::calloc(count, sizeof(Bucket))));
  if (!buckets_) throw std::bad_alloc();
}

std::optional<std::uint64_t> PerftTable::probe(std::uint64_t key, int depth) const {
  const std::uint64_t tag = tagOf(key, depth);
  const Bucket& bucket = bucketOf(tag);
  for (const Entry* e : {&bucket.deep, &bucket.recent}) {
    const std::uint64_t data = load(e->data);
    if ((load(e->check) ^ data) == tag) return data & kCountMask;
  }
  return std::nullopt;
}

void PerftTable::store(std::uint64_t key, int depth, std::uint64_t count) {
  assert(depth >= 1 && depth < 64);
  if (count > kCountMask) return;  // not representable: just not remembered
  const std::uint64_t tag = tagOf(key, depth);
  const std::uint64_t data = static_cast<std::uint64_t>(depth) << kCountBits | count;
  Bucket& bucket = bucketOf(tag);
  // The deep slot keeps the larger subtree (more work saved on a hit). Its depth is read from
  // its data word alone, which is always some writer's whole word even when a race tore the
  // pair.
  const int deepDepth = static_cast<int>(load(bucket.deep.data) >> kCountBits);
  Entry& slot = depth >= deepDepth ? bucket.deep : bucket.recent;
  std::atomic_ref<std::uint64_t>(slot.check).store(tag ^ data, std::memory_order_relaxed);
  std::atomic_ref<std::uint64_t>(slot.data).store(data, std::memory_order_relaxed);
}

}  // namespace damiera
