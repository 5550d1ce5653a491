#include "analysis/pdn_games.h"

#include <cctype>
#include <charconv>

namespace damiera::analysis {

namespace {

bool isBlank(std::string_view line) {
  for (char c : line)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

// The tag value of `name` in the raw text of a game that did not read ("?" when absent).
std::string rawTag(std::string_view text, std::string_view name) {
  const std::string opening = "[" + std::string(name) + " \"";
  const std::size_t at = text.find(opening);
  if (at == std::string_view::npos) return "?";
  const std::size_t begin = at + opening.size();
  const std::size_t end = text.find('"', begin);
  if (end == std::string_view::npos) return "?";
  return std::string(text.substr(begin, end - begin));
}

// core/pdn.h's message names game 1 and a line of the game's own text: renamed to the whole
// text's line ("invalid pdn: game 1, line 5: move 3 ..." -> "line 44: move 3 ...").
std::string relocate(const std::string& error, int firstLine) {
  constexpr std::string_view kPrefix = "invalid pdn: game 1, line ";
  if (error.rfind(kPrefix, 0) != 0) return error;
  int line = 0;
  const char* begin = error.data() + kPrefix.size();
  const auto [end, ec] = std::from_chars(begin, error.data() + error.size(), line);
  if (ec != std::errc()) return error;
  return "line " + std::to_string(line + firstLine - 1) + std::string(end);
}

}  // namespace

std::string PdnEntry::name() const {
  const auto tagOf = [this](std::string_view tag) {
    if (error.empty()) return game.tag(tag).value_or("?");
    return rawTag(text, tag);
  };
  return "game " + std::to_string(number) + " (" + tagOf("White") + " - " + tagOf("Black") +
         ", line " + std::to_string(firstLine) + ")";
}

std::vector<PdnEntry> splitPdn(std::string_view text) {
  std::vector<PdnEntry> entries;
  int commentDepth = 0;
  bool movesSeen = false;  // the current game has move text: the next tag line starts another
  int lineNumber = 0;
  std::size_t at = 0;
  PdnEntry current;
  const auto finish = [&] {
    if (!isBlank(current.text)) entries.push_back(std::move(current));
    current = PdnEntry{};
  };
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(at, end - at);
    at = end;
    ++lineNumber;
    const bool tagLine = commentDepth == 0 && !line.empty() && line.front() == '[';
    if (tagLine && movesSeen) {
      finish();
      movesSeen = false;
    }
    if (isBlank(current.text)) current.firstLine = lineNumber;
    current.text += line;
    if (tagLine || isBlank(line) || (commentDepth == 0 && line.front() == '%')) continue;
    // Move text: braces open and close comments (a ';' comment runs to the line's end).
    for (char c : line) {
      if (commentDepth == 0 && c == ';') break;
      if (c == '{') ++commentDepth;
      if (c == '}' && commentDepth > 0) --commentDepth;
    }
    movesSeen = true;
  }
  finish();
  // Games without tags between them share a piece: it gives one entry per game it holds.
  std::vector<PdnEntry> games;
  for (PdnEntry& piece : entries) {
    Parsed<std::vector<PdnGame>> read = readPdn(piece.text);
    if (!read) {
      piece.error = relocate(read.error, piece.firstLine);
      games.push_back(std::move(piece));
      continue;
    }
    for (PdnGame& game : *read.value) {
      PdnEntry entry;
      entry.firstLine = piece.firstLine;
      entry.text = read.value->size() == 1 ? piece.text : std::string();
      entry.game = std::move(game);
      games.push_back(std::move(entry));
    }
  }
  for (std::size_t i = 0; i < games.size(); ++i) games[i].number = static_cast<int>(i) + 1;
  return games;
}

}  // namespace damiera::analysis
