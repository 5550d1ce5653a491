#include "core/illegal_move.h"

#include <cassert>
#include <utility>

#include "core/movegen.h"
#include "core/square.h"

namespace damiera {

namespace {

std::vector<PathMove> namedAmong(const std::vector<PathMove>& moves, const MoveAttempt& attempt) {
  std::vector<PathMove> named;
  int closest = 1;
  for (const PathMove& m : moves) {
    const int closeness = attempt.names(m);
    if (closeness < closest) continue;
    if (closeness > closest) named.clear();
    closest = closeness;
    named.push_back(m);
  }
  return named;
}

// The capture precedence (P1..P4) of a capture sequence, for explaining a rejected capture.
CapturePrecedence precedenceOf(const Position& pos, const PathMove& m) {
  CapturePrecedence key;
  key.pieces = popcount(m.move.captured);
  key.byKing = pos.isKing(m.move.from);
  key.kings = popcount(m.move.captured & pos.allKings());
  for (int jump = 1; jump < m.path.length; ++jump) {
    // In the ghost layout a jump is two equal steps, so the jumped square is the midpoint.
    const Square jumped =
        static_cast<Square>((m.path.squares[jump - 1] + m.path.squares[jump]) / 2);
    if (pos.isKing(jumped)) key.kingJumpBits |= CapturePrecedence::kingJumpBit(jump);
  }
  return key;
}

// A capture the text names that P1..P4 rule out: the rule, explained with the named capture
// that comes closest to the legal ones.
bool explainPrecedence(const Position& pos, const MoveAttempt& attempt, IllegalMove& why) {
  const std::vector<PathMove> ruledOut =
      namedAmong(generateCaptureSequencesIgnoringPrecedence(pos), attempt);
  if (ruledOut.empty()) return false;
  const PathMove* closest = &ruledOut.front();
  for (const PathMove& m : ruledOut)
    if (decidePrecedence(precedenceOf(pos, m), precedenceOf(pos, *closest)).firstWins) closest = &m;
  why.attempted = precedenceOf(pos, *closest);
  why.preferredMove = why.legal.front();
  why.preferred = precedenceOf(pos, why.preferredMove);
  const PrecedenceDecision decision = decidePrecedence(why.attempted, why.preferred);
  // Not legal yet possible: another capture has a larger key (equal keys are all legal, P5).
  if (decision.rule == 0 || decision.firstWins) return false;
  why.rule = decision.rule;
  why.fault = IllegalMove::Fault::Precedence;
  return true;
}

}  // namespace

MoveAnalysis analyseMove(const Position& pos, const MoveAttempt& attempt) {
  assert(attempt.from >= 1 && attempt.from <= kNumSquares && attempt.names);
  IllegalMove why;
  why.side = pos.sideToMove();
  why.legal = generatePathMoves(pos);
  const auto fail = [&why](IllegalMove::Fault fault) {
    why.fault = fault;
    return MoveAnalysis{{}, std::move(why)};
  };
  const Square from = squareFromNumber(attempt.from);
  if (!pos.hasPiece(why.side, from)) {
    why.opponentOnFrom = pos.hasPiece(opponent(why.side), from);
    return fail(IllegalMove::Fault::NotOwnPiece);
  }
  if (why.legal.empty()) return fail(IllegalMove::Fault::NoLegalMove);
  const bool captureMandatory = why.legal.front().move.isCapture();  // R6: then all are
  std::vector<PathMove> named = namedAmong(why.legal, attempt);
  if (attempt.capture != captureMandatory) {
    if (!named.empty()) {
      why.otherKind = std::move(named);
      return fail(IllegalMove::Fault::OtherKind);
    }
    return fail(attempt.capture ? IllegalMove::Fault::NoCapture : IllegalMove::Fault::MustCapture);
  }
  if (!named.empty()) return MoveAnalysis{std::move(named), std::nullopt};
  if (attempt.capture) {
    if (explainPrecedence(pos, attempt, why)) return MoveAnalysis{{}, std::move(why)};
    if (attempt.beginsCapture)
      for (const PathMove& m : why.legal)
        if (attempt.beginsCapture(m)) {
          why.continuation = m;
          return fail(IllegalMove::Fault::Incomplete);
        }
  }
  for (const PathMove& m : why.legal)
    if (numberOfSquare(m.move.from) == attempt.from) why.fromSquare.push_back(m);
  return fail(IllegalMove::Fault::NoSuchMove);
}

}  // namespace damiera
