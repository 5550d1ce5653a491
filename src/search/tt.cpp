#include "search/tt.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX  // windows.h would define min and max as macros
#endif
#include <windows.h>  // VirtualAlloc, GlobalMemoryStatusEx
#else
#include <sys/mman.h>
#include <unistd.h>
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

// Tables up to this size are faulted in when they are allocated (allocateBuckets).
constexpr std::size_t kPopulateMaxBytes = std::size_t{256} << 20;

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
// The most a table may take of the machine's memory: 3/4, leaving room for the rest.
constexpr std::size_t kMachineShareNumerator = 3;
constexpr std::size_t kMachineShareDivisor = 4;
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
  assert(index >= 0 && index < legal.size());
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
    if (ordinal-- == 0) {
      assert(encodeMove(legal, i) == code);  // decoding inverts encoding
      return i;
    }
  }
  return -1;
}

namespace {
// Both bands of results that count their distance from the root: forced results of the search
// (mate band) and endgame database results (kScoreDatabaseWin - ply). The table stores them
// relative to the node, so a transposition reached at another ply reads its own distance.
bool isDistanceScore(int score) {
  const int magnitude = score < 0 ? -score : score;
  return magnitude >= kScoreMateBound ||
         (magnitude >= kScoreDatabaseBound && magnitude <= kScoreDatabaseWin);
}
}  // namespace

int scoreToTT(int score, int ply) {
  if (!isDistanceScore(score)) return score;
  return score > 0 ? score + ply : score - ply;
}

int scoreFromTT(int score, int ply) {
  if (!isDistanceScore(score)) return score;
  return score > 0 ? score - ply : score + ply;
}

std::size_t maxHashMbOfThisMachine() {
#if defined(_WIN32)
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status)) return kMaxHashMb;  // unknown: the option's own range
  const std::size_t physicalMb = static_cast<std::size_t>(status.ullTotalPhys / kBytesPerMb);
#else
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long pageBytes = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || pageBytes <= 0) return kMaxHashMb;  // unknown: the option's own range
  const std::size_t physicalMb =
      static_cast<std::size_t>(pages) * static_cast<std::size_t>(pageBytes) / kBytesPerMb;
#endif
  return std::clamp(physicalMb / kMachineShareDivisor * kMachineShareNumerator, kMinHashMb,
                    kMaxHashMb);
}

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

// Fresh anonymous pages read as zero, which is an empty entry, and the kernel provides them
// only when first touched: a table of any size is ready at once, costs memory as it fills,
// and clearing a large one hands its pages back instead of writing every byte.
TranspositionTable::Buckets TranspositionTable::allocateBuckets(std::size_t count) {
  const std::size_t bytes =
      (count * sizeof(Bucket) + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
#if defined(_WIN32)
  // Reserved and committed at once; Windows too hands out zeroed pages only when touched.
  void* memory = VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  if (memory == nullptr) throw std::bad_alloc();
#elif defined(__EMSCRIPTEN__)
  // WebAssembly has no pages to map: Emscripten's mmap is the heap and a memset underneath,
  // and its munmap of part of a mapping (the trimming below) fails and, in the threaded
  // build, never releases its lock. So: zeroed bytes from the heap, aligned for the buckets.
  void* memory = std::aligned_alloc(alignof(Bucket), bytes);
  if (memory == nullptr) throw std::bad_alloc();
  std::memset(memory, 0, bytes);
#else
  // Mapped with room to spare, then trimmed to a huge-page boundary: only whole aligned 2 MB
  // ranges can be backed by huge pages, which spare the search's random probes TLB misses.
  void* mapped = mmap(nullptr, bytes + kHugePageBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapped);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
  if (aligned > start) munmap(mapped, aligned - start);
  const std::size_t tail = kHugePageBytes - (aligned - start);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + bytes), tail);
  void* memory = reinterpret_cast<void*>(aligned);
#endif
#if defined(MADV_HUGEPAGE)
  madvise(memory, bytes, MADV_HUGEPAGE);  // only a hint: fine if refused
#endif
#if defined(MADV_POPULATE_WRITE)
  // A table up to kPopulateMaxBytes is faulted in now, without writing a byte: the first
  // search would otherwise wait for the kernel to find and zero its pages, which on a virtual
  // machine whose host has not backed them yet took up to 0.2 s for 64 MB (the first
  // `go movetime 100` of a fresh process then reached depth 4 instead of 18). A larger table
  // still costs memory only as it fills. Kernels before 5.14 refuse it: fine.
  if (bytes <= kPopulateMaxBytes) madvise(memory, bytes, MADV_POPULATE_WRITE);
#endif
  // Zero bytes are what a value-initialised Bucket holds (atomics of integers, all 0), so the
  // mapping's zero pages are the buckets, constructed.
  return Buckets(static_cast<Bucket*>(memory), FreeBuckets{bytes});
}

void TranspositionTable::FreeBuckets::operator()(Bucket* buckets) const {
  // Buckets hold only atomics of integers: nothing to destroy.
#if defined(_WIN32)
  VirtualFree(buckets, 0, MEM_RELEASE);
#elif defined(__EMSCRIPTEN__)
  std::free(buckets);
#else
  munmap(buckets, bytes);
#endif
}

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::clamp(megabytes, kMinHashMb, kMaxHashMb);
  const std::size_t count = megabytes * kBytesPerMb / sizeof(Bucket);
  // The new table first: if it cannot be had, the old one stays as it was. Its pages cost
  // nothing until touched, so both exist side by side for a moment at no cost.
  Buckets fresh = allocateBuckets(count);
  buckets_ = std::move(fresh);
  bucketCount_ = count;
  megabytes_ = megabytes;
  generation_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::clear() {
// Emscripten (the WebAssembly engine) defines MADV_DONTNEED, but its madvise does nothing: the
// linear memory has no pages to hand back, so the bytes must be written.
#if defined(MADV_DONTNEED) && !defined(__EMSCRIPTEN__)
  // The pages go back to the kernel and come back as zero pages when next touched: cheap
  // whatever the size, and a small search (bench at a low depth clears 16 MB per position)
  // touches only the few pages it uses.
  madvise(buckets_.get(), buckets_.get_deleter().bytes, MADV_DONTNEED);
#else
  // No search uses the table now (the contract of clear), so plain bytes will do.
  std::memset(static_cast<void*>(buckets_.get()), 0, buckets_.get_deleter().bytes);
#endif
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
