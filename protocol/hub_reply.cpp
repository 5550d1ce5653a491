#include "protocol/hub_reply.h"

#include <charconv>

#include "core/notation.h"
#include "protocol/hub_notation.h"
#include "protocol/hub_syntax.h"
#include "protocol/tokens.h"

namespace damiera::protocol::hub {

namespace {

// A real number with a fixed number of decimals, independent of the locale.
std::string fixed(double value, int decimals) {
  char buffer[64];
  const auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  if (ec != std::errc{}) return "0";
  return std::string(buffer, end);
}

template <class Number>
std::optional<Number> readNumber(std::string_view text) {
  Number value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A native move in full-path notation, played from pos, in Hub notation; empty if it is not a
// legal move there.
std::string hubMove(const Position& pos, std::string_view nativeText, Position* after = nullptr) {
  const Parsed<PathMove> move = damiera::parseMove(pos, nativeText);
  if (!move) return {};
  if (after != nullptr) *after = pos.after(move.value->move);
  return formatMove(move.value->move);
}

// "info depth D seldepth S [multipv K] score <cp X | mate N> nodes N nps N time MS hashfull H
// pv m1 m2 ..." (protocol/reply.h), read field by field; unknown fields are skipped.
std::string translateInfo(const std::vector<std::string_view>& words, const Position& root) {
  Info info;
  bool mate = false;
  int score = 0;
  std::uint64_t nps = 0;
  std::int64_t milliseconds = 0;
  std::size_t i = 1;
  auto next = [&](std::size_t offset) -> std::string_view {
    return i + offset < words.size() ? words[i + offset] : std::string_view();
  };
  while (i < words.size()) {
    const std::string_view key = words[i];
    if (key == "pv") {
      Position pos = root;
      for (std::size_t k = i + 1; k < words.size(); ++k) {
        std::string move = hubMove(pos, words[k], &pos);
        if (move.empty()) break;
        info.pv.push_back(std::move(move));
      }
      break;
    }
    if (key == "score") {
      mate = next(1) == "mate";
      score = readNumber<int>(next(2)).value_or(0);
      i += 3;
      continue;
    }
    if (key == "depth") info.depth = readNumber<int>(next(1)).value_or(0);
    if (key == "seldepth") info.selDepth = readNumber<int>(next(1)).value_or(0);
    if (key == "multipv") info.multiPv = readNumber<int>(next(1)).value_or(0);
    if (key == "nodes") info.nodes = readNumber<std::uint64_t>(next(1)).value_or(0);
    if (key == "nps") nps = readNumber<std::uint64_t>(next(1)).value_or(0);
    if (key == "time") milliseconds = readNumber<std::int64_t>(next(1)).value_or(0);
    i += 2;
  }
  info.score = scoreInMen(mate, score);
  info.seconds = static_cast<double>(milliseconds) / 1000.0;
  info.megaNodesPerSecond = static_cast<double>(nps) / 1e6;
  return infoLine(info);
}

// "bestmove <move> [ponder <move>]" or "bestmove none".
std::string translateBestMove(const std::vector<std::string_view>& words, const Position& root) {
  if (words.size() < 2 || words[1] == "none") return doneLine({}, {});
  Position afterBest = root;
  const std::string best = hubMove(root, words[1], &afterBest);
  std::string ponder;
  if (!best.empty() && words.size() >= 4 && words[2] == "ponder")
    ponder = hubMove(afterBest, words[3]);
  return doneLine(best, ponder);
}

}  // namespace

std::string idLine(std::string_view name, std::string_view version, std::string_view author) {
  return "id" + pair("name", name) + pair("version", version) + pair("author", author);
}

std::string paramLine(const Param& param) {
  std::string line =
      "param" + pair("name", param.name) + pair("value", param.value) + pair("type", param.type);
  if (param.min) line += pair("min", *param.min);
  if (param.max) line += pair("max", *param.max);
  if (param.values) line += " values=\"" + *param.values + '"';
  return line;
}

double scoreInMen(bool forcedResult, int nativeValue) {
  if (!forcedResult) return nativeValue / 100.0;
  // Native "mate N" counts the winner's moves: a win in N moves ends after 2N - 1 plies, a
  // loss in N moves after 2N plies (search/score.h).
  const int plies = nativeValue > 0 ? 2 * nativeValue - 1 : -2 * nativeValue;
  const double men = kForcedResultMen - plies / 100.0;
  return nativeValue > 0 ? men : -men;
}

std::string infoLine(const Info& info) {
  std::string line = "info" + pair("depth", std::to_string(info.depth)) +
                     pair("mean-depth", fixed(info.depth, 1)) +
                     pair("sel-depth", std::to_string(info.selDepth));
  if (info.multiPv > 0) line += pair("multi-pv", std::to_string(info.multiPv));
  line += pair("score", fixed(info.score, 2)) + pair("nodes", std::to_string(info.nodes)) +
          pair("time", fixed(info.seconds, 3)) + pair("nps", fixed(info.megaNodesPerSecond, 2));
  std::string pv;
  for (const std::string& move : info.pv) {
    if (!pv.empty()) pv += ' ';
    pv += move;
  }
  return line + pair("pv", pv);
}

std::string doneLine(std::string_view move, std::string_view ponder) {
  std::string line = "done";
  if (move.empty()) return line;
  line += pair("move", move);
  if (!ponder.empty()) line += pair("ponder", ponder);
  return line;
}

std::optional<std::string> translateNativeReply(std::string_view nativeLine, const Position& root) {
  const std::vector<std::string_view> words = splitWords(nativeLine);
  if (words.empty()) return std::nullopt;
  if (words[0] == "info") return translateInfo(words, root);
  if (words[0] == "bestmove") return translateBestMove(words, root);
  if (words[0] == "error") {
    std::string_view message = nativeLine.substr(nativeLine.find("error") + 5);
    while (!message.empty() && isSeparator(message.front())) message.remove_prefix(1);
    return errorLine(message);
  }
  return std::nullopt;
}

}  // namespace damiera::protocol::hub
