#pragma once
// The transposition table: a fixed-size, lock-free hash of search results shared by every
// thread of a search, and by several searches at once (a host of many sessions shares one table
// between sessions), so it is a separate object, usually held by std::shared_ptr.
//
// Entry: 16 bytes, two 64-bit words {key ^ data, data}. A reader accepts an entry only when
// the two words it loaded XOR back to its key, so a torn write (another thread storing the
// other word in between) reads as a miss, never as a wrong result; no locks needed. Four
// entries make a 64-byte bucket, one cache line. Replacement prefers, in a bucket, the entry
// of the same position, then the one with the least depth, old generations counting as less.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "core/move.h"
#include "core/movegen.h"

namespace damiera {

inline constexpr std::size_t kDefaultHashMb = 64;
inline constexpr std::size_t kMinHashMb = 1;
inline constexpr std::size_t kMaxHashMb = 65536;

// The largest table this machine can hold (3/4 of its physical memory, within the option's
// range): the Hash option refuses more.
std::size_t maxHashMbOfThisMachine();

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// A move in 16 bits: bit 15 set for "a move", then the ordinal among the legal moves with the
// same (from, to) (a king's captures can end where they began or share both ends with another
// capture), and the Italian square numbers of from and to. Decoding matches against the legal
// moves of the position, so a stale or colliding entry can never produce an illegal move.
using MoveCode = std::uint16_t;
inline constexpr MoveCode kNoMoveCode = 0;

MoveCode encodeMove(const MoveList& legal, int index);
// The index in `legal` of the move `code` stands for, or -1 if none.
int decodeMove(const MoveList& legal, MoveCode code);

struct TTHit {
  MoveCode move = kNoMoveCode;
  int score = 0;  // already adjusted to the probing ply (mate distances count from the root)
  int eval = 0;   // static evaluation of the position, or kNoEval
  int depth = 0;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  // Value stored as eval when the position had none (a node where a capture was forced).
  static constexpr int kNoEval = -32768;

  explicit TranspositionTable(std::size_t megabytes = kDefaultHashMb);

  // Reallocates and clears, at once whatever the size: the pages are the kernel's zero pages
  // until touched (up to 256 MB, faulted in at once, where the system allows, so that the
  // first search does not wait for them). Throws std::bad_alloc, having kept the old table, when
  // the memory cannot be had. Not while any search uses the table.
  void resize(std::size_t megabytes);
  std::size_t megabytes() const { return megabytes_; }
  // Forgets everything (ucinewgame). Not while any search uses the table.
  void clear();
  // Starts a new generation: entries of earlier searches become the first to be replaced.
  void newSearch();

  // Scores are stored relative to the node (a mate in n plies from it), so one entry serves
  // every path that reaches the position; probe and store translate with the node's ply.
  std::optional<TTHit> probe(std::uint64_t key, int ply) const;
  void store(std::uint64_t key, int depth, Bound bound, int score, int eval, MoveCode move,
             int ply);

  // Permille of a sample of entries written in the current generation ("hashfull").
  int hashfull() const;

  // Brings the position's bucket into cache ahead of the probe.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[bucketIndex(key)]); }

 private:
  struct Entry {
    std::atomic<std::uint64_t> keyXorData{0};
    std::atomic<std::uint64_t> data{0};
  };
  static_assert(sizeof(Entry) == 16, "a TT entry is two 64-bit words");
  static constexpr int kBucketEntries = 4;
  struct alignas(64) Bucket {
    Entry entries[kBucketEntries];
  };
  static_assert(sizeof(Bucket) == 64, "a bucket fills exactly one cache line");

  std::size_t bucketIndex(std::uint64_t key) const {
    // The high half of key * count spreads keys evenly over any bucket count.
#if defined(__SIZEOF_INT128__)
    return static_cast<std::size_t>((static_cast<unsigned __int128>(key) * bucketCount_) >> 64);
#else
    // 32-bit targets (the 32-bit CheckerBoard DLL): no 128-bit type, but the count fits in 32
    // bits, so the high half is the sum of two 64-bit partial products.
    const std::uint64_t count = bucketCount_;
    const std::uint64_t low = (key & 0xffffffffu) * count;
    return static_cast<std::size_t>(((key >> 32) * count + (low >> 32)) >> 32);
#endif
  }

  struct FreeBuckets {
    // No default member initialiser: GCC would not see the deleter as default-constructible
    // inside the unfinished class.
    FreeBuckets() noexcept : bytes(0) {}
    explicit FreeBuckets(std::size_t mappedBytes) noexcept : bytes(mappedBytes) {}
    std::size_t bytes;  // of the mapping
    void operator()(Bucket* buckets) const;
  };
  using Buckets = std::unique_ptr<Bucket[], FreeBuckets>;
  // Throws std::bad_alloc when the memory cannot be had.
  static Buckets allocateBuckets(std::size_t count);

  Buckets buckets_;
  std::size_t bucketCount_ = 0;
  std::size_t megabytes_ = 0;
  std::atomic<std::uint8_t> generation_{0};
};

// Score translation between "from the root" and "from this node" for forced results.
int scoreToTT(int score, int ply);
int scoreFromTT(int score, int ply);

}  // namespace damiera
