// PDN FEN with Italian numbering (R2, R3): "<side>:W<list>:B<list>".
//
// The reader splits the text at ':' into a side and exactly two colour sections, each section
// at ',' into items, and each item into an optional king prefix and a square or a range.
// Whitespace is allowed around every token. Every rejection is one line starting with
// "invalid fen: " and names the offending square, item or section.
#include "core/fen.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "core/quote.h"

namespace damiera {
namespace {

constexpr std::string_view kErrorPrefix = "invalid fen: ";

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = s.find(separator);
    if (at == std::string_view::npos) break;
    parts.push_back(s.substr(0, at));
    s.remove_prefix(at + 1);
  }
  parts.push_back(s);
  return parts;
}

const char* colourName(Color c) { return c == Color::White ? "white" : "black"; }

// A fail-fast reader: the first error is kept and everything after it is skipped.
class FenReader {
 public:
  Parsed<Position> read(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.back() == '.') text = trim(text.substr(0, text.size() - 1));
    if (text.empty()) return fail("empty text");

    const std::vector<std::string_view> parts = split(text, ':');
    if (!readSide(trim(parts[0]), parts.size() > 1)) return error();
    for (std::size_t i = 1; i < parts.size(); ++i) {
      if (i >= 3) return fail("unexpected extra section " + quoteInput(trim(parts[i])));
      if (!readSection(trim(parts[i]))) return error();
    }
    if (!seen_[static_cast<int>(Color::White)]) return fail("missing white section");
    if (!seen_[static_cast<int>(Color::Black)]) return fail("missing black section");
    return Parsed<Position>::ok(position_);
  }

 private:
  bool readSide(std::string_view side, bool colonFollows) {
    if (side.empty()) return setError("missing side to move before ':'");
    if (!colonFollows) {
      return setError("expected '<side>:W<squares>:B<squares>', found no ':' in " +
                      quoteInput(side));
    }
    if (side.size() == 1 && (upper(side[0]) == 'W' || upper(side[0]) == 'B')) {
      position_.setSideToMove(upper(side[0]) == 'W' ? Color::White : Color::Black);
      return true;
    }
    return setError("unknown side to move " + quoteInput(side) + " (expected W or B)");
  }

  bool readSection(std::string_view section) {
    if (section.empty()) return setError("empty section (expected W or B and a square list)");
    const char letter = upper(section[0]);
    if (letter != 'W' && letter != 'B') {
      return setError("section " + quoteInput(section) + " does not start with W or B");
    }
    const Color colour = letter == 'W' ? Color::White : Color::Black;
    const int index = static_cast<int>(colour);
    if (seen_[index]) return setError(std::string(colourName(colour)) + " section appears twice");
    seen_[index] = true;

    const std::string_view list = trim(section.substr(1));
    if (list.empty()) return true;  // no pieces of this colour
    for (std::string_view item : split(list, ',')) {
      if (!readItem(trim(item), colour)) return false;
    }
    if (counts_[index] > kMaxPiecesPerSide) {
      return setError(std::string(colourName(colour)) + " has " + std::to_string(counts_[index]) +
                      " pieces (at most " + std::to_string(kMaxPiecesPerSide) + ")");
    }
    return true;
  }

  // item: [K] square | [K] square - [K] square   (whitespace allowed between tokens)
  bool readItem(std::string_view item, Color colour) {
    const std::string where =
        std::string(" in ") + colourName(colour) + " item " + quoteInput(item);
    if (item.empty()) {
      return setError(std::string("empty item in the ") + colourName(colour) +
                      " list (two commas in a row or a trailing comma)");
    }
    std::string_view rest = item;
    const bool king = skipKingPrefix(rest);
    const std::optional<int> first = readNumber(rest, where);
    if (!first) return false;
    int last = *first;
    rest = trim(rest);
    if (!rest.empty() && rest.front() == '-') {
      rest = trim(rest.substr(1));
      if (king) skipKingPrefix(rest);
      const std::optional<int> second = readNumber(rest, where);
      if (!second) return false;
      last = *second;
      if (last < *first) {
        return setError("range " + std::to_string(*first) + "-" + std::to_string(last) +
                        " runs backwards" + where);
      }
    }
    rest = trim(rest);
    if (!rest.empty()) return setError("unexpected " + quoteInput(rest) + where);
    for (int n = *first; n <= last; ++n) {
      if (!place(n, colour, king)) return false;
    }
    return true;
  }

  static bool skipKingPrefix(std::string_view& rest) {
    rest = trim(rest);
    if (rest.empty() || upper(rest.front()) != 'K') return false;
    rest = trim(rest.substr(1));
    return true;
  }

  // A square number 1..32 at the front of rest (after optional whitespace); consumes it.
  std::optional<int> readNumber(std::string_view& rest, const std::string& where) {
    rest = trim(rest);
    std::size_t length = 0;
    while (length < rest.size() && isDigit(rest[length])) ++length;
    if (length == 0) {
      setError((rest.empty() ? std::string("missing square number")
                             : "expected a square number, found " + quoteInput(rest)) +
               where);
      return std::nullopt;
    }
    const std::string_view digits = rest.substr(0, length);
    rest.remove_prefix(length);
    int value = 0;
    for (char c : digits) value = std::min(value * 10 + (c - '0'), 1000);  // no overflow
    if (value < 1 || value > kNumSquares) {
      setError("square " + showInput(digits) + " is outside 1..32" + where);
      return std::nullopt;
    }
    return value;
  }

  bool place(int number, Color colour, bool king) {
    const Square sq = squareFromNumber(number);
    const std::string square = "square " + std::to_string(number);
    if (position_.hasPiece(colour, sq)) return setError(square + " is listed twice");
    if (!position_.isEmpty(sq)) return setError(square + " is listed for both white and black");
    if (!king) {
      const Bitboard promotionRow = colour == Color::White ? kRank8 : kRank1;
      if ((promotionRow & bit(sq)) != 0) {
        return setError(std::string(colourName(colour)) + " man on " + square +
                        " stands on its own promotion row (" +
                        (colour == Color::White ? "1..4" : "29..32") +
                        ", R12): it would be a king, write K" + std::to_string(number));
      }
    }
    position_.put(sq, colour, king);
    ++counts_[static_cast<int>(colour)];
    return true;
  }

  bool setError(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return false;
  }
  Parsed<Position> fail(std::string message) {
    setError(std::move(message));
    return error();
  }
  Parsed<Position> error() const {
    return Parsed<Position>::fail(std::string(kErrorPrefix) + error_);
  }

  Position position_;
  std::array<bool, 2> seen_{};
  std::array<int, 2> counts_{};
  std::string error_;
};

void appendSquares(std::string& out, const Position& pos, Color colour) {
  bool first = true;
  for (int n = 1; n <= kNumSquares; ++n) {
    const Square sq = squareFromNumber(n);
    if (!pos.hasPiece(colour, sq)) continue;
    if (!first) out += ',';
    first = false;
    if (pos.isKing(sq)) out += 'K';
    out += std::to_string(n);
  }
}

}  // namespace

Parsed<Position> parseFen(std::string_view text) { return FenReader().read(text); }

std::string formatFen(const Position& pos) {
  std::string out = pos.sideToMove() == Color::White ? "W:W" : "B:W";
  appendSquares(out, pos, Color::White);
  out += ":B";
  appendSquares(out, pos, Color::Black);
  return out;
}

}  // namespace damiera
