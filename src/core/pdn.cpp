#include "core/pdn.h"

#include <array>
#include <cctype>

#include "core/fen.h"
#include "core/notation.h"

namespace damiera {

std::optional<std::string> PdnGame::tag(std::string_view name) const {
  for (const auto& [tagName, value] : tags)
    if (tagName == name) return value;
  return std::nullopt;
}

void PdnGame::setTag(std::string_view name, std::string value) {
  for (auto& [tagName, tagValue] : tags) {
    if (tagName == name) {
      tagValue = std::move(value);
      return;
    }
  }
  tags.emplace_back(std::string(name), std::move(value));
}

namespace {

// Result tokens as written by draughts programs, and the form this reader stores.
struct ResultSpelling {
  std::string_view token;
  std::string_view stored;
};
constexpr std::array<ResultSpelling, 7> kResultSpellings{{
    {kPdnWhiteWins, kPdnWhiteWins},
    {kPdnBlackWins, kPdnBlackWins},
    {kPdnDraw, kPdnDraw},
    {kPdnUnfinished, kPdnUnfinished},
    {"2-0", kPdnWhiteWins},
    {"0-2", kPdnBlackWins},
    {"1-1", kPdnDraw},
}};

std::optional<std::string_view> resultOfToken(std::string_view token) {
  for (const ResultSpelling& spelling : kResultSpellings)
    if (spelling.token == token) return spelling.stored;
  return std::nullopt;
}

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
// Characters that end a move-text token because they start something else.
bool isDelimiter(char c) {
  return isSpace(c) || c == '[' || c == '{' || c == '(' || c == ')' || c == ';';
}
bool isTagNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Move number prefixes ("12." "12...") and move marks ("!", "?!") around a move.
std::string_view moveCore(std::string_view token) {
  std::size_t digits = 0;
  while (digits < token.size() && isDigit(token[digits])) ++digits;
  if (digits > 0 && digits < token.size() && token[digits] == '.') {
    token.remove_prefix(digits);
    while (!token.empty() && token.front() == '.') token.remove_prefix(1);
  }
  while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.remove_suffix(1);
  return token;
}

class PdnReader {
 public:
  explicit PdnReader(std::string_view text) : text_(text) {}

  Parsed<std::vector<PdnGame>> run() {
    while (true) {
      skipSpace();
      if (at_ >= text_.size()) break;
      const char c = text_[at_];
      std::string error;
      if (c == '[') {
        error = readTag();
      } else if (c == '{') {
        error = skipComment();
      } else if (c == ';') {
        skipLine();
      } else if (c == '(') {
        error = skipVariation();
      } else if (c == '%' && atLineStart()) {
        skipLine();  // PDN escape line
      } else {
        error = readMoveTextToken();
      }
      if (!error.empty()) return fail(error);
    }
    if (inGame_) return fail("missing result token at the end of the game");
    return Parsed<std::vector<PdnGame>>::ok(std::move(games_));
  }

 private:
  Parsed<std::vector<PdnGame>> fail(const std::string& message) const {
    return Parsed<std::vector<PdnGame>>::fail("invalid pdn: game " +
                                              std::to_string(games_.size() + 1) + ", line " +
                                              std::to_string(line_) + ": " + message);
  }

  void advance() {
    if (text_[at_] == '\n') ++line_;
    ++at_;
  }
  void skipSpace() {
    while (at_ < text_.size() && isSpace(text_[at_])) advance();
  }
  void skipLine() {
    while (at_ < text_.size() && text_[at_] != '\n') advance();
  }
  bool atLineStart() const { return at_ == 0 || text_[at_ - 1] == '\n'; }

  std::string skipComment() {
    const int openedOn = line_;
    while (at_ < text_.size() && text_[at_] != '}') advance();
    if (at_ >= text_.size())
      return "comment opened on line " + std::to_string(openedOn) + " is not closed";
    advance();
    return {};
  }

  // Variations are alternatives to the game's moves: skipped, nested ones and comments too.
  std::string skipVariation() {
    const int openedOn = line_;
    int depth = 0;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '{') {
        if (std::string error = skipComment(); !error.empty()) return error;
        continue;
      }
      advance();
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) return {};
    }
    return "variation opened on line " + std::to_string(openedOn) + " is not closed";
  }

  std::string readTag() {
    if (movesBegun_) return "tag found before the result token of the previous game";
    inGame_ = true;
    advance();  // '['
    skipSpace();
    std::string name;
    while (at_ < text_.size() && isTagNameChar(text_[at_])) name += text_[at_++];
    if (name.empty()) return "tag without a name";
    skipSpace();
    if (at_ >= text_.size() || text_[at_] != '"')
      return "tag " + name + ": expected a quoted value";
    advance();
    std::string value;
    while (true) {
      if (at_ >= text_.size() || text_[at_] == '\n')
        return "tag " + name + ": value is not closed with '\"'";
      char c = text_[at_];
      advance();
      if (c == '"') break;
      if (c == '\\' && at_ < text_.size() && (text_[at_] == '"' || text_[at_] == '\\')) {
        c = text_[at_];
        advance();
      }
      value += c;
    }
    skipSpace();
    if (at_ >= text_.size() || text_[at_] != ']') return "tag " + name + ": expected ']'";
    advance();
    game_.tags.emplace_back(std::move(name), std::move(value));
    return {};
  }

  // The first move-text token fixes the start position: the FEN tag's, or R3's.
  std::string beginMoves() {
    if (movesBegun_) return {};
    movesBegun_ = true;
    inGame_ = true;
    if (const std::optional<std::string> fen = game_.tag("FEN")) {
      const Parsed<Position> start = parseFen(*fen);
      if (!start) return "FEN tag: " + start.error;
      game_.start = *start.value;
    }
    current_ = game_.start;
    return {};
  }

  std::string readMoveTextToken() {
    const std::size_t begin = at_;
    while (at_ < text_.size() && !isDelimiter(text_[at_])) advance();
    if (at_ == begin) {  // a stray ')'
      advance();
      return "unexpected ')'";
    }
    const std::string_view token = text_.substr(begin, at_ - begin);
    if (std::string error = beginMoves(); !error.empty()) return error;
    if (const std::optional<std::string_view> result = resultOfToken(token)) {
      game_.result = std::string(*result);
      games_.push_back(std::move(game_));
      game_ = PdnGame{};
      movesBegun_ = false;
      inGame_ = false;
      return {};
    }
    if (token.front() == '$') return {};  // numeric annotation glyph
    const std::string_view move = moveCore(token);
    if (move.empty()) return {};  // a bare move number
    const Parsed<PathMove> parsed = parseMove(current_, move);
    if (!parsed)
      return "move " + moveLabel(game_.start.sideToMove(), game_.moves.size()) + " '" +
             std::string(move) + "': " + parsed.error;
    current_ = current_.after(parsed.value->move);
    game_.moves.push_back(*parsed.value);
    return {};
  }

  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
  std::vector<PdnGame> games_;
  PdnGame game_;
  Position current_;
  bool movesBegun_ = false;  // the current game's move text has started
  bool inGame_ = false;      // something of the current game has been read
};

std::string escapeTagValue(std::string_view value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    // A tag is one line: a newline in a value (say, an engine's error text) becomes a space.
    escaped += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return escaped;
}

// Appends move-text tokens, breaking lines before kPdnLineWidth.
class MoveTextWriter {
 public:
  void add(std::string_view token) {
    if (lineLength_ > 0 && lineLength_ + 1 + token.size() > kPdnLineWidth) {
      text_ += '\n';
      lineLength_ = 0;
    }
    if (lineLength_ > 0) {
      text_ += ' ';
      ++lineLength_;
    }
    text_ += token;
    lineLength_ += token.size();
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  std::size_t lineLength_ = 0;
};

}  // namespace

Parsed<std::vector<PdnGame>> readPdn(std::string_view text) { return PdnReader(text).run(); }

std::string moveLabel(Color firstMover, std::size_t ply) {
  // Numbered as writePdn numbers them: White's moves "N.", Black's "N...", a number a pair.
  const std::size_t fromWhite = ply + (firstMover == Color::Black ? 1 : 0);
  return std::to_string(fromWhite / 2 + 1) + (fromWhite % 2 == 0 ? "." : "...");
}

std::string writePdn(const PdnGame& game) {
  std::string out;
  for (const auto& [name, value] : game.tags)
    out += '[' + name + " \"" + escapeTagValue(value) + "\"]\n";
  out += '\n';
  MoveTextWriter moveText;
  int moveNumber = 1;
  Color side = game.start.sideToMove();
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    std::string token;
    if (side == Color::White)
      token = std::to_string(moveNumber) + ". ";
    else if (i == 0)
      token = std::to_string(moveNumber) + "... ";
    token += formatMove(game.moves[i]);
    moveText.add(token);
    if (side == Color::Black) ++moveNumber;
    side = opponent(side);
  }
  moveText.add(game.result);
  return out + moveText.text() + "\n\n";
}

}  // namespace damiera
