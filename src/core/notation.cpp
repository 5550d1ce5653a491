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

// Moves matching the typed squares: the exact path, or for "from x to" every move between them.
std::vector<PathMove> matching(const std::vector<PathMove>& moves, const TypedMove& typed) {
  std::vector<PathMove> exact;
  std::vector<PathMove> byEnds;
  for (const PathMove& m : moves) {
    if (pathEquals(m, typed.numbers)) exact.push_back(m);
    if (typed.numbers.size() == 2 && endsEqual(m, typed.numbers)) byEnds.push_back(m);
  }
  return exact.empty() ? byEnds : exact;
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

std::vector<PathMove> movesFrom(const std::vector<PathMove>& moves, int fromNumber) {
  std::vector<PathMove> out;
  for (const PathMove& m : moves) {
    if (numberOfSquare(m.move.from) == fromNumber) out.push_back(m);
  }
  return out;
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

// The typed move as echoed at the start of a reason ("22x13 is not legal: ..."); the text has
// passed readTypedMove (digits and separators) but may be any length.
std::string textOf(std::string_view text) { return showInput(text); }

Parsed<PathMove> rejectCapture(const Position& pos, std::string_view text, const TypedMove& typed,
                               const std::vector<PathMove>& legal) {
  // The typed sequence exists but another capture is preferred (P1..P4)?
  std::vector<PathMove> unrestricted =
      matching(generateCaptureSequencesIgnoringPrecedence(pos), typed);
  if (!unrestricted.empty()) {
    const CapturePrecedence legalKey = precedenceOf(pos, legal.front());
    // Explain with the typed candidate that comes closest to the legal captures.
    const PathMove* closest = &unrestricted.front();
    for (const PathMove& m : unrestricted) {
      if (decidePrecedence(precedenceOf(pos, m), precedenceOf(pos, *closest)).firstWins)
        closest = &m;
    }
    const CapturePrecedence typedKey = precedenceOf(pos, *closest);
    const PrecedenceDecision decision = decidePrecedence(typedKey, legalKey);
    if (decision.rule != 0 && !decision.firstWins) {
      return Parsed<PathMove>::fail(
          textOf(text) + " is not legal by capture precedence: " +
          explainPrecedence(typedKey, legalKey, formatMove(legal.front()), decision.rule) +
          "; legal captures: " + listMoves(legal));
    }
  }
  for (const PathMove& m : legal) {
    if (startsWith(m, typed.numbers)) {
      return Parsed<PathMove>::fail(textOf(text) +
                                    " is incomplete: a capture must go on while it can (R10), "
                                    "e.g. " +
                                    formatMove(m));
    }
  }
  const std::vector<PathMove> fromHere = movesFrom(legal, typed.numbers.front());
  if (!fromHere.empty()) {
    return Parsed<PathMove>::fail(textOf(text) + " is not a legal move; legal captures from " +
                                  std::to_string(typed.numbers.front()) + ": " +
                                  listMoves(fromHere));
  }
  return Parsed<PathMove>::fail(textOf(text) +
                                " is not a legal move; legal captures: " + listMoves(legal));
}

Parsed<PathMove> parseCapture(const Position& pos, std::string_view text, const TypedMove& typed,
                              const std::vector<PathMove>& legal, bool captureMandatory) {
  if (!captureMandatory) {
    const std::vector<PathMove> quiet = matching(legal, typed);
    if (!quiet.empty()) {
      return Parsed<PathMove>::fail(textOf(text) + " is a quiet move: write " +
                                    formatMove(quiet.front()));
    }
    return Parsed<PathMove>::fail(
        textOf(text) + " is not a legal move: " + colourName(pos.sideToMove()) + " has no capture");
  }
  const std::vector<PathMove> candidates = matching(legal, typed);
  if (candidates.empty()) return rejectCapture(pos, text, typed, legal);
  const bool oneResult = std::all_of(candidates.begin(), candidates.end(), [&](const PathMove& m) {
    return m.move == candidates.front().move;
  });
  if (!oneResult) {
    return Parsed<PathMove>::fail("ambiguous move " + textOf(text) + ": " + listMoves(candidates) +
                                  " (type the full path)");
  }
  return Parsed<PathMove>::ok(candidates.front());
}

Parsed<PathMove> parseQuiet(const Position& pos, std::string_view text, const TypedMove& typed,
                            const std::vector<PathMove>& legal, bool captureMandatory) {
  if (captureMandatory) {
    const std::vector<PathMove> captures = matching(legal, typed);
    if (!captures.empty()) {
      return Parsed<PathMove>::fail(textOf(text) + " is a capture: write " + listMoves(captures));
    }
    return Parsed<PathMove>::fail(textOf(text) + " is not legal: " + colourName(pos.sideToMove()) +
                                  " must capture (R6); legal captures: " + listMoves(legal));
  }
  const std::vector<PathMove> candidates = matching(legal, typed);
  if (!candidates.empty()) return Parsed<PathMove>::ok(candidates.front());
  const std::vector<PathMove> fromHere = movesFrom(legal, typed.numbers.front());
  if (fromHere.empty()) {
    return Parsed<PathMove>::fail(textOf(text) + " is not a legal move; the piece on " +
                                  std::to_string(typed.numbers.front()) + " cannot move");
  }
  return Parsed<PathMove>::fail(textOf(text) + " is not a legal move; legal moves from " +
                                std::to_string(typed.numbers.front()) + ": " + listMoves(fromHere));
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

  const Color us = pos.sideToMove();
  const int fromNumber = typed.value->numbers.front();
  const Square from = squareFromNumber(fromNumber);
  if (!pos.hasPiece(us, from)) {
    const std::string square = "square " + std::to_string(fromNumber);
    if (pos.hasPiece(opponent(us), from)) {
      return Parsed<PathMove>::fail(square + " holds a " + colourName(opponent(us)) +
                                    " piece, but " + colourName(us) + " is to move");
    }
    return Parsed<PathMove>::fail("no " + std::string(colourName(us)) + " piece on " + square +
                                  " (it is empty)");
  }

  const std::vector<PathMove> legal = generatePathMoves(pos);
  if (legal.empty()) {
    return Parsed<PathMove>::fail(textOf(text) + " is not a legal move: " + colourName(us) +
                                  " has no legal move");
  }
  const bool captureMandatory = legal.front().move.isCapture();  // R6: then all are captures
  if (typed.value->separator == 'x') {
    return parseCapture(pos, text, *typed.value, legal, captureMandatory);
  }
  return parseQuiet(pos, text, *typed.value, legal, captureMandatory);
}

}  // namespace damiera
