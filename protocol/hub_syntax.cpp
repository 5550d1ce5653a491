#include "protocol/hub_syntax.h"

#include <algorithm>

#include "core/quote.h"

namespace damiera::protocol::hub {

namespace {

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}
bool isControl(char c) { return (c >= 0 && c < 0x20) || c == 0x7f; }
bool isNameChar(char c) { return !isBlank(c) && !isControl(c) && c != '=' && c != '"'; }

// Reads a line left to right; the first error is reported with the column where it occurred.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}

  Parsed<Line> read() {
    Line line;
    skipBlanks();
    if (!readName(line.command, "a command")) return fail();
    for (;;) {
      skipBlanks();
      if (atEnd()) return Parsed<Line>::ok(std::move(line));
      Argument argument;
      if (!readName(argument.name, "an argument name")) return fail();
      skipBlanks();
      if (peek() == '=') {
        ++pos_;
        skipBlanks();
        std::string value;
        if (!readValue(argument.name, value)) return fail();
        argument.value = std::move(value);
      }
      line.arguments.push_back(std::move(argument));
    }
  }

 private:
  bool atEnd() const { return pos_ == text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }
  void skipBlanks() {
    while (!atEnd() && isBlank(text_[pos_])) ++pos_;
  }

  std::string column() const { return "column " + std::to_string(pos_ + 1); }

  bool readName(std::string& name, std::string_view what) {
    const std::size_t start = pos_;
    while (!atEnd() && isNameChar(text_[pos_])) ++pos_;
    if (pos_ == start) {
      if (atEnd()) return setError("expected " + std::string(what) + " at " + column());
      const char found = text_[pos_];
      return setError("expected " + std::string(what) + " at " + column() + ", found " +
                      (isControl(found) ? std::string("a control character")
                                        : quoteInput(std::string_view(&found, 1))));
    }
    name.assign(text_.substr(start, pos_ - start));
    return true;
  }

  bool readValue(std::string_view name, std::string& value) {
    if (peek() == '"') {
      const std::size_t open = pos_++;
      const std::size_t close = text_.find('"', pos_);
      if (close == std::string_view::npos) {
        pos_ = open;
        return setError("unterminated quote after " + showInput(name) + "= at " + column());
      }
      value.assign(text_.substr(pos_, close - pos_));
      pos_ = close + 1;
      return true;
    }
    if (atEnd() || !isNameChar(peek()))
      return setError("missing value after " + showInput(name) + "= at " + column());
    return readName(value, "a value");
  }

  bool setError(std::string message) {
    error_ = std::move(message);
    return false;
  }
  Parsed<Line> fail() const { return Parsed<Line>::fail(error_); }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

const Argument* Line::find(std::string_view name) const {
  const auto found = std::find_if(arguments.rbegin(), arguments.rend(),
                                  [name](const Argument& a) { return a.name == name; });
  return found == arguments.rend() ? nullptr : &*found;
}

bool isBlankLine(std::string_view line) { return std::all_of(line.begin(), line.end(), isBlank); }

Parsed<Line> parseLine(std::string_view line) { return LineReader(line).read(); }

std::string formatValue(std::string_view value) {
  if (!value.empty() && std::all_of(value.begin(), value.end(), isNameChar))
    return std::string(value);
  std::string out = "\"";
  for (char c : value) out += c == '"' ? '\'' : c;
  out += '"';
  return out;
}

std::string pair(std::string_view name, std::string_view value) {
  std::string out = " ";
  out += name;
  out += '=';
  out += formatValue(value);
  return out;
}

std::string errorLine(std::string_view message) {
  return "error" + pair("message", printableText(message));
}

std::string refusalErrorLine(std::string_view message, const std::optional<MoveRefusal>& refusal) {
  std::string line = errorLine(message);
  if (!refusal) return line;
  line += pair("refusal", refusal->code);
  for (const auto& [name, value] : refusal->params) line += pair(name, value);
  return line;
}

}  // namespace damiera::protocol::hub
