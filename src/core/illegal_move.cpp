#include "core/illegal_move.h"

#include <algorithm>
#include <cassert>
#include <string>
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

namespace {

const char* colourName(Color c) { return c == Color::White ? "white" : "black"; }

std::string plural(int count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// "21-17, 21-18 and 3 more": at most a dozen, each text once (two paths of one capture are one
// move in a notation that writes the captured set).
std::string movesList(const std::vector<PathMove>& moves, const MoveWriting& write) {
  constexpr std::size_t kMaxListed = 12;
  std::vector<std::string> texts;
  for (const PathMove& m : moves)
    if (std::string text = write(m); std::find(texts.begin(), texts.end(), text) == texts.end())
      texts.push_back(std::move(text));
  std::string out;
  for (std::size_t i = 0; i < texts.size() && i < kMaxListed; ++i)
    out += (i > 0 ? ", " : "") + texts[i];
  if (texts.size() > kMaxListed)
    out += " and " + std::to_string(texts.size() - kMaxListed) + " more";
  return out;
}

// "jump 2" or "jumps 1, 3".
std::string jumpList(const std::vector<int>& jumps) {
  std::string out = jumps.size() == 1 ? "jump " : "jumps ";
  for (std::size_t i = 0; i < jumps.size(); ++i) {
    out += (i > 0 ? ", " : "") + std::to_string(jumps[i]);
  }
  return out;
}

// "it captures 1 piece, 21x14x5 captures 2 (P1: the most pieces)".
std::string explainPrecedence(const CapturePrecedence& typed, const CapturePrecedence& legal,
                              const std::string& legalText, int rule) {
  switch (rule) {
    case 1:
      return "it captures " + plural(typed.pieces, "piece") + ", " + legalText + " captures " +
             std::to_string(legal.pieces) + " (P1: the most pieces)";
    case 2:
      return "it captures with a man, " + legalText +
             " captures with a king (P2: a king's capture comes first)";
    case 3:
      return "it captures " + plural(typed.kings, "king") + ", " + legalText + " captures " +
             std::to_string(legal.kings) + " (P3: the most kings)";
    default:
      return "it takes kings at " + jumpList(typed.kingJumps()) + ", " + legalText + " at " +
             jumpList(legal.kingJumps()) + " (P4: kings taken earliest)";
  }
}

// Each move's text once, all of them (a parameter lists every move, the text at most a dozen).
std::string movesValue(const std::vector<PathMove>& moves, const MoveWriting& write) {
  std::vector<std::string> texts;
  for (const PathMove& m : moves)
    if (std::string text = write(m); std::find(texts.begin(), texts.end(), text) == texts.end())
      texts.push_back(std::move(text));
  return joinedValues(texts);
}

std::string jumpsValue(const std::vector<int>& jumps) {
  std::vector<std::string> texts;
  for (int jump : jumps) texts.push_back(std::to_string(jump));
  return joinedValues(texts);
}

}  // namespace

std::string illegalMoveText(const IllegalMove& why, const std::string& shown, int from,
                            const MoveWriting& writing) {
  using Fault = IllegalMove::Fault;
  const MoveWriting& formatMove = writing;
  const auto listMoves = [&writing](const std::vector<PathMove>& moves) {
    return movesList(moves, writing);
  };
  const std::string square = std::to_string(from);
  const char* const side = colourName(why.side);
  switch (why.fault) {
    case Fault::NotOwnPiece:
      if (why.opponentOnFrom)
        return "square " + square + " holds a " + colourName(opponent(why.side)) + " piece, but " +
               side + " is to move";
      return "no " + std::string(side) + " piece on square " + square + " (it is empty)";
    case Fault::NoLegalMove:
      return shown + " is not a legal move: " + side + " has no legal move";
    case Fault::OtherKind:
      if (why.otherKind.front().move.isCapture())
        return shown + " is a capture: write " + listMoves(why.otherKind);
      return shown + " is a quiet move: write " + formatMove(why.otherKind.front());
    case Fault::MustCapture:
      return shown + " is not legal: " + side +
             " must capture (R6); legal captures: " + listMoves(why.legal);
    case Fault::NoCapture:
      return shown + " is not a legal move: " + side + " has no capture";
    case Fault::Precedence:
      return shown + " is not legal by capture precedence: " +
             explainPrecedence(why.attempted, why.preferred, formatMove(why.preferredMove),
                               why.rule) +
             "; legal captures: " + listMoves(why.legal);
    case Fault::Incomplete:
      return shown + " is incomplete: a capture must go on while it can (R10), e.g. " +
             formatMove(why.continuation);
    case Fault::NoSuchMove:
      break;
  }
  const bool captures = why.legal.front().move.isCapture();
  if (why.fromSquare.empty())
    return captures ? shown + " is not a legal move; legal captures: " + listMoves(why.legal)
                    : shown + " is not a legal move; the piece on " + square + " cannot move";
  return shown + " is not a legal move; legal " + (captures ? "captures" : "moves") + " from " +
         square + ": " + listMoves(why.fromSquare);
}

MoveRefusal illegalMoveRefusal(const IllegalMove& why, int from, const MoveWriting& writing) {
  using Fault = IllegalMove::Fault;
  const auto moves = [&writing](const std::vector<PathMove>& list) {
    return movesValue(list, writing);
  };
  const std::string square = std::to_string(from);
  const std::string side = colourName(why.side);
  switch (why.fault) {
    case Fault::NotOwnPiece:
      return makeRefusal(why.opponentOnFrom ? "opponent-piece" : "empty-square",
                         {{"square", square}, {"side", side}});
    case Fault::NoLegalMove:
      return makeRefusal("no-legal-move", {{"side", side}});
    case Fault::OtherKind:
      if (why.otherKind.front().move.isCapture())
        return makeRefusal("is-capture", {{"moves", moves(why.otherKind)}});
      return makeRefusal("is-quiet", {{"move", writing(why.otherKind.front())}});
    case Fault::MustCapture:
      return makeRefusal("must-capture", {{"side", side}, {"captures", moves(why.legal)}});
    case Fault::NoCapture:
      return makeRefusal("no-capture", {{"side", side}});
    case Fault::Precedence: {
      const std::string best = writing(why.preferredMove);
      const std::string captures = moves(why.legal);
      switch (why.rule) {
        case 1:
          return makeRefusal("precedence-pieces",
                             {{"pieces", std::to_string(why.attempted.pieces)},
                              {"best", best},
                              {"best-pieces", std::to_string(why.preferred.pieces)},
                              {"captures", captures}});
        case 2:
          return makeRefusal("precedence-king", {{"best", best}, {"captures", captures}});
        case 3:
          return makeRefusal("precedence-kings",
                             {{"kings", std::to_string(why.attempted.kings)},
                              {"best", best},
                              {"best-kings", std::to_string(why.preferred.kings)},
                              {"captures", captures}});
        default:
          return makeRefusal("precedence-order",
                             {{"jumps", jumpsValue(why.attempted.kingJumps())},
                              {"best", best},
                              {"best-jumps", jumpsValue(why.preferred.kingJumps())},
                              {"captures", captures}});
      }
    }
    case Fault::Incomplete:
      return makeRefusal("incomplete", {{"move", writing(why.continuation)}});
    case Fault::NoSuchMove:
      break;
  }
  if (!why.fromSquare.empty())
    return makeRefusal("no-such-move", {{"square", square}, {"moves", moves(why.fromSquare)}});
  if (why.legal.front().move.isCapture())
    return makeRefusal("cannot-capture", {{"square", square}, {"captures", moves(why.legal)}});
  return makeRefusal("cannot-move", {{"square", square}});
}

}  // namespace damiera
