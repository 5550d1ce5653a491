#pragma once
// The move generator's machinery, shared by its two users: movegen.cpp builds the moves
// (generateMoves, the path moves of notation) and move_count.cpp counts them without building
// them (perft's last two plies). Templates on the side to move, so that both compile them
// inline; nothing here is part of the core's interface (movegen.h and move_count.h are).
#include <algorithm>
#include <type_traits>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/precedence.h"

namespace damiera::movegen_detail {

// One capture sequence in the making. The landing path is recorded only for notation
// (kRecordPath); search and perft need the start, the end and the captured set.
struct NoPath {};
template <bool kRecordPath>
struct Sequence {
  [[no_unique_address]] std::conditional_t<kRecordPath, MovePath, NoPath> path;
  Square from = 0;
  Square at = 0;  // where the capturing piece stands now
  int jumps = 0;
  Bitboard captured = 0;
  int kingsCaptured = 0;
  std::uint32_t kingJumpBits = 0;

  std::uint32_t precedenceKey(bool byKing) const {
    return CapturePrecedence::key(jumps, byKing, kingsCaptured, kingJumpBits);
  }
  Move move() const { return Move{captured, from, at, 1}; }
};

// What the board looks like to the capturing piece (R8, R11).
struct CaptureBoard {
  Bitboard empty;    // empty squares, the capturing piece's start square included (R11)
  Bitboard victims;  // pieces it may jump: enemy men for a man (R8), all enemies for a king
  Bitboard enemyKings;
};

// Collects sequences, keeping only those with the best precedence key (or all of them).
template <class Output>
class CaptureCollector {
 public:
  CaptureCollector(Output& output, bool applyPrecedence)
      : output_(output), applyPrecedence_(applyPrecedence) {}

  // Called when a sequence can go no further (R10: only complete sequences are moves).
  template <class Seq>
  void complete(const Seq& seq, bool byKing) {
    const std::uint32_t key = seq.precedenceKey(byKing);
    if (applyPrecedence_) {
      if (key < bestKey_) return;
      if (key > bestKey_) {
        bestKey_ = key;
        output_.clear();
      }
    }
    output_.add(seq, byKing);
  }

 private:
  Output& output_;
  bool applyPrecedence_;
  std::uint32_t bestKey_ = 0;
};

// Counts the sequences with the best key without building them (perft's last ply).
class CaptureCounter {
 public:
  template <class Seq>
  void complete(const Seq& seq, bool byKing) {
    const std::uint32_t key = seq.precedenceKey(byKing);
    if (key < bestKey_) return;
    if (key > bestKey_) {
      bestKey_ = key;
      count_ = 0;
    }
    ++count_;
  }
  std::uint64_t count() const { return count_; }

 private:
  std::uint32_t bestKey_ = 0;
  std::uint64_t count_ = 0;
};

// Can the capturing piece jump again from where it stands (R7, R9, R11)?
template <bool kIsKing, Color Us, class Seq>
bool canJumpOn(const CaptureBoard& board, const Seq& seq) {
  const Bitboard at = bit(seq.at);
  const Bitboard victims = board.victims & ~seq.captured;
  auto can = [&](auto dir) {
    constexpr int d = decltype(dir)::value;
    return (shift<d>(at) & victims) != 0 && (shift<2 * d>(at) & board.empty) != 0;
  };
  using L = std::integral_constant<int, kForward<Us>[0]>;
  using R = std::integral_constant<int, kForward<Us>[1]>;
  if constexpr (kIsKing) {
    return can(std::integral_constant<int, kUpLeft>{}) ||
           can(std::integral_constant<int, kUpRight>{}) ||
           can(std::integral_constant<int, kDownLeft>{}) ||
           can(std::integral_constant<int, kDownRight>{});
  } else {
    return can(L{}) || can(R{});
  }
}

// The general capture search: any piece, the board as R11 has it (captured pieces stay until
// the end, the start square is empty).
template <bool kIsKing, Color Us, bool kRecordPath, class Collector>
void extendCapture(const CaptureBoard& board, Sequence<kRecordPath>& seq, Collector& collector) {
  const Bitboard at = bit(seq.at);
  bool extended = false;
  auto tryDirection = [&](int dir) {
    const Bitboard jumped = shift(at, dir);
    // R11: a piece already captured stays on the board: it can be neither jumped again nor
    // landed on (it is not in `empty`).
    if ((jumped & board.victims & ~seq.captured) == 0) return;
    const Bitboard landing = shift(jumped, dir);
    if ((landing & board.empty) == 0) return;
    extended = true;
    const bool tookKing = (jumped & board.enemyKings) != 0;
    const std::uint32_t kingBit = tookKing ? CapturePrecedence::kingJumpBit(seq.jumps + 1) : 0;
    const Square start = seq.at;
    seq.at = lowestSquare(landing);
    if constexpr (kRecordPath) seq.path.squares[seq.path.length++] = seq.at;
    ++seq.jumps;
    seq.captured |= jumped;
    seq.kingsCaptured += tookKing;
    seq.kingJumpBits |= kingBit;
    // Most sequences end at their next square: finish them here rather than one call deeper.
    if (canJumpOn<kIsKing, Us>(board, seq))
      extendCapture<kIsKing, Us>(board, seq, collector);
    else
      collector.complete(seq, kIsKing);
    seq.kingJumpBits &= ~kingBit;
    seq.kingsCaptured -= tookKing;
    seq.captured &= ~jumped;
    --seq.jumps;
    if constexpr (kRecordPath) --seq.path.length;
    seq.at = start;
  };
  // R7: a man jumps forward only; R9: a king in all four directions. R10: the direction may
  // change at every jump. A man that lands on the last row cannot jump forward any more, so
  // the move ends there (R12) without a special case.
  if constexpr (kIsKing) {
    for (Direction d : kAllDirections) tryDirection(d);
  } else {
    for (Direction d : kForward<Us>) tryDirection(d);
  }
  if (!extended && seq.jumps > 0) collector.complete(seq, kIsKing);
}

// Squares of `movers` that can make a first jump in direction D.
template <int D>
Bitboard firstJumpers(Bitboard movers, Bitboard victims, Bitboard empty) {
  return shift<-2 * D>(shift<D>(shift<D>(movers) & victims) & empty);
}

// Men jump forward only, so what they already jumped and where they started always lies behind
// them: whether a man can jump on from a square depends on the board as it was before the move.
// These are the squares from which a man of Us could jump in direction D.
template <Color Us, int D>
Bitboard manJumpSquares(const Position& pos) {
  return shift<-D>(pos.men(opponent(Us))) & shift<-2 * D>(pos.empty());
}

// The men's capture search on that fixed board: one set of squares per direction tells where a
// jump is possible, no captured-piece bookkeeping is needed to decide it, and no two paths of a
// man have the same result (each jump crosses its own row, so the captured set fixes the path).
// Men never take kings (R8), so their precedence key is the number of pieces alone (P1).
template <Color Us>
struct ManJumpGraph {
  static constexpr int d0 = kForward<Us>[0];
  static constexpr int d1 = kForward<Us>[1];
  Bitboard from0, from1;  // squares from which a man of Us can jump in direction d0 / d1

  explicit ManJumpGraph(const Position& pos)
      : from0(manJumpSquares<Us, d0>(pos)), from1(manJumpSquares<Us, d1>(pos)) {}
};

template <Color Us, class Collector>
void extendManCapture(const ManJumpGraph<Us>& graph, Sequence<false>& seq, Collector& collector) {
  const Bitboard at = bit(seq.at);
  const bool go0 = (at & graph.from0) != 0;
  const bool go1 = (at & graph.from1) != 0;
  if (!go0 && !go1) {
    if (seq.jumps > 0) collector.complete(seq, false);
    return;
  }
  auto jump = [&](int dir) {
    const Square start = seq.at;
    const Bitboard jumped = shift(at, dir);
    seq.at = static_cast<Square>(start + 2 * dir);
    ++seq.jumps;
    seq.captured |= jumped;
    extendManCapture(graph, seq, collector);
    seq.captured &= ~jumped;
    --seq.jumps;
    seq.at = start;
  };
  if (go0) jump(ManJumpGraph<Us>::d0);
  if (go1) jump(ManJumpGraph<Us>::d1);
}

// The longest capture sequences of a man from `at` on that fixed board and how many there are
// ({0, 1}: it cannot jump). For counting, P1 alone decides between men (R8: they take no
// kings), so no sequence needs to be built.
struct LongestJumps {
  int jumps = 0;
  std::uint64_t count = 0;
};

template <Color Us>
LongestJumps longestManJumps(const ManJumpGraph<Us>& graph, Square at) {
  const Bitboard b = bit(at);
  const bool go0 = (b & graph.from0) != 0;
  const bool go1 = (b & graph.from1) != 0;
  if (!go0 && !go1) return {0, 1};
  LongestJumps best{-1, 0};
  auto take = [&best](LongestJumps next) {
    ++next.jumps;
    if (next.jumps > best.jumps)
      best = next;
    else if (next.jumps == best.jumps)
      best.count += next.count;
  };
  if (go0) take(longestManJumps(graph, static_cast<Square>(at + 2 * ManJumpGraph<Us>::d0)));
  if (go1) take(longestManJumps(graph, static_cast<Square>(at + 2 * ManJumpGraph<Us>::d1)));
  return best;
}

// A king's capture search with the board fixed for it (R11): captured pieces stay on the board
// until the move ends, so the squares from which it could jump in each direction are known
// before it starts; only "not captured already" is left to check at each jump. The
// directions are tried in the order of kAllDirections, as extendCapture does, so the moves
// come out in the same order.
struct KingJumpGraph {
  Bitboard from[4];  // squares from which a jump in kAllDirections[i] is possible
  Bitboard enemyKings;

  KingJumpGraph(Bitboard victims, Bitboard empty, Bitboard enemyKings) : enemyKings(enemyKings) {
    from[0] = shift<-kUpLeft>(victims) & shift<-2 * kUpLeft>(empty);
    from[1] = shift<-kUpRight>(victims) & shift<-2 * kUpRight>(empty);
    from[2] = shift<-kDownLeft>(victims) & shift<-2 * kDownLeft>(empty);
    from[3] = shift<-kDownRight>(victims) & shift<-2 * kDownRight>(empty);
  }
};

template <class Collector>
void extendKingCapture(const KingJumpGraph& graph, Sequence<false>& seq, Collector& collector) {
  const Bitboard at = bit(seq.at);
  bool extended = false;
  auto jump = [&](auto index) {
    constexpr int i = decltype(index)::value;
    constexpr int d = kAllDirections[i];
    if ((at & graph.from[i]) == 0) return;
    const Bitboard jumped = shift<d>(at);
    if (jumped & seq.captured) return;  // R11: a piece is jumped once
    extended = true;
    const bool tookKing = (jumped & graph.enemyKings) != 0;
    const std::uint32_t kingBit = tookKing ? CapturePrecedence::kingJumpBit(seq.jumps + 1) : 0;
    const Square start = seq.at;
    seq.at = static_cast<Square>(start + 2 * d);
    ++seq.jumps;
    seq.captured |= jumped;
    seq.kingsCaptured += tookKing;
    seq.kingJumpBits |= kingBit;
    extendKingCapture(graph, seq, collector);
    seq.kingJumpBits &= ~kingBit;
    seq.kingsCaptured -= tookKing;
    seq.captured &= ~jumped;
    --seq.jumps;
    seq.at = start;
  };
  jump(std::integral_constant<int, 0>{});
  jump(std::integral_constant<int, 1>{});
  jump(std::integral_constant<int, 2>{});
  jump(std::integral_constant<int, 3>{});
  if (!extended && seq.jumps > 0) collector.complete(seq, true);
}

// Landing squares of the first jumps of men in direction D.
template <Color Us, int D>
Bitboard manFirstLandings(const Position& pos) {
  return shift<D>(shift<D>(pos.men(Us)) & pos.men(opponent(Us))) & pos.empty();
}

template <Color Us>
Bitboard manCapturers(const Position& pos) {
  constexpr Color Them = opponent(Us);
  const Bitboard men = pos.men(Us);
  const Bitboard victims = pos.men(Them);  // R8: a man never captures a king
  const Bitboard empty = pos.empty();
  return firstJumpers<kForward<Us>[0]>(men, victims, empty) |
         firstJumpers<kForward<Us>[1]>(men, victims, empty);
}

template <Color Us>
Bitboard kingCapturers(const Position& pos) {
  const Bitboard kings = pos.kings(Us);
  if (!kings) return 0;
  const Bitboard victims = pos.pieces(opponent(Us));
  const Bitboard empty = pos.empty();
  return firstJumpers<kUpLeft>(kings, victims, empty) |
         firstJumpers<kUpRight>(kings, victims, empty) |
         firstJumpers<kDownLeft>(kings, victims, empty) |
         firstJumpers<kDownRight>(kings, victims, empty);
}

// Every capture of `men` and `kings` (kings first, then men, each in ascending square order:
// the order search's move ordering starts from).
template <Color Us, bool kRecordPath, class Collector>
void generateCaptures(const Position& pos, Bitboard men, Bitboard kings, Collector& collector) {
  constexpr Color Them = opponent(Us);
  auto start = [](Square from) {
    Sequence<kRecordPath> seq;
    seq.from = seq.at = from;
    if constexpr (kRecordPath) {
      seq.path.squares[0] = from;
      seq.path.length = 1;
    }
    return seq;
  };
  for (Bitboard b = kings; b; b = withoutLowest(b)) {
    const Square from = lowestSquare(b);
    Sequence<kRecordPath> seq = start(from);
    if constexpr (kRecordPath) {
      const CaptureBoard board{pos.empty() | bit(from), pos.pieces(Them), pos.kings(Them)};
      extendCapture<true, Us>(board, seq, collector);
    } else {
      const KingJumpGraph graph(pos.pieces(Them), pos.empty() | bit(from), pos.kings(Them));
      extendKingCapture(graph, seq, collector);
    }
  }
  if (!men) return;
  if constexpr (kRecordPath) {
    for (Bitboard b = men; b; b = withoutLowest(b)) {
      const Square from = lowestSquare(b);
      const CaptureBoard board{pos.empty() | bit(from), pos.men(Them), pos.kings(Them)};
      Sequence<true> seq = start(from);
      extendCapture<false, Us>(board, seq, collector);
    }
  } else {
    const ManJumpGraph<Us> graph(pos);
    for (Bitboard b = men; b; b = withoutLowest(b)) {
      Sequence<false> seq = start(lowestSquare(b));
      extendManCapture(graph, seq, collector);
    }
  }
}

// Output that merges sequences with the same result into one Move (counting the paths). Only
// a king's paths can share a result (see ManJumpGraph), so only they are looked up.
class UniqueMoves {
 public:
  explicit UniqueMoves(MoveList& list) : list_(list) {}
  void clear() { list_.clear(); }
  template <class Seq>
  void add(const Seq& seq, bool byKing) {
    const Move move = seq.move();
    if (byKing) {
      for (Move& m : list_) {
        if (m == move) {
          ++m.paths;
          return;
        }
      }
    }
    list_.push(move);
  }

 private:
  MoveList& list_;
};

// Output that keeps every path.
class PathMoves {
 public:
  explicit PathMoves(std::vector<PathMove>& list) : list_(list) {}
  void clear() { list_.clear(); }
  void add(const Sequence<true>& seq, bool) { list_.push_back(PathMove{seq.move(), seq.path}); }

 private:
  std::vector<PathMove>& list_;
};

template <Color Us>
void generateQuietMoves(const Position& pos, MoveList& out) {
  const Bitboard empty = pos.empty();
  auto addSteps = [&](Bitboard movers, int dir) {
    for (Bitboard targets = shift(movers, dir) & empty; targets; targets = withoutLowest(targets)) {
      const Square to = lowestSquare(targets);
      out.push(Move{0, static_cast<Square>(to - dir), to, 1});
    }
  };
  for (Direction d : kForward<Us>) addSteps(pos.men(Us), d);  // R4
  const Bitboard kings = pos.kings(Us);
  if (kings)
    for (Direction d : kAllDirections) addSteps(kings, d);  // R5
}

// The first jumps available to the men of Us, by direction.
template <Color Us>
struct ManJumps {
  static constexpr int d0 = kForward<Us>[0];
  static constexpr int d1 = kForward<Us>[1];
  Bitboard landings0, landings1;  // landing squares of first jumps in directions d0, d1

  explicit ManJumps(const Position& pos)
      : landings0(manFirstLandings<Us, d0>(pos)), landings1(manFirstLandings<Us, d1>(pos)) {}
  bool any() const { return (landings0 | landings1) != 0; }
  // Can any of them jump on? (Only asked when there is a first jump: most nodes have none.)
  bool anyContinues(const Position& pos) const {
    const Bitboard canGoOn = manJumpSquares<Us, d0>(pos) | manJumpSquares<Us, d1>(pos);
    return ((landings0 | landings1) & canGoOn) != 0;
  }
  Bitboard capturers() const { return shift<-2 * d0>(landings0) | shift<-2 * d1>(landings1); }
};

template <Color Us>
void generateMovesFor(const Position& pos, MoveList& out) {
  out.clear();
  const ManJumps<Us> manJumps(pos);
  const Bitboard kings = kingCapturers<Us>(pos);
  if (!manJumps.any() && !kings) {
    generateQuietMoves<Us>(pos, out);
    return;
  }
  // R6: a capture anywhere makes every quiet move illegal.
  if (!kings && !manJumps.anyContinues(pos)) {
    // The common case: men that capture one piece and cannot go on; all equal under P1..P4.
    auto addJumps = [&](Bitboard landings, int dir) {
      for (; landings; landings = withoutLowest(landings)) {
        const Square to = lowestSquare(landings);
        out.push(Move{bit(to - dir), static_cast<Square>(to - 2 * dir), to, 1});
      }
    };
    addJumps(manJumps.landings0, ManJumps<Us>::d0);
    addJumps(manJumps.landings1, ManJumps<Us>::d1);
    return;
  }
  UniqueMoves output(out);
  CaptureCollector<UniqueMoves> collector(output, true);
  generateCaptures<Us, false>(pos, manJumps.capturers(), kings, collector);
}

}  // namespace damiera::movegen_detail
