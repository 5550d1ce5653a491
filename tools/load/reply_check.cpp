#include "tools/load/reply_check.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "protocol/reply.h"

namespace damiera::load {

namespace {

std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

// The position after `text` when it is a legal move of pos written with its full path (as the
// engine writes moves), else nullopt.
std::optional<Position> afterMove(const Position& pos, const std::string& text) {
  const Parsed<PathMove> move = parseMove(pos, text);
  if (!move || formatMove(*move.value) != text) return std::nullopt;
  return pos.after(move.value->move);
}

std::string shortened(std::string_view line) {
  constexpr std::size_t kShown = 120;
  return line.size() <= kShown ? std::string(line) : std::string(line.substr(0, kShown)) + "...";
}

}  // namespace

std::optional<std::string> checkLegalMoves(const Position& pos, std::string_view line) {
  const std::string expected = protocol::legalMovesLine(generatePathMoves(pos));
  if (line == expected) return std::nullopt;
  return "legalmoves: expected '" + shortened(expected) + "', got '" + shortened(line) + "'";
}

std::optional<std::string> checkInfo(const Position& pos, std::string_view line) {
  const std::vector<std::string> all = words(line);
  std::size_t at = 0;
  auto word = [&](std::string_view expected) {
    return at < all.size() && all[at] == expected ? (++at, true) : false;
  };
  auto number = [&](bool allowSign, bool positive) {
    if (at >= all.size()) return false;
    std::string_view digits = all[at];
    if (allowSign && !digits.empty() && digits.front() == '-') digits.remove_prefix(1);
    if (digits.empty() || digits.size() > 19 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return false;
    if (positive && std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0'; }))
      return false;
    ++at;
    return true;
  };
  // A long search's periodic lines (PROTOCOL.md, "info"): the root move being searched, and the
  // statistics about once a second.
  auto anyWord = [&] { return at < all.size() ? (++at, true) : false; };
  if (all.size() == 7 && word("info") && word("depth") && number(false, true) && word("currmove") &&
      anyWord() && word("currmovenumber") && number(false, true)) {
    if (!afterMove(pos, all[4]))
      return "illegal currmove '" + all[4] + "' in '" + shortened(line) + "'";
    return std::nullopt;
  }
  at = 0;
  if ((all.size() == 9 || all.size() == 11) && word("info") && word("nodes") &&
      number(false, false) && word("nps") && number(false, false) && word("time") &&
      number(false, false) && word("hashfull") && number(false, false) &&
      (at == all.size() || (word("tbhits") && number(false, false))))
    return std::nullopt;
  at = 0;
  // info depth D seldepth S [multipv K] score <cp|mate> X nodes N nps N time T hashfull H pv m..
  const bool wellFormed = word("info") && word("depth") && number(false, true) &&
                          word("seldepth") && number(false, false) &&
                          (!word("multipv") || number(false, true)) && word("score") &&
                          (word("cp") || word("mate")) && number(true, false) && word("nodes") &&
                          number(false, false) && word("nps") && number(false, false) &&
                          word("time") && number(false, false) && word("hashfull") &&
                          number(false, false) && word("pv") && at < all.size();
  if (!wellFormed) return "malformed info line: '" + shortened(line) + "'";
  std::string pv;
  for (; at < all.size(); ++at) pv += (pv.empty() ? "" : " ") + all[at];
  if (auto wrong = checkMoveSequence(pos, pv)) return *wrong + " in '" + shortened(line) + "'";
  return std::nullopt;
}

std::optional<std::string> checkMoveSequence(const Position& pos, std::string_view moves) {
  Position current = pos;
  for (const std::string& move : words(moves)) {
    const std::optional<Position> next = afterMove(current, move);
    if (!next) return "illegal pv move '" + move + "'";
    current = *next;
  }
  return std::nullopt;
}

std::optional<std::string> checkBestMove(const Position& pos, std::string_view line) {
  const std::vector<std::string> parts = words(line);
  const bool noMove = generatePathMoves(pos).empty();
  if (parts.size() == 2 && parts[0] == "bestmove" && parts[1] == "none") {
    if (noMove) return std::nullopt;
    return std::string("bestmove none although there are legal moves");
  }
  if ((parts.size() != 2 && parts.size() != 4) || parts[0] != "bestmove" ||
      (parts.size() == 4 && parts[2] != "ponder"))
    return "malformed bestmove line: '" + shortened(line) + "'";
  const std::optional<Position> after = afterMove(pos, parts[1]);
  if (!after) return "illegal bestmove '" + parts[1] + "'";
  if (parts.size() == 4 && !afterMove(*after, parts[3]))
    return "illegal ponder move '" + parts[3] + "' after " + parts[1];
  return std::nullopt;
}

}  // namespace damiera::load
