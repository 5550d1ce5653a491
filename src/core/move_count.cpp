// Counting moves without building them, for perft's last two plies (core/move_count.h): the
// generator's own machinery (movegen_detail.h), with bulk counts where a whole set of moves
// can be counted by popcounts.
#include "core/move_count.h"

#include "core/movegen_detail.h"

namespace damiera {

using namespace movegen_detail;

namespace {

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

}  // namespace

std::uint64_t countMoves(const Position& pos, bool keepDuplicates) {
  return pos.sideToMove() == Color::White ? countMovesFor<Color::White>(pos, keepDuplicates)
                                          : countMovesFor<Color::Black>(pos, keepDuplicates);
}

std::uint64_t countReplies(const Position& pos, bool keepDuplicates) {
  return pos.sideToMove() == Color::White ? countRepliesFor<Color::White>(pos, keepDuplicates)
                                          : countRepliesFor<Color::Black>(pos, keepDuplicates);
}

}  // namespace damiera
