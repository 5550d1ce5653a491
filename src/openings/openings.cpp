#include "openings/openings.h"

#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "core/notation.h"
#include "core/pdn.h"

namespace damiera::openings {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string trim(const std::string& text) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && isBlank(text[begin])) ++begin;
  while (end > begin && isBlank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

// "1. 22-18 10-14 2. 23-19": the moves, move numbers dropped.
Parsed<Opening> readMoveLine(const std::string& line, const std::string& source) {
  Opening opening;
  opening.source = source;
  Position pos = opening.start;
  std::istringstream words(line);
  std::string word;
  while (words >> word) {
    const std::size_t dot = word.find_last_of('.');
    if (dot != std::string::npos) word.erase(0, dot + 1);  // "1." or "1.22-18"
    if (word.empty()) continue;
    const Parsed<PathMove> move = parseMove(pos, word);
    if (!move) return Parsed<Opening>::fail(source + ": move '" + word + "': " + move.error);
    opening.moves.push_back(*move.value);
    pos = pos.after(move.value->move);
  }
  return Parsed<Opening>::ok(std::move(opening));
}

Parsed<std::vector<Opening>> readLines(const std::string& text, const std::string& path) {
  std::vector<Opening> openings;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    const std::string source = path + ":" + std::to_string(number);
    if (line.find(':') != std::string::npos) {
      const Parsed<Position> pos = parseFen(line);
      if (!pos) return Parsed<std::vector<Opening>>::fail(source + ": " + pos.error);
      openings.push_back({*pos.value, {}, source});
    } else {
      Parsed<Opening> opening = readMoveLine(line, source);
      if (!opening) return Parsed<std::vector<Opening>>::fail(opening.error);
      openings.push_back(std::move(*opening.value));
    }
  }
  return Parsed<std::vector<Opening>>::ok(std::move(openings));
}

Parsed<std::vector<Opening>> readPdnOpenings(const std::string& text, const std::string& path) {
  Parsed<std::vector<PdnGame>> games = readPdn(text);
  if (!games) return Parsed<std::vector<Opening>>::fail(path + ": " + games.error);
  std::vector<Opening> openings;
  for (std::size_t i = 0; i < games.value->size(); ++i) {
    PdnGame& game = (*games.value)[i];
    openings.push_back(
        {game.start, std::move(game.moves), path + " game " + std::to_string(i + 1)});
  }
  return Parsed<std::vector<Opening>>::ok(std::move(openings));
}

}  // namespace

Parsed<std::vector<Opening>> loadOpenings(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Parsed<std::vector<Opening>>::fail("cannot read openings file '" + path + "'");
  std::ostringstream content;
  content << in.rdbuf();
  const std::string text = content.str();
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  Parsed<std::vector<Opening>> openings = first != std::string::npos && text[first] == '['
                                              ? readPdnOpenings(text, path)
                                              : readLines(text, path);
  if (openings && openings.value->empty())
    return Parsed<std::vector<Opening>>::fail("openings file '" + path + "' has no openings");
  return openings;
}

Position openingPosition(const Opening& opening) {
  Position pos = opening.start;
  for (const PathMove& m : opening.moves) pos = pos.after(m.move);
  return pos;
}

}  // namespace damiera::openings
