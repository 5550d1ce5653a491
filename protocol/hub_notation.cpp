#include "protocol/hub_notation.h"

#include <algorithm>
#include <array>
#include <vector>

#include "core/fen.h"
#include "core/illegal_move.h"
#include "protocol/reply.h"

namespace damiera::protocol::hub {

namespace {

const char* colourName(Color c) { return c == Color::White ? "white" : "black"; }

// ---- positions ----

struct SquareContent {
  bool empty = true;
  Color colour = Color::White;
  bool king = false;
};

std::optional<SquareContent> readSquare(char c) {
  switch (c) {
    case 'e':
      return SquareContent{};
    case 'w':
      return SquareContent{false, Color::White, false};
    case 'b':
      return SquareContent{false, Color::Black, false};
    case 'W':
      return SquareContent{false, Color::White, true};
    case 'B':
      return SquareContent{false, Color::Black, true};
    default:
      return std::nullopt;
  }
}

char squareLetter(const Position& pos, Square sq) {
  if (pos.isEmpty(sq)) return 'e';
  const bool white = pos.hasPiece(Color::White, sq);
  if (pos.isKing(sq)) return white ? 'W' : 'B';
  return white ? 'w' : 'b';
}

// ---- moves ----

// The squares of a Hub move as typed, checked for shape only.
struct TypedMove {
  int from = 0;
  int to = 0;
  bool capture = false;
  Bitboard captured = 0;
};

constexpr std::string_view kExpectedForm =
    "expected from-to (21-17) or from x to x captured... (22x13x18)";

Parsed<TypedMove> readTypedMove(std::string_view text) {
  const std::string shown = quoted(text);
  if (text.empty())
    return Parsed<TypedMove>::fail("empty move (" + std::string(kExpectedForm) + ")");
  std::vector<int> numbers;
  bool sawDash = false;
  bool sawX = false;
  std::size_t i = 0;
  for (;;) {
    const std::size_t start = i;
    int value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9')
      value = std::min(value * 10 + (text[i++] - '0'), 1000);  // no overflow
    if (i == start)
      return Parsed<TypedMove>::fail("malformed move " + shown + ": " + std::string(kExpectedForm));
    if (value < 1 || value > kNumSquares)
      return Parsed<TypedMove>::fail("malformed move " + shown + ": square " +
                                     showInput(text.substr(start, i - start)) +
                                     " is outside 1..32");
    numbers.push_back(value);
    if (i == text.size()) break;
    const char separator = text[i++];
    if (separator == '-') {
      sawDash = true;
    } else if (separator == 'x' || separator == 'X') {
      sawX = true;
    } else {
      return Parsed<TypedMove>::fail("malformed move " + shown + ": " + std::string(kExpectedForm));
    }
  }
  if (numbers.size() < 2 || (sawDash && sawX) || (sawDash && numbers.size() > 2))
    return Parsed<TypedMove>::fail("malformed move " + shown + ": " + std::string(kExpectedForm));
  TypedMove typed{numbers[0], numbers[1], sawX, 0};
  if (!typed.capture) return Parsed<TypedMove>::ok(typed);
  if (numbers.size() == 2)
    return Parsed<TypedMove>::fail("malformed move " + shown +
                                   ": a Hub capture lists the captured squares after from and "
                                   "to, e.g. 22x13x18");
  for (std::size_t k = 2; k < numbers.size(); ++k) {
    const Bitboard square = bit(squareFromNumber(numbers[k]));
    if ((typed.captured & square) != 0)
      return Parsed<TypedMove>::fail("malformed move " + shown + ": captured square " +
                                     std::to_string(numbers[k]) + " is listed twice");
    typed.captured |= square;
  }
  return Parsed<TypedMove>::ok(typed);
}

bool sameResult(const Move& m, const TypedMove& typed) {
  return numberOfSquare(m.from) == typed.from && numberOfSquare(m.to) == typed.to &&
         m.captured == (typed.capture ? typed.captured : Bitboard{0});
}

}  // namespace

Parsed<Position> parsePosition(std::string_view text) {
  const std::string shown = quoted(text);
  if (text.size() != kPositionLength)
    return Parsed<Position>::fail("bad position " + shown +
                                  ": expected 33 characters (W or B, then squares 1..32 as w, b, "
                                  "W, B or e), got " +
                                  std::to_string(text.size()));
  Position pos;
  if (text[0] != 'W' && text[0] != 'B')
    return Parsed<Position>::fail("bad position " + shown + ": the side to move is " +
                                  quoted(text.substr(0, 1)) + ", expected W or B");
  pos.setSideToMove(text[0] == 'W' ? Color::White : Color::Black);
  std::array<int, 2> counts{};
  for (int n = 1; n <= kNumSquares; ++n) {
    const char c = text[static_cast<std::size_t>(n)];
    const std::optional<SquareContent> content = readSquare(c);
    if (!content)
      return Parsed<Position>::fail("bad position " + shown + ": square " + std::to_string(n) +
                                    " is " + quoted(std::string_view(&c, 1)) +
                                    ", expected w, b, W, B or e");
    if (content->empty) continue;
    const Square sq = squareFromNumber(n);
    const Bitboard promotionRow = content->colour == Color::White ? kRank8 : kRank1;
    if (!content->king && (promotionRow & bit(sq)) != 0)
      return Parsed<Position>::fail("bad position " + shown + ": a " + colourName(content->colour) +
                                    " man on square " + std::to_string(n) +
                                    " stands on its own promotion row (R12)");
    pos.put(sq, content->colour, content->king);
    ++counts[static_cast<int>(content->colour)];
  }
  for (Color colour : {Color::White, Color::Black}) {
    const int count = counts[static_cast<int>(colour)];
    if (count > kMaxPiecesPerSide)
      return Parsed<Position>::fail("bad position " + shown + ": " + colourName(colour) + " has " +
                                    std::to_string(count) + " pieces (at most " +
                                    std::to_string(kMaxPiecesPerSide) + ")");
  }
  return Parsed<Position>::ok(pos);
}

std::string formatPosition(const Position& pos) {
  std::string out(1, pos.sideToMove() == Color::White ? 'W' : 'B');
  for (int n = 1; n <= kNumSquares; ++n) out += squareLetter(pos, squareFromNumber(n));
  return out;
}

Parsed<PathMove> parseMove(const Position& pos, std::string_view text) {
  const Parsed<TypedMove> typed = readTypedMove(text);
  if (!typed) return Parsed<PathMove>::fail(typed.error, makeRefusal("malformed"));
  MoveAttempt attempt;
  attempt.from = typed.value->from;
  attempt.capture = typed.value->capture;
  attempt.names = [&typed](const PathMove& m) { return sameResult(m.move, *typed.value) ? 1 : 0; };
  const MoveAnalysis analysis = analyseMove(pos, attempt);
  const MoveWriting writing = [](const PathMove& m) { return formatMove(m.move); };
  if (analysis.illegal)
    return Parsed<PathMove>::fail(
        illegalMoveText(*analysis.illegal, showInput(text), typed.value->from, writing),
        illegalMoveRefusal(*analysis.illegal, typed.value->from, writing));
  // Several landing paths with that result are one Hub move: the first in legalmoves order.
  return Parsed<PathMove>::ok(analysis.named.front());
}

std::string formatMove(const Move& m) {
  std::string out = std::to_string(numberOfSquare(m.from));
  out += m.isCapture() ? 'x' : '-';
  out += std::to_string(numberOfSquare(m.to));
  std::vector<int> captured;
  for (Bitboard b = m.captured; b != 0; b = withoutLowest(b))
    captured.push_back(numberOfSquare(lowestSquare(b)));
  std::sort(captured.begin(), captured.end());
  for (int n : captured) out += 'x' + std::to_string(n);
  return out;
}

}  // namespace damiera::protocol::hub
