#include "search/eval.h"

#include <array>
#include <initializer_list>

namespace damiera {

namespace {

// ---- Weights (hundredths of a man) ----------------------------------------------------------

constexpr int kManValue = 100;
// R8: a man can never capture a king, so a king is only ever lost to another king; that makes
// it worth much more than in English checkers (where ~130-150 is usual).
constexpr int kKingValue = 275;
// Trading down when ahead: the lead grows by lead * (pieces gone) / kTradeDownDivisor, so the
// side ahead likes exchanges and the side behind avoids them.
constexpr int kTradeDownDivisor = 64;
constexpr int kMaxPieces = 24;

// Men advancement by rows gained from the own back row (0 = still home, 6 = one step from
// promotion), interpolated between the opening (all 24 pieces on the board) and the ending
// (none). Early advance leaves holes; late, a man near promotion is nearly a king.
constexpr std::array<int, 7> kAdvanceOpening = {0, 1, 2, 4, 6, 9, 12};
constexpr std::array<int, 7> kAdvanceEnding = {0, 4, 9, 15, 23, 33, 45};

// Men kept on the own back row stop enemy men from crowning there. Worth most while the
// opponent still has many men that could break through; the two middle squares cover two
// entry squares each, the corners one.
constexpr int kGuardCorner = 4;
constexpr int kGuardMiddle = 10;
constexpr int kGuardFullAtEnemyMen = 12;

// Centre control: central men split the opponent's position, central kings reach everything.
constexpr int kManCentre = 5;
constexpr int kManNearCentre = 2;
constexpr int kKingCentre = 10;
// A king on the edge has half its moves and is the one that gets trapped.
constexpr int kKingEdge = -10;

// Each available step (R4 for men, R5 for kings): freedom to wait and to choose exchanges.
constexpr int kMobilityPerMove = 2;

// A runaway man: no enemy piece anywhere in its forward cone, so nothing can stop or capture
// it on the way to promotion. Indexed by rows still to go (1..7). Enemy kings can come back
// to catch it, so the bonus is halved when the opponent has any.
constexpr std::array<int, 8> kRunaway = {0, 110, 85, 60, 40, 25, 12, 0};
constexpr int kRunawayDivisorWithEnemyKings = 2;

// King safety: only a king can capture a king (R8, R9). A king with no empty neighbour
// cannot move and is lost as soon as an enemy king lines up; a king an enemy king could jump
// right now must spend its move escaping.
constexpr int kKingTrapped = -25;
constexpr int kKingExposed = -15;

// Having the move is worth a little: it damps the odd/even swing of iterative deepening.
constexpr int kTempo = 5;

// Drawish endings: kings alone with equal numbers cannot win (no piece can be forced into a
// capture without a man to spare), and one extra king against two or more is very hard to
// convert within the no-progress limit (R15).
constexpr int kScaleEqualKings = 0;
constexpr int kScaleOneKingUp = kEvalScaleFull / 2;

// ---- Geometry -------------------------------------------------------------------------------

constexpr Bitboard squaresOf(std::initializer_list<int> numbers) {
  Bitboard b = 0;
  for (int n : numbers) b |= bit(squareFromNumber(n));
  return b;
}

// Rotating the board half a turn maps square n to 33 - n (R2), which swaps the two sides.
constexpr Bitboard rotated(Bitboard b) {
  Bitboard r = 0;
  for (int n = 1; n <= kNumSquares; ++n)
    if (b & bit(squareFromNumber(n))) r |= bit(squareFromNumber(kNumSquares + 1 - n));
  return r;
}

constexpr int fileOfNumber(int n) {
  const int row = (n - 1) / 4;
  return 2 * ((n - 1) % 4) + (row & 1);
}

constexpr Bitboard kCentre = squaresOf({14, 15, 18, 19});
constexpr Bitboard kNearCentre = squaresOf({10, 11, 22, 23});
constexpr Bitboard makeEdge() {
  Bitboard b = 0;
  for (int n = 1; n <= kNumSquares; ++n) {
    const int row = (n - 1) / 4, file = fileOfNumber(n);
    if (row == 0 || row == 7 || file == 0 || file == 7) b |= bit(squareFromNumber(n));
  }
  return b;
}
constexpr Bitboard kEdge = makeEdge();
constexpr Bitboard kWhiteGuardCorners = squaresOf({29, 32});
constexpr Bitboard kWhiteGuardMiddle = squaresOf({30, 31});

// Ghost-layout steps (square.h): up = toward rank 8 (White's forward), down = toward rank 1.
constexpr Bitboard stepUpLeft(Bitboard b) { return (b >> 5) & kPlayable; }
constexpr Bitboard stepUpRight(Bitboard b) { return (b >> 4) & kPlayable; }
constexpr Bitboard stepDownLeft(Bitboard b) { return (b << 4) & kPlayable; }
constexpr Bitboard stepDownRight(Bitboard b) { return (b << 5) & kPlayable; }
constexpr Bitboard neighbours(Bitboard b) {
  return stepUpLeft(b) | stepUpRight(b) | stepDownLeft(b) | stepDownRight(b);
}

// Per colour and square: rows advanced from the own back row, and the forward cone (every
// square a man there could still meet on its way to promotion).
struct ManTables {
  std::array<std::array<int, kLayoutBits>, 2> advance{};
  std::array<std::array<Bitboard, kLayoutBits>, 2> cone{};
};

constexpr ManTables makeManTables() {
  ManTables t{};
  for (int n = 1; n <= kNumSquares; ++n) {
    const Square sq = squareFromNumber(n);
    const int row = (n - 1) / 4;
    t.advance[0][sq] = 7 - row;  // White promotes on row 0 (rank 8)
    t.advance[1][sq] = row;      // Black on row 7 (rank 1)
    for (int m = 1; m <= kNumSquares; ++m) {
      const int otherRow = (m - 1) / 4;
      const int fileGap = fileOfNumber(m) > fileOfNumber(n) ? fileOfNumber(m) - fileOfNumber(n)
                                                            : fileOfNumber(n) - fileOfNumber(m);
      if (otherRow < row && fileGap <= row - otherRow) t.cone[0][sq] |= bit(squareFromNumber(m));
      if (otherRow > row && fileGap <= otherRow - row) t.cone[1][sq] |= bit(squareFromNumber(m));
    }
  }
  return t;
}

constexpr ManTables kManTables = makeManTables();

// ---- Terms ----------------------------------------------------------------------------------

// Each term is computed for one side (White's or Black's pieces) and reported as
// White minus Black.
struct SideView {
  int colour;  // 0 = White, 1 = Black
  Bitboard men, kings, enemyMen, enemyKings;
  Bitboard guardCorners, guardMiddle;
  Bitboard forwardSteps(Bitboard b) const {
    return colour == 0 ? stepUpLeft(b) | stepUpRight(b) : stepDownLeft(b) | stepDownRight(b);
  }
};

SideView viewOf(const Position& pos, Color c) {
  const Color them = opponent(c);
  const bool white = c == Color::White;
  return {white ? 0 : 1,
          pos.men(c),
          pos.kings(c),
          pos.men(them),
          pos.kings(them),
          white ? kWhiteGuardCorners : rotated(kWhiteGuardCorners),
          white ? kWhiteGuardMiddle : rotated(kWhiteGuardMiddle)};
}

int advancement(const SideView& s, int pieces) {
  int opening = 0, ending = 0;
  for (Bitboard b = s.men; b; b = withoutLowest(b)) {
    const int rows = kManTables.advance[s.colour][lowestSquare(b)];
    opening += kAdvanceOpening[rows];
    ending += kAdvanceEnding[rows];
  }
  return (opening * pieces + ending * (kMaxPieces - pieces)) / kMaxPieces;
}

int backRankGuard(const SideView& s) {
  const int enemyMen = popcount(s.enemyMen);
  const int raw = kGuardCorner * popcount(s.men & s.guardCorners) +
                  kGuardMiddle * popcount(s.men & s.guardMiddle);
  return raw * (enemyMen < kGuardFullAtEnemyMen ? enemyMen : kGuardFullAtEnemyMen) /
         kGuardFullAtEnemyMen;
}

int centreAndEdge(const SideView& s) {
  return kManCentre * popcount(s.men & kCentre) + kManNearCentre * popcount(s.men & kNearCentre) +
         kKingCentre * popcount(s.kings & kCentre) + kKingEdge * popcount(s.kings & kEdge);
}

int mobility(const SideView& s, Bitboard empty) {
  const Bitboard fwd0 = s.colour == 0 ? stepUpLeft(s.men) : stepDownLeft(s.men);
  const Bitboard fwd1 = s.colour == 0 ? stepUpRight(s.men) : stepDownRight(s.men);
  int moves = popcount(fwd0 & empty) + popcount(fwd1 & empty);
  if (s.kings)
    moves += popcount(stepUpLeft(s.kings) & empty) + popcount(stepUpRight(s.kings) & empty) +
             popcount(stepDownLeft(s.kings) & empty) + popcount(stepDownRight(s.kings) & empty);
  return kMobilityPerMove * moves;
}

int runaways(const SideView& s, Bitboard empty) {
  const Bitboard enemies = s.enemyMen | s.enemyKings;
  int bonus = 0;
  for (Bitboard b = s.men; b; b = withoutLowest(b)) {
    const Square sq = lowestSquare(b);
    if (kManTables.cone[s.colour][sq] & enemies) continue;
    if ((s.forwardSteps(bit(sq)) & empty) == 0) continue;  // blocked by its own men
    bonus += kRunaway[7 - kManTables.advance[s.colour][sq]];
  }
  return s.enemyKings ? bonus / kRunawayDivisorWithEnemyKings : bonus;
}

int kingSafety(const SideView& s, Bitboard empty) {
  if (!s.kings) return 0;
  const Bitboard trapped = s.kings & ~neighbours(empty);
  // An enemy king one step away with the square beyond us empty could jump us (R9).
  const Bitboard exposed = (s.kings & stepUpLeft(s.enemyKings) & stepDownRight(empty)) |
                           (s.kings & stepUpRight(s.enemyKings) & stepDownLeft(empty)) |
                           (s.kings & stepDownLeft(s.enemyKings) & stepUpRight(empty)) |
                           (s.kings & stepDownRight(s.enemyKings) & stepUpLeft(empty));
  return kKingTrapped * popcount(trapped) + kKingExposed * popcount(exposed);
}

int drawishScale(const Position& pos) {
  const int whiteMen = popcount(pos.men(Color::White));
  const int blackMen = popcount(pos.men(Color::Black));
  if (whiteMen || blackMen) return kEvalScaleFull;
  const int whiteKings = popcount(pos.kings(Color::White));
  const int blackKings = popcount(pos.kings(Color::Black));
  if (whiteKings == blackKings) return kScaleEqualKings;
  const int weaker = whiteKings < blackKings ? whiteKings : blackKings;
  const int gap = whiteKings > blackKings ? whiteKings - blackKings : blackKings - whiteKings;
  if (gap == 1 && weaker >= 2) return kScaleOneKingUp;
  return kEvalScaleFull;
}

// Calls add(name, whiteMinusBlack) for every term; returns the scale.
template <class Add>
int computeTerms(const Position& pos, Add&& add) {
  const SideView white = viewOf(pos, Color::White);
  const SideView black = viewOf(pos, Color::Black);
  const Bitboard empty = pos.empty();
  const int pieces = popcount(pos.occupied());

  const int material = kManValue * (popcount(white.men) - popcount(black.men)) +
                       kKingValue * (popcount(white.kings) - popcount(black.kings));
  add("material", material + material * (kMaxPieces - pieces) / kTradeDownDivisor);
  add("advancement", advancement(white, pieces) - advancement(black, pieces));
  add("back rank guard", backRankGuard(white) - backRankGuard(black));
  add("centre and edge", centreAndEdge(white) - centreAndEdge(black));
  add("mobility", mobility(white, empty) - mobility(black, empty));
  add("runaway men", runaways(white, empty) - runaways(black, empty));
  add("king safety", kingSafety(white, empty) - kingSafety(black, empty));
  add("tempo", pos.sideToMove() == Color::White ? kTempo : -kTempo);
  return drawishScale(pos);
}

int fromSideToMove(const Position& pos, int whiteScore) {
  return pos.sideToMove() == Color::White ? whiteScore : -whiteScore;
}

}  // namespace

int evaluate(const Position& pos) {
  int sum = 0;
  const int scale = computeTerms(pos, [&](std::string_view, int score) { sum += score; });
  return fromSideToMove(pos, sum * scale / kEvalScaleFull);
}

EvalReport explainEvaluation(const Position& pos) {
  EvalReport report;
  int whiteSum = 0;
  report.scale = computeTerms(pos, [&](std::string_view name, int score) {
    whiteSum += score;
    report.terms.push_back({name, fromSideToMove(pos, score)});
  });
  report.sum = fromSideToMove(pos, whiteSum);
  report.total = fromSideToMove(pos, whiteSum * report.scale / kEvalScaleFull);
  return report;
}

}  // namespace damiera
