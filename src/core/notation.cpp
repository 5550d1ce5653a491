// Move text (docs/rules.md "Move notation"): "21-17", "22x13", "22x13x6".
//
// Reading is strict about the separator: '-' is only for a quiet move and 'x' only for a
// capture. A mismatch is rejected with a message giving the right spelling ("21-14 is a
// capture: write 21x14"), because a GUI that mixes them up should be told, not guessed for.
// "from x to" alone is accepted when every legal move it matches has the same result (same
// from, to and captured set): two paths that capture the same pieces are one move (docs/rules.md,
// "Search should treat them as one move") and the first in legalmoves order is returned.
#include "core/notation.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/illegal_move.h"
#include "core/movegen.h"
#include "core/precedence.h"
#include "core/quote.h"

namespace damiera {
namespace {

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

const char* colourName(Color c) { return c == Color::White ? "white" : "black"; }

std::string plural(int count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// The move as the user typed it: square numbers (each 1..32) and the separator used.
struct TypedMove {
  std::vector<int> numbers;
  char separator = '-';  // '-' or 'x'
};

constexpr std::string_view kExpectedForm =
    "expected squares 1..32 joined by '-' or 'x', e.g. 21-17 or 22x13x6";

Parsed<TypedMove> readTypedMove(std::string_view text) {
  const std::string shown = quoteInput(text);
  if (text.empty())
    return Parsed<TypedMove>::fail("empty move (" + std::string(kExpectedForm) + ")");
  TypedMove typed;
  bool sawDash = false;
  bool sawX = false;
  std::size_t i = 0;
  for (;;) {
    const std::size_t start = i;
    while (i < text.size() && isDigit(text[i])) ++i;
    if (i == start) {
      return Parsed<TypedMove>::fail("malformed move " + shown + ": " + std::string(kExpectedForm));
    }
    int value = 0;
    for (std::size_t k = start; k < i; ++k) value = std::min(value * 10 + (text[k] - '0'), 1000);
    if (value < 1 || value > kNumSquares) {
      return Parsed<TypedMove>::fail("square " + showInput(text.substr(start, i - start)) +
                                     " is outside 1..32");
    }
    typed.numbers.push_back(value);
    if (i == text.size()) break;
    const char separator = text[i++];
    if (separator == '-') {
      sawDash = true;
    } else if (separator == 'x' || separator == 'X') {
      sawX = true;
    } else {
      return Parsed<TypedMove>::fail("malformed move " + shown + ": unexpected " +
                                     quoteInput(std::string_view(&separator, 1)) + "; " +
                                     std::string(kExpectedForm));
    }
  }
  if (typed.numbers.size() < 2) {
    return Parsed<TypedMove>::fail("malformed move " + shown +
                                   ": a move needs a from and a to square, e.g. 21-17");
  }
  if (sawDash && sawX) {
    return Parsed<TypedMove>::fail("malformed move " + shown + ": mixes '-' and 'x'");
  }
  if (sawDash && typed.numbers.size() > 2) {
    return Parsed<TypedMove>::fail("malformed move " + shown +
                                   ": a quiet move has two squares; captures use 'x', e.g. "
                                   "22x13x6");
  }
  typed.separator = sawX ? 'x' : '-';
  return Parsed<TypedMove>::ok(std::move(typed));
}

bool pathEquals(const PathMove& m, const std::vector<int>& numbers) {
  if (m.path.length != numbers.size()) return false;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (numberOfSquare(m.path.squares[i]) != numbers[i]) return false;
  }
  return true;
}

// Is the typed path the beginning of m's longer path (an unfinished capture)?
bool startsWith(const PathMove& m, const std::vector<int>& numbers) {
  if (m.path.length <= numbers.size()) return false;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (numberOfSquare(m.path.squares[i]) != numbers[i]) return false;
  }
  return true;
}

bool endsEqual(const PathMove& m, const std::vector<int>& numbers) {
  return numberOfSquare(m.move.from) == numbers.front() &&
         numberOfSquare(m.move.to) == numbers.back();
}

std::string listMoves(const std::vector<PathMove>& moves) {
  constexpr std::size_t kMaxListed = 12;
  std::string out;
  for (std::size_t i = 0; i < moves.size() && i < kMaxListed; ++i) {
    if (i > 0) out += ", ";
    out += formatMove(moves[i]);
  }
  if (moves.size() > kMaxListed)
    out += " and " + std::to_string(moves.size() - kMaxListed) + " more";
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

// The finding of analyseMove (core/illegal_move.h) in the native notation's words. `shown` is
// the typed move as echoed at the start of a reason ("22x13 is not legal: ...").
std::string reasonOf(const IllegalMove& why, const std::string& shown, int from) {
  using Fault = IllegalMove::Fault;
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

}  // namespace

std::string formatMove(const PathMove& m) {
  const char separator = m.move.isCapture() ? 'x' : '-';
  if (m.path.length < 2) {  // no path recorded: from and to are all there is to say
    return std::to_string(numberOfSquare(m.move.from)) + separator +
           std::to_string(numberOfSquare(m.move.to));
  }
  std::string out = std::to_string(numberOfSquare(m.path.squares[0]));
  for (int i = 1; i < m.path.length; ++i) {
    out += separator;
    out += std::to_string(numberOfSquare(m.path.squares[i]));
  }
  return out;
}

std::string formatMove(const Position& pos, const Move& m) {
  if (!m.isCapture()) {
    // A quiet move is written with its two squares: only its legality needs checking, which
    // the plain generator does without building paths (every pv line of every info is
    // written through here).
    MoveList legal;
    generateMoves(pos, legal);
    for (const Move& candidate : legal)
      if (candidate == m) return formatMove(PathMove{m, {}});
    return {};
  }
  for (const PathMove& candidate : generatePathMoves(pos)) {
    if (candidate.move == m) return formatMove(candidate);
  }
  return {};
}

Parsed<PathMove> parseMove(const Position& pos, std::string_view text) {
  text = trim(text);
  const Parsed<TypedMove> typed = readTypedMove(text);
  if (!typed) return Parsed<PathMove>::fail(typed.error);
  const std::vector<int>& numbers = typed.value->numbers;
  MoveAttempt attempt;
  attempt.from = numbers.front();
  attempt.capture = typed.value->separator == 'x';
  // The exact path, or for "from x to" (when no path is exactly that) every move between
  // those squares.
  attempt.names = [&numbers](const PathMove& m) {
    if (pathEquals(m, numbers)) return 2;
    return numbers.size() == 2 && endsEqual(m, numbers) ? 1 : 0;
  };
  attempt.beginsCapture = [&numbers](const PathMove& m) { return startsWith(m, numbers); };
  const MoveAnalysis analysis = analyseMove(pos, attempt);
  if (analysis.illegal)
    return Parsed<PathMove>::fail(reasonOf(*analysis.illegal, showInput(text), attempt.from));
  // "from x to" names every move between the two squares: they must have the same result.
  const std::vector<PathMove>& candidates = analysis.named;
  const bool oneResult = std::all_of(candidates.begin(), candidates.end(), [&](const PathMove& m) {
    return m.move == candidates.front().move;
  });
  if (!oneResult)
    return Parsed<PathMove>::fail("ambiguous move " + showInput(text) + ": " +
                                  listMoves(candidates) + " (type the full path)");
  return Parsed<PathMove>::ok(candidates.front());
}

}  // namespace damiera
