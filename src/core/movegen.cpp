#include "core/movegen.h"

#include <algorithm>
#include <type_traits>

#include "core/bitboard.h"
#include "core/precedence.h"

namespace damiera {

namespace {

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

// Counts captures when a king can capture or a man can jump on: the rare, slow case, kept out
// of line so that countMovesFor stays small enough to inline into perft's last loop.
template <Color Us>
[[gnu::noinline]] std::uint64_t countCapturesFor(const Position& pos, bool keepDuplicates,
                                                 Bitboard capturingMen, Bitboard capturingKings) {
  if (!capturingKings) {
    // Only men: the longest sequences over all of them (P1). Two different paths of a man
    // always capture different pieces, so both modes count the same.
    const ManJumpGraph<Us> graph(pos);
    LongestJumps best;
    for (Bitboard b = capturingMen; b; b = withoutLowest(b)) {
      const LongestJumps mine = longestManJumps(graph, lowestSquare(b));
      if (mine.jumps > best.jumps)
        best = mine;
      else if (mine.jumps == best.jumps)
        best.count += mine.count;
    }
    return best.count;
  }
  // Counting paths needs no list.
  if (keepDuplicates) {
    CaptureCounter counter;
    generateCaptures<Us, false>(pos, capturingMen, capturingKings, counter);
    return counter.count();
  }
  MoveList list;
  UniqueMoves output(list);
  CaptureCollector<UniqueMoves> collector(output, true);
  generateCaptures<Us, false>(pos, capturingMen, capturingKings, collector);
  return static_cast<std::uint64_t>(list.size());
}

// countCapturesFor when a king can capture.
template <Color Us>
[[gnu::noinline]] std::uint64_t countKingCapturesFor(const Position& pos, bool keepDuplicates,
                                                     Bitboard capturingMen,
                                                     Bitboard capturingKings) {
  // Most king captures are single jumps (R9: one square beyond the victim). When no king
  // can jump on from where it lands, the counts follow from the first jumps alone: they
  // all take one piece (P1), beat any man's single jump (P2), and those that take a king
  // come first (P3; P4 says the same for one jump). A jump on cannot go back over its
  // victim (R11), which is the only way back to the king's start square.
  const Bitboard victims = pos.pieces(opponent(Us));
  const Bitboard themKings = pos.kings(opponent(Us));
  const Bitboard empty = pos.empty();
  const Bitboard kings = pos.kings(Us);
  auto jumpsFrom = [&](auto dir) {
    constexpr int d = decltype(dir)::value;
    return shift<-d>(victims) & shift<-2 * d>(empty);
  };
  using UL = std::integral_constant<int, kUpLeft>;
  using UR = std::integral_constant<int, kUpRight>;
  using DL = std::integral_constant<int, kDownLeft>;
  using DR = std::integral_constant<int, kDownRight>;
  const Bitboard fromUL = jumpsFrom(UL{}), fromUR = jumpsFrom(UR{});
  const Bitboard fromDL = jumpsFrom(DL{}), fromDR = jumpsFrom(DR{});
  int singles = 0;
  int overKings = 0;
  bool goesOn = false;
  // Jumps in direction d may go on in any direction but back (-d).
  auto firstJumps = [&](auto dir, Bitboard onward) {
    constexpr int d = decltype(dir)::value;
    const Bitboard over = shift<d>(kings) & victims;
    const Bitboard landings = shift<d>(over) & empty;
    singles += popcount(landings);
    overKings += popcount(shift<d>(over & themKings) & empty);
    goesOn = goesOn || (landings & onward) != 0;
  };
  firstJumps(UL{}, fromUL | fromUR | fromDL);
  firstJumps(UR{}, fromUL | fromUR | fromDR);
  firstJumps(DL{}, fromUL | fromDL | fromDR);
  firstJumps(DR{}, fromUR | fromDL | fromDR);
  if (!goesOn) {
    // A man's multi-jump would take more pieces (P1): then only the men count.
    if (!capturingMen || !ManJumps<Us>(pos).anyContinues(pos))
      return static_cast<std::uint64_t>(overKings ? overKings : singles);
    return countCapturesFor<Us>(pos, keepDuplicates, capturingMen, 0);
  }
  return countCapturesFor<Us>(pos, keepDuplicates, capturingMen, capturingKings);
}

template <Color Us>
inline std::uint64_t countMovesFor(const Position& pos, bool keepDuplicates) {
  const ManJumps<Us> manJumps(pos);
  const Bitboard capturingKings = kingCapturers<Us>(pos);
  if (!manJumps.any() && !capturingKings) {
    // Quiet moves: one per (piece, empty neighbour), counted without building them.
    const Bitboard empty = pos.empty();
    const Bitboard men = pos.men(Us);
    const Bitboard kings = pos.kings(Us);
    std::uint64_t count = popcount(shift<kForward<Us>[0]>(men) & empty) +
                          popcount(shift<kForward<Us>[1]>(men) & empty);
    if (kings) {
      count += popcount(shift<kUpLeft>(kings) & empty) + popcount(shift<kUpRight>(kings) & empty) +
               popcount(shift<kDownLeft>(kings) & empty) +
               popcount(shift<kDownRight>(kings) & empty);
    }
    return count;
  }
  if (!capturingKings && !manJumps.anyContinues(pos))  // see generateMovesFor
    return static_cast<std::uint64_t>(popcount(manJumps.landings0) + popcount(manJumps.landings1));
  if (capturingKings)
    return countKingCapturesFor<Us>(pos, keepDuplicates, manJumps.capturers(), capturingKings);
  return countCapturesFor<Us>(pos, keepDuplicates, manJumps.capturers(), 0);
}

// Perft's last two plies when Us has only quiet moves (the usual case), counted in bulk rather
// than child by child. A step from f to t changes the board in two squares only: Them's quiet
// moves in the child are those of the parent's board (Them's pieces have not moved), plus the
// steps into f, minus the steps into t. Summed over all of Us's steps of one direction, that is
// a few popcounts. A child where Them must capture (R6) is counted in full instead; whether it
// must is read from masks of the parent's board, because with Italian kings that step one
// square (R5, R9) a jump there involves f or t, or was already possible in the parent:
// - over the moved piece on t (landing on an empty square beyond, or on f itself);
// - onto f, over an Us piece beside it;
// - a jump of the parent's board that neither lost its victim (f) nor its landing square (t).
// When the parent already has a jump for Them (a threat), the children are counted in full.
template <Color Us>
std::uint64_t countQuietReplies(const Position& pos, bool keepDuplicates) {
  constexpr Color Them = opponent(Us);
  constexpr int f0 = kForward<Them>[0];  // Them's forward directions (R4, R7)...
  constexpr int f1 = kForward<Them>[1];
  constexpr int b0 = kForward<Us>[0];  // ... and backward ones, Us's forward
  constexpr int b1 = kForward<Us>[1];
  const Bitboard empty = pos.empty();
  const Bitboard usMen = pos.men(Us);
  const Bitboard usAll = pos.pieces(Us);
  const Bitboard themKings = pos.kings(Them);
  const Bitboard themAll = pos.pieces(Them);

  // Where Them's pieces can step to, by direction, whether empty or not (R4, R5).
  const Bitboard toF0 = shift<f0>(themAll), toF1 = shift<f1>(themAll);
  const Bitboard toB0 = shift<b0>(themKings), toB1 = shift<b1>(themKings);
  // How many of Them's steps land on the squares of `b`, counted with multiplicity.
  auto stepsInto = [&](Bitboard b) {
    int n = popcount(b & toF0) + popcount(b & toF1);
    if (themKings) n += popcount(b & toB0) + popcount(b & toB1);
    return n;
  };
  const std::uint64_t parentSteps = static_cast<std::uint64_t>(stepsInto(empty));

  // Jumps of the parent's board for Them (men forward over men, R7, R8; kings any way, R9).
  auto jumpers = [&](auto dir, Bitboard victims) {
    constexpr int d = decltype(dir)::value;
    return shift<-d>(victims) & shift<-2 * d>(empty);
  };
  using F0 = std::integral_constant<int, f0>;
  using F1 = std::integral_constant<int, f1>;
  using B0 = std::integral_constant<int, b0>;
  using B1 = std::integral_constant<int, b1>;
  Bitboard threats = themAll & (jumpers(F0{}, usMen) | jumpers(F1{}, usMen));
  if (themKings)
    threats |= themKings & (jumpers(F0{}, usAll) | jumpers(F1{}, usAll) | jumpers(B0{}, usAll) |
                            jumpers(B1{}, usAll));

  if (threats == 0) {
    // A square x that Them could jump over, landing on an empty square of the parent's board,
    // were an Us man (overMan) or king (overKing) on it.
    const Bitboard overKingF =
        (shift<f0>(themKings) & shift<-f0>(empty)) | (shift<f1>(themKings) & shift<-f1>(empty));
    const Bitboard overKing = themKings ? overKingF | (shift<b0>(themKings) & shift<-b0>(empty)) |
                                              (shift<b1>(themKings) & shift<-b1>(empty))
                                        : 0;
    const Bitboard overMan = (toF0 & shift<-f0>(empty)) | (toF1 & shift<-f1>(empty)) | overKing;
    // A square y that Them could jump onto over an Us piece beside it, were y empty.
    Bitboard onto =
        (shift<2 * f0>(themAll) & shift<f0>(usMen)) | (shift<2 * f1>(themAll) & shift<f1>(usMen));
    if (themKings)
      onto |= (shift<2 * f0>(themKings) & shift<f0>(usAll)) |
              (shift<2 * f1>(themKings) & shift<f1>(usAll)) |
              (shift<2 * b0>(themKings) & shift<b0>(usAll)) |
              (shift<2 * b1>(themKings) & shift<b1>(usAll));

    std::uint64_t count = 0;
    // Us's steps in direction s by `movers` (kings: whether they are kings already or are
    // crowned on t, R12, decides which of Them's pieces may take them, R8). Inlined by force:
    // called out of line, it reads every mask above through memory.
    auto countSteps = [&](auto dir, Bitboard movers, bool moversAreKings)
        __attribute__((always_inline)) {
      constexpr int s = decltype(dir)::value;
      const Bitboard targets = shift<s>(movers) & empty;
      if (!targets) return;
      const Bitboard crowned = moversAreKings ? targets : targets & promotionRow(Us);
      const Bitboard men = targets & ~crowned;
      // Jumpers standing beyond t that would jump back over it onto f.
      constexpr bool backIsThemForward = -s == f0 || -s == f1;
      const Bitboard backOverMan = shift<-s>(backIsThemForward ? themAll : themKings);
      const Bitboard backOverKing = shift<-s>(themKings);
      const Bitboard mustCapture = (men & (overMan | backOverMan)) |
                                   (crowned & (overKing | backOverKing)) |
                                   (targets & shift<s>(onto));
      const Bitboard plain = targets & ~mustCapture;
      count += static_cast<std::uint64_t>(popcount(plain)) * parentSteps +
               static_cast<std::uint64_t>(stepsInto(shift<-s>(plain))) -
               static_cast<std::uint64_t>(stepsInto(plain));
      for (Bitboard b = mustCapture; b; b = withoutLowest(b)) {
        const Square to = lowestSquare(b);
        const Move step{0, static_cast<Square>(to - s), to, 1};
        count += countMovesFor<Them>(pos.afterUnhashedBy<Us>(step), keepDuplicates);
      }
    };
    countSteps(B0{}, usMen, false);  // R4
    countSteps(B1{}, usMen, false);
    if (const Bitboard usKings = pos.kings(Us)) {  // R5
      countSteps(B0{}, usKings, true);
      countSteps(B1{}, usKings, true);
      countSteps(F0{}, usKings, true);
      countSteps(F1{}, usKings, true);
    }
    return count;
  }

  // With a threat on the board: each child counted as its step is found, no list.
  std::uint64_t count = 0;
  auto countSteps = [&](Bitboard movers, int dir) {
    for (Bitboard targets = shift(movers, dir) & empty; targets; targets = withoutLowest(targets)) {
      const Square to = lowestSquare(targets);
      const Move step{0, static_cast<Square>(to - dir), to, 1};
      count += countMovesFor<Them>(pos.afterUnhashedBy<Us>(step), keepDuplicates);
    }
  };
  for (Direction d : kForward<Us>) countSteps(usMen, d);  // R4
  if (const Bitboard kings = pos.kings(Us))
    for (Direction d : kAllDirections) countSteps(kings, d);  // R5
  return count;
}

// Perft's last two plies: the replies to every move counted in one loop, the side known at
// compile time in both plies.
template <Color Us>
std::uint64_t countRepliesFor(const Position& pos, bool keepDuplicates) {
  const ManJumps<Us> manJumps(pos);
  const Bitboard capturingKings = kingCapturers<Us>(pos);
  if (!manJumps.any() && !capturingKings) return countQuietReplies<Us>(pos, keepDuplicates);
  if (!capturingKings && !manJumps.anyContinues(pos)) {
    // Men's single jumps (see generateMovesFor): each child counted as its jump is found.
    std::uint64_t count = 0;
    auto countJumps = [&](Bitboard landings, int dir) {
      for (; landings; landings = withoutLowest(landings)) {
        const Square to = lowestSquare(landings);
        const Move jump{bit(to - dir), static_cast<Square>(to - 2 * dir), to, 1};
        count += countMovesFor<opponent(Us)>(pos.afterUnhashedBy<Us>(jump), keepDuplicates);
      }
    };
    countJumps(manJumps.landings0, ManJumps<Us>::d0);
    countJumps(manJumps.landings1, ManJumps<Us>::d1);
    return count;
  }
  MoveList moves;
  generateMovesFor<Us>(pos, moves);
  std::uint64_t count = 0;
  for (const Move& m : moves) {
    const std::uint64_t replies =
        countMovesFor<opponent(Us)>(pos.afterUnhashedBy<Us>(m), keepDuplicates);
    count += keepDuplicates ? replies * m.paths : replies;
  }
  return count;
}

template <Color Us>
void pathMovesFor(const Position& pos, bool applyPrecedence, std::vector<PathMove>& out) {
  PathMoves output(out);
  CaptureCollector<PathMoves> collector(output, applyPrecedence);
  generateCaptures<Us, true>(pos, pos.men(Us), pos.kings(Us), collector);
}

std::vector<PathMove> capturePaths(const Position& pos, bool applyPrecedence) {
  std::vector<PathMove> out;
  if (pos.sideToMove() == Color::White)
    pathMovesFor<Color::White>(pos, applyPrecedence, out);
  else
    pathMovesFor<Color::Black>(pos, applyPrecedence, out);
  return out;
}

// legalmoves order: ascending (from, path) in Italian square numbers.
void sortByNotation(std::vector<PathMove>& moves) {
  auto numbers = [](const PathMove& m) {
    std::array<int, kMaxPathSquares> key{};
    for (int i = 0; i < m.path.length; ++i) key[i] = numberOfSquare(m.path.squares[i]);
    return key;
  };
  std::sort(moves.begin(), moves.end(),
            [&](const PathMove& a, const PathMove& b) { return numbers(a) < numbers(b); });
}

}  // namespace

void generateMoves(const Position& pos, MoveList& out) {
  if (pos.sideToMove() == Color::White)
    generateMovesFor<Color::White>(pos, out);
  else
    generateMovesFor<Color::Black>(pos, out);
}

std::vector<PathMove> generatePathMoves(const Position& pos) {
  std::vector<PathMove> out;
  if (hasCapture(pos)) {
    out = capturePaths(pos, true);
  } else {
    MoveList quiet;
    generateMoves(pos, quiet);
    for (const Move& m : quiet) {
      MovePath path;
      path.squares[0] = m.from;
      path.squares[1] = m.to;
      path.length = 2;
      out.push_back(PathMove{m, path});
    }
  }
  sortByNotation(out);
  return out;
}

std::vector<PathMove> generateCaptureSequencesIgnoringPrecedence(const Position& pos) {
  std::vector<PathMove> out = capturePaths(pos, false);
  sortByNotation(out);
  return out;
}

bool hasCapture(const Position& pos, Color side) {
  // Only the pieces matter, not whose turn it is: this also answers "would the side not to
  // move have a capture" without a copy of the position.
  if (side == Color::White)
    return (manCapturers<Color::White>(pos) | kingCapturers<Color::White>(pos)) != 0;
  return (manCapturers<Color::Black>(pos) | kingCapturers<Color::Black>(pos)) != 0;
}

bool hasCapture(const Position& pos) { return hasCapture(pos, pos.sideToMove()); }

std::uint64_t countMoves(const Position& pos, bool keepDuplicates) {
  return pos.sideToMove() == Color::White ? countMovesFor<Color::White>(pos, keepDuplicates)
                                          : countMovesFor<Color::Black>(pos, keepDuplicates);
}

std::uint64_t countReplies(const Position& pos, bool keepDuplicates) {
  return pos.sideToMove() == Color::White ? countRepliesFor<Color::White>(pos, keepDuplicates)
                                          : countRepliesFor<Color::Black>(pos, keepDuplicates);
}

}  // namespace damiera
