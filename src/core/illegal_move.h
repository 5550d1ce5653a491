#pragma once
// Why a move someone wrote is not legal: one reading of the rules (R6, R10, R13, P1..P4) for
// every notation, and one wording of it (illegalMoveText). The native notation
// (core/notation.h) and the Hub's (protocol/hub_notation.h) each say what the text names and
// how moves are written; every front-end (the sessions, the CheckerBoard engine, the front-end
// kit's game building) gets its reasons so.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/color.h"
#include "core/move.h"
#include "core/position.h"
#include "core/precedence.h"
#include "core/refusal.h"

namespace damiera {

// A move as written, once its text is read: what a notation knows of it.
struct MoveAttempt {
  int from = 0;          // the square it starts from, 1..32
  bool capture = false;  // written as a capture
  // How closely the text names this move: 0 not at all, more the closer (native: 2 its landing
  // path, 1 only its ends, "from x to"; Hub: 1 its from, to and captured set). Asked of legal
  // moves and of the captures the precedence rules out; of each, only the closest count.
  std::function<int(const PathMove&)> names;
  // Whether the text is the beginning of this longer capture (R10); empty: the notation cannot
  // say (the Hub writes captured squares, not a path).
  std::function<bool(const PathMove&)> beginsCapture;
};

struct IllegalMove {
  enum class Fault {
    NotOwnPiece,  // the from square holds no piece of the side to move
    NoLegalMove,  // the side to move has none (R13)
    OtherKind,    // it names legal moves, written as the other kind (a quiet move with 'x')
    MustCapture,  // a quiet move where a capture is mandatory (R6)
    NoCapture,    // a capture where there is none
    Precedence,   // the capture exists, but P1..P4 demand another
    Incomplete,   // the capture stops where it must go on (R10)
    NoSuchMove,   // nothing of the kind
  };
  Fault fault = Fault::NoSuchMove;
  Color side = Color::White;         // to move
  bool opponentOnFrom = false;       // NotOwnPiece: the opponent's piece is there (else empty)
  std::vector<PathMove> legal;       // every legal move, in legalmoves order
  std::vector<PathMove> otherKind;   // OtherKind: the legal moves the text names
  std::vector<PathMove> fromSquare;  // NoSuchMove: the legal moves from the from square
  // Precedence: the rule that decided (1..4), the named capture closest to the legal ones and
  // the first legal capture, with their precedence keys.
  int rule = 0;
  CapturePrecedence attempted;
  CapturePrecedence preferred;
  PathMove preferredMove;
  PathMove continuation;  // Incomplete: a legal capture the text is the beginning of
};

// The legal moves `attempt` names in `pos` (legalmoves order), or why there is none.
struct MoveAnalysis {
  std::vector<PathMove> named;
  std::optional<IllegalMove> illegal;  // set when named is empty
};

MoveAnalysis analyseMove(const Position& pos, const MoveAttempt& attempt);

// How a notation writes one move a reason names.
using MoveWriting = std::function<std::string(const PathMove&)>;

// Why a move is not legal, in the one wording every dialect uses (the native protocol, the Hub,
// the CheckerBoard engine): each Fault with its parameters is rendered here and nowhere else;
// the dialect only writes each move (`writing`) and frames the whole ("illegal move 3 ...").
// `shown` is the move as typed (showInput), `from` the square it starts from.
std::string illegalMoveText(const IllegalMove& why, const std::string& shown, int from,
                            const MoveWriting& writing);

// The same reason as a code and its parameters (core/refusal.h), beside the text: each Fault
// and each case of the text has its code, every move in it written by `writing`.
MoveRefusal illegalMoveRefusal(const IllegalMove& why, int from, const MoveWriting& writing);

}  // namespace damiera
