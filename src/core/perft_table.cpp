#include "core/perft_table.h"

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
// Relaxed atomic access to plain words, as std::atomic_ref does: through the compiler's
// builtins, since the libc++ of Emscripten (the WebAssembly engine) has no atomic_ref yet.
std::uint64_t loadWord(const std::uint64_t& word) {
  return __atomic_load_n(&word, __ATOMIC_RELAXED);
}
void storeWord(std::uint64_t& word, std::uint64_t value) {
  __atomic_store_n(&word, value, __ATOMIC_RELAXED);
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
    const std::uint64_t data = loadWord(e->data);
    if ((loadWord(e->check) ^ data) == tag) return data & kCountMask;
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
  const int deepDepth = static_cast<int>(loadWord(bucket.deep.data) >> kCountBits);
  Entry& slot = depth >= deepDepth ? bucket.deep : bucket.recent;
  storeWord(slot.check, tag ^ data);
  storeWord(slot.data, data);
}

}  // namespace damiera
