#include "checkerboard/status_text.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstring>

#include "checkerboard/cb_api.h"
#include "core/notation.h"
#include "engine/front_end_kit.h"
#include "search/score.h"

namespace damiera::cb {

namespace {

std::string formatScore(const ReportedScore& score) {
  char text[48];
  if (score.kind == ReportedScore::Kind::Mate) {
    std::snprintf(text, sizeof text, "%s in %d", score.value > 0 ? "win" : "loss",
                  score.value > 0 ? score.value : -score.value);
  } else if (score.value >= kScoreDatabaseBound || score.value <= -kScoreDatabaseBound) {
    // A result the endgame database proves (score.h's database band), however far off.
    std::snprintf(text, sizeof text, "db %s", score.value > 0 ? "win" : "loss");
  } else {
    // Hundredths of a man (score.h), shown as men.
    std::snprintf(text, sizeof text, "%+.2f", score.value / 100.0);
  }
  return text;
}

std::string formatNps(std::uint64_t nps) {
  char text[32];
  if (nps >= 1'000'000) {
    std::snprintf(text, sizeof text, "%.1fM", nps / 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.0fk", nps / 1e3);
  }
  return text;
}

}  // namespace

std::string formatStatus(const Position& root, const SearchInfo& info) {
  char head[160];
  std::snprintf(head, sizeof head, "depth %d/%d  score %s  time %.2fs  nodes %llu  nps %s",
                info.depth, info.selDepth, formatScore(info.score).c_str(),
                static_cast<double>(info.timeMs) / 1000.0,
                static_cast<unsigned long long>(info.nodes), formatNps(info.nps).c_str());
  std::string text = head;
  if (!info.pv.empty()) text += "  pv";
  const auto notation = [](const Position& pos, const Move& m) { return formatMove(pos, m); };
  for (const std::string& move : pvInNotation(root, info.pv, notation)) text += ' ' + move;
  return text;
}

std::string formatBookMove(const Position& root, const book::BookMove& move) {
  return "book move " + formatMove(root, move.move) + "  score " +
         formatScore(reportScore(move.score)) + "  weight " + std::to_string(move.weight);
}

std::string formatAllScores(const Position& root, const std::vector<SearchInfo>& lines) {
  assert(!lines.empty());
  const SearchInfo& first = lines.front();
  char head[160];
  std::snprintf(head, sizeof head, "depth %d/%d  time %.2fs  nodes %llu  nps %s", first.depth,
                first.selDepth, static_cast<double>(first.timeMs) / 1000.0,
                static_cast<unsigned long long>(first.nodes), formatNps(first.nps).c_str());
  std::string text = head;
  for (const SearchInfo& line : lines) {
    if (line.pv.empty()) continue;  // never expected: every line has its move
    text += "  " + formatMove(root, line.pv.front()) + ' ' + formatScore(line.score);
  }
  return text;
}

void writeText(char* buffer, const std::string& text) {
  const std::size_t length = std::min(text.size(), kTextSize - 1);
  std::memcpy(buffer, text.data(), length);
  buffer[length] = '\0';
}

}  // namespace damiera::cb
