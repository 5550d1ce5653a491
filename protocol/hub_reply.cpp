#include "protocol/hub_reply.h"

#include <charconv>
#include <cstdio>

#include "protocol/hub_syntax.h"
#include "protocol/tokens.h"

namespace damiera::protocol::hub {

namespace {

// A real number with a fixed number of decimals, independent of the locale.
std::string fixed(double value, int decimals) {
  char buffer[64];
#if defined(__cpp_lib_to_chars)
  const auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  if (ec != std::errc{}) return "0";
  return std::string(buffer, end);
#else
  // libc++ before 17 (Emscripten's, for the WebAssembly engine) has no floating-point
  // to_chars; snprintf in the "C" locale, the only one there, writes the same.
  const int length = std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  if (length < 0 || length >= static_cast<int>(sizeof buffer)) return "0";
  return std::string(buffer, length);
#endif
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

}  // namespace damiera::protocol::hub
