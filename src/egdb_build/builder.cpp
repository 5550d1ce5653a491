#include "egdb_build/builder.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <stdexcept>
#include <thread>

#include "core/movegen.h"
#include "egdb/resolve.h"

namespace damiera::egdb {

namespace {

// Working value of a position: bits 0-1 result, bit 2 "must capture", bits 3.. distance.
using Work = std::uint16_t;
constexpr Work kUnknown = 0, kWin = 1, kLoss = 2, kCaptureFlag = 4;
constexpr Work makeWork(Work result, int distance) {
  return static_cast<Work>(result | (distance << 3));
}
inline Work resultOf(Work w) { return w & 3; }
inline int distanceOf(Work w) { return w >> 3; }
constexpr int kMaxWorkDistance = (1 << 13) - 1;

// Move counter: bits 0-6 king moves not yet known to lose, bit 7 "has a drawing exit".
constexpr std::uint8_t kDrawExit = 0x80;

struct SliceWork {
  explicit SliceWork(const Material& m) : index(m), values(index.size()), counters(index.size()) {}
  SliceIndex index;
  std::vector<Work> values;
  std::vector<std::uint8_t> counters;
};

Bitboard kingNeighbours(Bitboard kings) {
  return ((kings << 4) | (kings << 5) | (kings >> 4) | (kings >> 5)) & kPlayable;
}

class PairBuilder {
 public:
  PairBuilder(const Material& canonical, const SliceStore& deps, int threads,
              const std::function<void(std::uint64_t)>& progress)
      : deps_(deps), threads_(std::max(1, threads)), progress_(progress) {
    first_ = std::make_unique<SliceWork>(canonical);
    if (!canonical.isSymmetric()) second_ = std::make_unique<SliceWork>(canonical.mirrored());
  }

  BuiltPair run() {
    buildUnits();
    std::size_t begin = 0;
    while (begin < units_.size()) {
      std::size_t end = begin;
      while (end < units_.size() && units_[end].advancement == units_[begin].advancement) ++end;
      solveGroup(begin, end);
      begin = end;
    }
    BuiltPair out;
    out.first = first_->index.material();
    out.firstValues = finish(*first_, out);
    out.second = second_ ? second_->index.material() : out.first;
    if (second_) out.secondValues = finish(*second_, out);
    return out;
  }

 private:
  struct Part {
    SliceWork* slice;
    std::uint64_t men;
  };
  struct Unit {
    int advancement;
    Part parts[2];
    int partCount;
  };

  SliceWork& mirrorOf(SliceWork& s) {
    return second_ ? (&s == first_.get() ? *second_ : *first_) : s;
  }

  static int advancement(Bitboard whiteMen, Bitboard blackMen) {
    int a = 0;
    for (Bitboard w = whiteMen; w; w = withoutLowest(w)) a += 7 - rowOfSquare(lowestSquare(w));
    for (Bitboard b = blackMen; b; b = withoutLowest(b)) a += rowOfSquare(lowestSquare(b));
    return a;
  }

  void buildUnits() {
    SliceWork& s = *first_;
    SliceWork& t = mirrorOf(s);
    for (std::uint64_t m = 0; m < s.index.menConfigurations(); ++m) {
      Bitboard wm, bm;
      s.index.menPlacement(m, wm, bm);
      const std::uint64_t mirrored = t.index.menIndex(turnBoard(bm), turnBoard(wm));
      Unit u{advancement(wm, bm), {{&s, m}, {&t, mirrored}}, 2};
      if (&s == &t) {
        if (mirrored < m) continue;  // the same unit as `mirrored`'s
        if (mirrored == m) u.partCount = 1;
      }
      units_.push_back(u);
    }
    std::stable_sort(units_.begin(), units_.end(),
                     [](const Unit& a, const Unit& b) { return a.advancement > b.advancement; });
  }

  // Units of equal advancement never read each other: threads take whole units when there are
  // many, otherwise each unit's generation pass is split across the threads.
  void solveGroup(std::size_t begin, std::size_t end) {
    const std::size_t count = end - begin;
    if (threads_ == 1 || count >= static_cast<std::size_t>(4 * threads_)) {
      std::atomic<std::size_t> next{begin};
      auto worker = [&] {
        for (std::size_t u; (u = next.fetch_add(1)) < end;) solveUnit(units_[u], false);
      };
      runThreads(worker, count >= static_cast<std::size_t>(4 * threads_) ? threads_ : 1);
    } else {
      for (std::size_t u = begin; u < end; ++u) solveUnit(units_[u], true);
    }
  }

  template <class F>
  void runThreads(F& f, int n) {
    if (n <= 1) return f();
    std::vector<std::thread> pool;
    for (int i = 1; i < n; ++i) pool.emplace_back(f);
    f();
    for (auto& t : pool) t.join();
  }

  void solveUnit(const Unit& u, bool splitGeneration) {
    const std::uint64_t kings = u.parts[0].slice->index.kingPlacements();
    for (int p = 0; p < u.partCount; ++p) {
      const Part& part = u.parts[p];
      const std::uint64_t base = part.men * kings;
      const int n = splitGeneration && kings >= 16384 ? threads_ : 1;
      std::atomic<std::uint64_t> next{0};
      constexpr std::uint64_t kChunk = 4096;
      auto worker = [&] {
        for (std::uint64_t c; (c = next.fetch_add(kChunk)) < kings;)
          for (std::uint64_t i = c; i < std::min(kings, c + kChunk); ++i)
            generate(*part.slice, base + i);
      };
      runThreads(worker, n);
    }
    retrograde(u, kings);
    progress_(done_.fetch_add(kings * u.partCount) + kings * u.partCount);
  }

  // The value of a successor (a position with Black to move in the pair's orientation, or of
  // another slice), for its side to move. Only finished units and slices are read.
  Value successorValue(const Position& next) {
    const Board b = orientedBoard(next);
    if (b.white == 0) return {Wdl::Loss, 0};  // R13
    const Material m = materialOf(b);
    SliceWork* own = m == first_->index.material()               ? first_.get()
                     : second_ && m == second_->index.material() ? second_.get()
                                                                 : nullptr;
    if (own) {
      const Work w = own->values[own->index.index(b)];
      if (resultOf(w) == kWin) return {Wdl::Win, distanceOf(w)};
      if (resultOf(w) == kLoss) return {Wdl::Loss, distanceOf(w)};
      return {};
    }
    auto codeOf = [this](const Material& mat, const Board& board) {
      return deps_.code(mat, board);
    };
    const std::optional<Value> v = resolveValue(next, codeOf);
    if (!v) throw std::logic_error("egdb builder: missing dependency slice " + m.name());
    return *v;
  }

  void generate(SliceWork& s, std::uint64_t i) {
    const Position pos = toPosition(s.index.board(i));
    MoveList moves;
    generateMoves(pos, moves);
    if (moves.empty()) {
      s.values[i] = makeWork(kLoss, 0);
      return;
    }
    if (moves[0].isCapture()) {
      auto child = [this](const Position& next) -> std::optional<Value> {
        return successorValue(next);
      };
      const Value v = *valueOfConversions(pos, moves, child);
      s.values[i] = static_cast<Work>(kCaptureFlag | (v.wdl == Wdl::Win    ? makeWork(kWin, 1)
                                                      : v.wdl == Wdl::Loss ? makeWork(kLoss, 1)
                                                                           : kUnknown));
      return;
    }
    int kingMoves = 0;
    bool drawExit = false;
    for (const Move& m : moves) {
      if (pos.isKing(m.from)) {
        ++kingMoves;
        continue;
      }
      const Value v = successorValue(pos.afterUnhashed(m));
      if (v.wdl == Wdl::Loss) {
        s.values[i] = makeWork(kWin, 1);
        return;
      }
      if (v.wdl == Wdl::Draw) drawExit = true;
    }
    if (kingMoves == 0 && !drawExit) {
      s.values[i] = makeWork(kLoss, 1);  // every move is a man move into a lost position
      return;
    }
    s.values[i] = kUnknown;
    assert(kingMoves < 128);
    s.counters[i] = static_cast<std::uint8_t>(kingMoves | (drawExit ? kDrawExit : 0));
  }

  void retrograde(const Unit& u, std::uint64_t kings) {
    int highest = 1;  // generation assigns distances 0 and 1 only
    for (int d = 0; d <= highest; ++d) {
      if (d + 1 > kMaxWorkDistance) throw std::runtime_error("egdb builder: distance overflow");
      for (int p = 0; p < u.partCount; ++p) {
        SliceWork& child = *u.parts[p].slice;
        SliceWork& parent = mirrorOf(child);
        const std::uint64_t base = u.parts[p].men * kings;
        for (std::uint64_t i = base; i < base + kings; ++i) {
          const Work w = child.values[i];
          if (resultOf(w) == kUnknown || distanceOf(w) != d) continue;
          if (unmove(child.index.board(i), resultOf(w) == kLoss, parent, d + 1)) highest = d + 1;
        }
      }
    }
  }

  // The positions one king move before `b` (Black's king moved, seen with White to move in
  // `parent`): returns whether any of them was resolved at `distance`.
  bool unmove(const Board& b, bool childLost, SliceWork& parent, int distance) {
    bool resolved = false;
    const Bitboard empty = kPlayable & ~(b.white | b.black);
    for (Bitboard ks = b.black & b.kings; ks; ks = withoutLowest(ks)) {
      const Bitboard to = ks & -ks;
      for (Bitboard from = kingNeighbours(to) & empty; from; from = withoutLowest(from)) {
        const Bitboard step = to | (from & -from);
        const Board before = Board{b.white, b.black ^ step, b.kings ^ step}.mirrored();
        const std::uint64_t j = parent.index.index(before);
        Work& w = parent.values[j];
        if ((w & kCaptureFlag) || resultOf(w) != kUnknown) continue;
        std::uint8_t& c = parent.counters[j];
        if (childLost) {
          w = makeWork(kWin, distance);
          resolved = true;
        } else if ((--c & ~kDrawExit) == 0 && !(c & kDrawExit)) {
          w = makeWork(kLoss, distance);
          resolved = true;
        }
      }
    }
    return resolved;
  }

  std::vector<std::uint8_t> finish(const SliceWork& s, BuiltPair& out) {
    std::vector<std::uint8_t> bytes(s.values.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      const Work w = s.values[i];
      if (w & kCaptureFlag) {
        bytes[i] = kCaptureCode;
        continue;
      }
      const int d = distanceOf(w);
      if (resultOf(w) == kWin) {
        if (d > kMaxWinDistance) throw std::runtime_error("egdb builder: win distance too long");
        out.maxWinDistance = std::max(out.maxWinDistance, d);
        bytes[i] = encode({Wdl::Win, d});
      } else if (resultOf(w) == kLoss) {
        if (d > kMaxLossDistance) throw std::runtime_error("egdb builder: loss distance too long");
        out.maxLossDistance = std::max(out.maxLossDistance, d);
        bytes[i] = encode({Wdl::Loss, d});
      } else {
        bytes[i] = kDrawCode;
      }
    }
    return bytes;
  }

  const SliceStore& deps_;
  int threads_;
  const std::function<void(std::uint64_t)>& progress_;
  std::unique_ptr<SliceWork> first_, second_;
  std::vector<Unit> units_;
  std::atomic<std::uint64_t> done_{0};
};

}  // namespace

BuiltPair buildPair(const Material& canonical, const SliceStore& deps, int threads,
                    const std::function<void(std::uint64_t)>& progress) {
  return PairBuilder(canonical, deps, threads, progress).run();
}

}  // namespace damiera::egdb
