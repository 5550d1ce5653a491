#include "search/tt.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#elif defined(_WIN32)
#include <malloc.h>  // _aligned_malloc: the Windows C runtime has no aligned_alloc
#endif

#include "search/score.h"

namespace damiera {

namespace {

// Layout of the data word.
constexpr int kMoveShift = 0;
constexpr int kScoreShift = 16;
constexpr int kEvalShift = 32;
constexpr int kDepthShift = 48;
constexpr int kBoundShift = 56;
constexpr int kGenerationShift = 58;
constexpr std::uint64_t kMask16 = 0xFFFF;
constexpr std::uint64_t kMask8 = 0xFF;
constexpr std::uint64_t kBoundMask = 0x3;
constexpr int kGenerationBits = 6;
constexpr std::uint8_t kGenerationMask = (1 << kGenerationBits) - 1;
constexpr int kMaxStoredDepth = 255;

// In the replacement choice one generation of age weighs as much as this many plies of depth.
constexpr int kAgeWeight = 8;
// A new result for the same position replaces the old unless the old one was much deeper.
constexpr int kSamePositionDepthMargin = 3;

// Move code fields (tt.h).
constexpr MoveCode kMoveCodeValid = 1u << 15;
constexpr int kOrdinalShift = 10;
constexpr int kFromShift = 5;
constexpr MoveCode kSquareMask = 0x1F;
constexpr MoveCode kOrdinalMask = 0x1F;

constexpr std::size_t kBytesPerMb = std::size_t{1} << 20;
// Allocated in 2 MB blocks that the kernel may back with huge pages: a probe is a random
// access into tens of megabytes, and with 4 KB pages most of them also miss the TLB.
constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
constexpr int kHashfullSampleEntries = 1000;

std::uint64_t pack(MoveCode move, int score, int eval, int depth, Bound bound,
                   std::uint8_t generation) {
  const std::uint64_t clampedDepth =
      static_cast<std::uint64_t>(std::clamp(depth, 0, kMaxStoredDepth));
  return (std::uint64_t{move} << kMoveShift) |
         ((static_cast<std::uint64_t>(static_cast<std::uint16_t>(score)) & kMask16)
          << kScoreShift) |
         ((static_cast<std::uint64_t>(static_cast<std::uint16_t>(eval)) & kMask16) << kEvalShift) |
         (clampedDepth << kDepthShift) | (static_cast<std::uint64_t>(bound) << kBoundShift) |
         (static_cast<std::uint64_t>(generation) << kGenerationShift);
}

MoveCode moveOf(std::uint64_t data) {
  return static_cast<MoveCode>((data >> kMoveShift) & kMask16);
}
int scoreOf(std::uint64_t data) {
  return static_cast<std::int16_t>((data >> kScoreShift) & kMask16);
}
int evalOf(std::uint64_t data) { return static_cast<std::int16_t>((data >> kEvalShift) & kMask16); }
int depthOf(std::uint64_t data) { return static_cast<int>((data >> kDepthShift) & kMask8); }
Bound boundOf(std::uint64_t data) { return static_cast<Bound>((data >> kBoundShift) & kBoundMask); }
std::uint8_t generationOf(std::uint64_t data) {
  return static_cast<std::uint8_t>(data >> kGenerationShift);
}

}  // namespace

MoveCode encodeMove(const MoveList& legal, int index) {
  const Move& m = legal[index];
  int ordinal = 0;
  for (int i = 0; i < index; ++i)
    if (legal[i].from == m.from && legal[i].to == m.to) ++ordinal;
  return static_cast<MoveCode>(kMoveCodeValid | (ordinal << kOrdinalShift) |
                               ((numberOfSquare(m.from) - 1) << kFromShift) |
                               (numberOfSquare(m.to) - 1));
}

int decodeMove(const MoveList& legal, MoveCode code) {
  if (!(code & kMoveCodeValid)) return -1;
  const int from = ((code >> kFromShift) & kSquareMask) + 1;
  const int to = (code & kSquareMask) + 1;
  int ordinal = (code >> kOrdinalShift) & kOrdinalMask;
  for (int i = 0; i < legal.size(); ++i) {
    if (numberOfSquare(legal[i].from) != from || numberOfSquare(legal[i].to) != to) continue;
    if (ordinal-- == 0) return i;
  }
  return -1;
}

int scoreToTT(int score, int ply) {
  if (score >= kScoreMateBound) return score + ply;
  if (score <= -kScoreMateBound) return score - ply;
  return score;
}

int scoreFromTT(int score, int ply) {
  if (score >= kScoreMateBound) return score - ply;
  if (score <= -kScoreMateBound) return score + ply;
  return score;
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

TranspositionTable::Bucket* TranspositionTable::allocateBuckets(std::size_t count) {
  const std::size_t bytes =
      (count * sizeof(Bucket) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
#if defined(_WIN32)
  void* memory = _aligned_malloc(bytes, kHugePageBytes);
#else
  void* memory = std::aligned_alloc(kHugePageBytes, bytes);
#endif
  if (!memory) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  madvise(memory, bytes, MADV_HUGEPAGE);  // only a hint: fine if refused
#endif
  Bucket* buckets = static_cast<Bucket*>(memory);
  std::uninitialized_value_construct_n(buckets, count);
  return buckets;
}

void TranspositionTable::FreeBuckets::operator()(Bucket* buckets) const {
  // Buckets hold only atomics of integers: nothing to destroy.
#if defined(_WIN32)
  _aligned_free(buckets);
#else
  std::free(buckets);
#endif
}

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::clamp(megabytes, kMinHashMb, kMaxHashMb);
  bucketCount_ = megabytes * kBytesPerMb / sizeof(Bucket);
  buckets_.reset();                               // free the old table before taking the new one
  buckets_.reset(allocateBuckets(bucketCount_));  // value-initialised: all empty
  megabytes_ = megabytes;
  generation_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < bucketCount_; ++i)
    for (Entry& e : buckets_[i].entries) {
      e.keyXorData.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::newSearch() {
  generation_.store((generation_.load(std::memory_order_relaxed) + 1) & kGenerationMask,
                    std::memory_order_relaxed);
}

std::optional<TTHit> TranspositionTable::probe(std::uint64_t key, int ply) const {
  const Bucket& bucket = buckets_[bucketIndex(key)];
  for (const Entry& e : bucket.entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.keyXorData.load(std::memory_order_relaxed) ^ data) != key) continue;
    const Bound bound = boundOf(data);
    if (bound == Bound::None) continue;
    return TTHit{moveOf(data), scoreFromTT(scoreOf(data), ply), evalOf(data), depthOf(data), bound};
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int depth, Bound bound, int score, int eval,
                               MoveCode move, int ply) {
  Bucket& bucket = buckets_[bucketIndex(key)];
  const std::uint8_t generation = generation_.load(std::memory_order_relaxed);
  Entry* victim = nullptr;
  int victimWorth = 0;
  for (Entry& e : bucket.entries) {
    const std::uint64_t data = e.data.load(std::memory_order_relaxed);
    if ((e.keyXorData.load(std::memory_order_relaxed) ^ data) == key &&
        boundOf(data) != Bound::None) {
      // Same position: keep a much deeper result of this search, unless the new one is exact.
      if (bound != Bound::Exact && generationOf(data) == generation &&
          depth + kSamePositionDepthMargin < depthOf(data))
        return;
      if (move == kNoMoveCode) move = moveOf(data);  // keep the best move we knew
      victim = &e;
      break;
    }
    const int age = (generation - generationOf(data)) & kGenerationMask;
    const int worth = boundOf(data) == Bound::None ? -1 << 20 : depthOf(data) - kAgeWeight * age;
    if (!victim || worth < victimWorth) {
      victim = &e;
      victimWorth = worth;
    }
  }
  const std::uint64_t data = pack(move, scoreToTT(score, ply), eval, depth, bound, generation);
  victim->keyXorData.store(key ^ data, std::memory_order_relaxed);
  victim->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  const std::uint8_t generation = generation_.load(std::memory_order_relaxed);
  const std::size_t buckets =
      std::min<std::size_t>(bucketCount_, kHashfullSampleEntries / kBucketEntries);
  int used = 0;
  for (std::size_t i = 0; i < buckets; ++i)
    for (const Entry& e : buckets_[i].entries) {
      const std::uint64_t data = e.data.load(std::memory_order_relaxed);
      if (boundOf(data) != Bound::None && generationOf(data) == generation) ++used;
    }
  return static_cast<int>(used * 1000 / (buckets * kBucketEntries));
}

}  // namespace damiera
