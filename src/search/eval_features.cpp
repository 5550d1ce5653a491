#include "search/eval_features.h"

#include <cassert>
#include <initializer_list>

#include "core/bitboard.h"

namespace damiera {

const std::array<std::string_view, kHandTermCount> kHandTermNames = {
    "material",    "advancement", "back rank guard", "centre and edge", "mobility",
    "runaway men", "balance",     "king safety",     "threat",          "tempo"};

namespace {

// ---- The hand terms' inner constants (hundredths of a man) ----------------------------------
//
// Each term below is one feature; the learned weights (eval_weights.h) scale it per phase, so
// these constants fix each term's shape, the weights its size. The values were fitted to the
// results of ~9,000 self-play games (about 900,000 quiet positions; Texel's method: least squares
// between the game result and a logistic of the evaluation), starting from hand-set values, then
// checked in self-play matches (the fitted set beat the hand-set one by about 80 Elo at 10 ms a
// move). So a number here is what the games said, and the comment says what the term is for; where
// the fit disagreed with intuition the comment says so. Any change is a deliberate bench signature
// change (bench.h) and needs a retraining (the shipped weights were fitted on top of these shapes).

constexpr int kManValue = 100;
// R8: a man can never capture a king, so a king is only ever lost to another king; it is worth
// about two men (self-play: 205 beat 275 by about 75 Elo, 140 lost clearly).
constexpr int kKingValue = 205;
// Trading down when ahead: the lead grows by lead * (pieces gone) / kTradeDownDivisor, so the
// side ahead likes exchanges and the side behind avoids them.
constexpr int kTradeDownDivisor = 72;
constexpr int kMaxPieces = 24;

// Men advancement by rows gained from the own back row (0 = still home, 6 = one step from
// promotion), interpolated between the opening (all 24 pieces on the board) and the ending
// (none). With many pieces a compact block one or two rows up is best and men in mid-board
// are targets; with few, every row toward promotion counts.
constexpr std::array<int, 7> kAdvanceOpening = {0, 45, 18, 8, -6, 9, 22};
constexpr std::array<int, 7> kAdvanceEnding = {0, -26, 15, 42, 77, 78, 51};

// Men kept on the own back row stop enemy men from crowning there. Worth most while the
// opponent still has many men that could break through; the two middle squares cover two
// entry squares each, the corners one.
constexpr int kGuardCorner = 34;
constexpr int kGuardMiddle = 94;
constexpr int kGuardFullAtEnemyMen = 12;

// Centre: a central king reaches every part of the board. (For men the fit found nothing
// beyond what advancement and the guard already say.)
constexpr int kKingCentre = 6;
// A king on the edge has half its moves and is the one that gets trapped.
constexpr int kKingEdge = -6;

// Each available step (R4 for men, R5 for kings): freedom to wait and to choose exchanges.
constexpr int kMobilityPerMove = 4;

// A runaway man: no enemy piece anywhere in its forward cone, so nothing can stop or capture
// it on the way to promotion. Indexed by rows still to go (1..7), on top of advancement (which
// already pays for the rows gained, hence the uneven shape). Enemy kings can come back to
// catch it, so the bonus is halved when the opponent has any.
constexpr std::array<int, 8> kRunaway = {0, 100, 30, 10, 30, 0, 15, 0};
constexpr int kRunawayDivisorWithEnemyKings = 2;

// Balance: men spread evenly over the two wings hold the position together; a lopsided side
// gets outnumbered on its empty wing.
constexpr int kWingImbalance = -6;
// Threats to the side to move, which has no capture (quiescence saw to that) while the
// opponent has one lined up: the move must be spent parrying it, and sometimes it cannot be.
// King safety: only a king can capture a king (R8, R9), and a king attacked by one can
// usually step away, so it weighs less than an attacked man.
constexpr int kMenThreatened = -36;
constexpr int kKingExposed = -18;

// Having the move is worth a little: it damps the odd/even swing of iterative deepening.
constexpr int kTempo = 3;

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
constexpr Bitboard makeEdge() {
  Bitboard b = 0;
  for (int n = 1; n <= kNumSquares; ++n) {
    const int row = (n - 1) / 4, file = fileOfNumber(n);
    if (row == 0 || row == 7 || file == 0 || file == 7) b |= bit(squareFromNumber(n));
  }
  return b;
}
constexpr Bitboard kEdge = makeEdge();
constexpr Bitboard makeWing(int firstFile) {
  Bitboard b = 0;
  for (int n = 1; n <= kNumSquares; ++n)
    if (fileOfNumber(n) >= firstFile && fileOfNumber(n) < firstFile + 4)
      b |= bit(squareFromNumber(n));
  return b;
}
constexpr Bitboard kLeftWing = makeWing(0);   // files a-d
constexpr Bitboard kRightWing = makeWing(4);  // files e-h
constexpr Bitboard kWhiteGuardCorners = squaresOf({29, 32});
constexpr Bitboard kWhiteGuardMiddle = squaresOf({30, 31});

// Per colour: the squares of each advancement (rows gained from the own back row, 0..6).
constexpr std::array<std::array<Bitboard, 7>, 2> makeAdvanceRows() {
  std::array<std::array<Bitboard, 7>, 2> rows{};
  for (int n = 1; n <= kNumSquares; ++n) {
    const int row = (n - 1) / 4;  // 0 = rank 8
    // White promotes on row 0 and Black on row 7: a man never stands there (R12).
    if (row != 0) rows[0][7 - row] |= bit(squareFromNumber(n));
    if (row != 7) rows[1][row] |= bit(squareFromNumber(n));
  }
  return rows;
}
constexpr auto kAdvanceRows = makeAdvanceRows();
constexpr Bitboard kBlackGuardCorners = rotated(kWhiteGuardCorners);
constexpr Bitboard kBlackGuardMiddle = rotated(kWhiteGuardMiddle);

// Every square from which a man of `colour` would meet one of `pieces` on its way to
// promotion: the pieces' shadow spread one row at a time back toward that colour's side,
// one file wider each row (the forward cone, seen from the other end).
Bitboard coneShadow(Bitboard pieces, int colour) {
  Bitboard shadow = pieces;
  for (int row = 0; row < 7; ++row)
    shadow |= colour == 0 ? stepDownLeft(shadow) | stepDownRight(shadow)
                          : stepUpLeft(shadow) | stepUpRight(shadow);
  return shadow;
}

// ---- Terms ----------------------------------------------------------------------------------

// Each term is computed for one side (White's or Black's pieces) and reported as
// White minus Black.
struct SideView {
  int colour;  // 0 = White, 1 = Black
  Bitboard men, kings, enemyMen, enemyKings;
  Bitboard guardCorners, guardMiddle;
};

SideView viewOf(const Position& pos, Color c) {
  const Color them = opponent(c);
  const bool white = c == Color::White;
  return {white ? 0 : 1,
          pos.men(c),
          pos.kings(c),
          pos.men(them),
          pos.kings(them),
          white ? kWhiteGuardCorners : kBlackGuardCorners,
          white ? kWhiteGuardMiddle : kBlackGuardMiddle};
}

int advancement(const SideView& s, int pieces) {
  int opening = 0, ending = 0;
  for (int rows = 1; rows < 7; ++rows) {
    const int count = popcount(s.men & kAdvanceRows[s.colour][rows]);
    opening += count * kAdvanceOpening[rows];
    ending += count * kAdvanceEnding[rows];
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
  return kKingCentre * popcount(s.kings & kCentre) + kKingEdge * popcount(s.kings & kEdge);
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
  // Free cone, and a first step not blocked by its own men.
  const Bitboard runners = s.men & ~coneShadow(s.enemyMen | s.enemyKings, s.colour) &
                           (s.colour == 0 ? stepDownLeft(empty) | stepDownRight(empty)
                                          : stepUpLeft(empty) | stepUpRight(empty));
  int bonus = 0;
  for (int rows = 1; runners && rows < 7; ++rows)
    bonus += kRunaway[7 - rows] * popcount(runners & kAdvanceRows[s.colour][rows]);
  return s.enemyKings ? bonus / kRunawayDivisorWithEnemyKings : bonus;
}

int balance(const SideView& s) {
  const int left = popcount(s.men & kLeftWing);
  const int right = popcount(s.men & kRightWing);
  return kWingImbalance * (left > right ? left - right : right - left);
}

// What the opponent could take if it were its move (the side to move has no capture at a
// quiet node, so only the side to move can be under attack). Single jumps are enough: a
// multiple capture starts with one.
struct Threats {
  bool men = false;  // some man of the side to move is attacked
  int kings = 0;     // kings of the side to move an enemy king could jump (R9)
};

Threats threatsToSideToMove(const Position& pos) {
  const Color us = pos.sideToMove();
  const Color them = opponent(us);
  const Bitboard empty = pos.empty();
  const Bitboard ourMen = pos.men(us);
  const Bitboard ourKings = pos.kings(us);
  const Bitboard theirMen = pos.men(them);
  const Bitboard theirKings = pos.kings(them);
  // Attacked along one direction: an attacker one step behind the victim, the square beyond
  // it empty. step(attackers) lands on the victim, back(empty) is "beyond is empty".
  auto attacked = [&](Bitboard victims, Bitboard attackers, auto step, auto back) {
    return victims & step(attackers) & back(empty);
  };
  // Enemy men jump forward only (R7); White's forward is up, so Black's men jump down.
  const bool theyAreWhite = them == Color::White;
  Bitboard menAttacked = theyAreWhite ? attacked(ourMen, theirMen, stepUpLeft, stepDownRight) |
                                            attacked(ourMen, theirMen, stepUpRight, stepDownLeft)
                                      : attacked(ourMen, theirMen, stepDownLeft, stepUpRight) |
                                            attacked(ourMen, theirMen, stepDownRight, stepUpLeft);
  // Kings jump every way and take men and kings alike; men never take kings (R8).
  const Bitboard ours = ourMen | ourKings;
  const Bitboard kingAttacked = attacked(ours, theirKings, stepUpLeft, stepDownRight) |
                                attacked(ours, theirKings, stepUpRight, stepDownLeft) |
                                attacked(ours, theirKings, stepDownLeft, stepUpRight) |
                                attacked(ours, theirKings, stepDownRight, stepUpLeft);
  menAttacked |= kingAttacked & ourMen;
  return {menAttacked != 0, popcount(kingAttacked & ourKings)};
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

}  // namespace

EvalFeatures extractFeatures(const Position& pos, const RegionIndices& regions) {
  assert(regions == regionIndicesOf(pos));
  EvalFeatures f;
  const SideView white = viewOf(pos, Color::White);
  const SideView black = viewOf(pos, Color::Black);
  const Bitboard empty = pos.empty();
  const int pieces = popcount(pos.occupied());
  f.pieces = pieces < kPhasePieces ? pieces : kPhasePieces;

  const int material = kManValue * (popcount(white.men) - popcount(black.men)) +
                       kKingValue * (popcount(white.kings) - popcount(black.kings));
  f.terms[kTermMaterial] = material + material * (kMaxPieces - pieces) / kTradeDownDivisor;
  f.terms[kTermAdvancement] = advancement(white, pieces) - advancement(black, pieces);
  f.terms[kTermBackRankGuard] = backRankGuard(white) - backRankGuard(black);
  f.terms[kTermCentreAndEdge] = centreAndEdge(white) - centreAndEdge(black);
  f.terms[kTermMobility] = mobility(white, empty) - mobility(black, empty);
  f.terms[kTermRunawayMen] = runaways(white, empty) - runaways(black, empty);
  f.terms[kTermBalance] = balance(white) - balance(black);
  const int toMove = pos.sideToMove() == Color::White ? 1 : -1;
  const Threats threats = threatsToSideToMove(pos);
  f.terms[kTermKingSafety] = toMove * kKingExposed * threats.kings;
  f.terms[kTermThreat] = threats.men ? toMove * kMenThreatened : 0;
  f.terms[kTermTempo] = toMove * kTempo;
  f.scale = drawishScale(pos);
  f.kings = kingFeaturesOf(pos);

  for (int r = 0; r < kRegionCount; ++r) {
    f.whiteIndex[r] = regions.white(r);
    f.blackIndex[r] = regions.black(r);
  }
  return f;
}

EvalFeatures extractFeatures(const Position& pos) {
  return extractFeatures(pos, regionIndicesOf(pos));
}

}  // namespace damiera
