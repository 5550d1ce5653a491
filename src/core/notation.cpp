// Move text (docs/rules.md "Move notation"): "21-17", "22x13", "22x13x6".
//
// Reading is strict about the separator: '-' is only for a quiet move and 'x' only for a
// capture. A mismatch is rejected with a message giving the right spelling ("21-14 is a
// capture: write 21x14"), because a GUI that mixes them up should be told, not guessed for.
// "from x to" alone is accepted when every legal move it matches has the same result (same
// from, to and captured set): two paths that capture the same pieces are one move (docs/rules.md,
// "Which capture must be played (capture precedence)") and the first in legalmoves order is
// returned.
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
  if (!typed) return Parsed<PathMove>::fail(typed.error, makeRefusal("malformed"));
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
  const MoveWriting writing = [](const PathMove& m) { return formatMove(m); };
  if (analysis.illegal)
    return Parsed<PathMove>::fail(
        illegalMoveText(*analysis.illegal, showInput(text), attempt.from, writing),
        illegalMoveRefusal(*analysis.illegal, attempt.from, writing));
  // "from x to" names every move between the two squares: they must have the same result.
  const std::vector<PathMove>& candidates = analysis.named;
  const bool oneResult = std::all_of(candidates.begin(), candidates.end(), [&](const PathMove& m) {
    return m.move == candidates.front().move;
  });
  if (!oneResult) {
    std::vector<std::string> paths;
    for (const PathMove& m : candidates) paths.push_back(formatMove(m));
    return Parsed<PathMove>::fail("ambiguous move " + showInput(text) + ": " +
                                      listMoves(candidates) + " (type the full path)",
                                  makeRefusal("ambiguous", {{"moves", joinedValues(paths)}}));
  }
  return Parsed<PathMove>::ok(candidates.front());
}

}  // namespace damiera
