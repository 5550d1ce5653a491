// Skill levels inside the search (SearchOptions::skillLevel, as Stockfish's Skill): a weaker
// level searches at least kSkillMultiPv lines, reports only the MultiPV it was asked for, goes
// no deeper than its cap, and plays its choice among the lines of its last report, with that
// line's reply and score.
#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "core/fen.h"
#include "search/skill.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

namespace {

// The lines of the last report (its line 1 and those after it).
std::vector<SearchInfo> lastReport(const std::vector<SearchInfo>& infos) {
  std::vector<SearchInfo> lines;
  for (const SearchInfo& info : infos) {
    if (info.multiPv == 1) lines.clear();
    lines.push_back(info);
  }
  return lines;
}

int moveKey(const Move& m) { return m.from * 64 + m.to; }

}  // namespace

TEST_CASE("Skill in the search: MultiPV lines shown, the level's depth, its choice among them",
          "[search][skill]") {
  SearchOptions options;
  options.skillLevel = 0;
  options.multiPv = kSkillMultiPv;  // shown: the choice is then checked against what it saw
  std::set<int> chosen;
  for (int i = 0; i < 24; ++i) {
    const Collected weak = searchPosition(Game(), SearchLimits{}, options);
    REQUIRE(weak.results == 1);
    REQUIRE(weak.result.bestMove);
    CHECK(weak.result.depth == skillDepthLimit(0));  // no limit asked: the level's cap
    const std::vector<SearchInfo> lines = lastReport(weak.infos);
    REQUIRE(lines.size() == static_cast<std::size_t>(kSkillMultiPv));
    const auto line = std::find_if(lines.begin(), lines.end(), [&](const SearchInfo& l) {
      return l.pv.front() == *weak.result.bestMove;
    });
    REQUIRE(line != lines.end());
    // The result is the chosen line's: its score, and the reply it expects.
    CHECK(weak.result.score.value == line->score.value);
    if (line->pv.size() >= 2) CHECK(weak.result.ponderMove == line->pv[1]);
    chosen.insert(moveKey(*weak.result.bestMove));
  }
  CHECK(chosen.size() >= 2);  // level 0 does not always play the best line
}

TEST_CASE("Skill in the search: only MultiPV lines reported, the choice still among four",
          "[search][skill]") {
  SearchOptions options;
  options.skillLevel = 0;  // MultiPV 1
  std::set<int> chosen;
  for (int i = 0; i < 24; ++i) {
    const Collected weak = searchPosition(Game(), depthLimit(3), options);
    for (const SearchInfo& info : weak.infos) CHECK(info.multiPv == 1);
    CHECK(weak.result.depth == std::min(3, skillDepthLimit(0)));
    chosen.insert(moveKey(*weak.result.bestMove));
  }
  CHECK(chosen.size() >= 2);
}

TEST_CASE("Skill in the search: full strength plays the best line and searches as before",
          "[search][skill]") {
  SearchOptions full;
  REQUIRE(full.skillLevel == kMaxSkillLevel);
  CHECK(full.linesSearched() == full.multiPv);
  const Collected out = searchPosition(Game(), depthLimit(6), full);
  const std::vector<SearchInfo> lines = lastReport(out.infos);
  REQUIRE(!lines.empty());
  CHECK(out.result.bestMove == lines.front().pv.front());
  SearchOptions weak;
  weak.skillLevel = 5;
  CHECK(weak.linesSearched() == kSkillMultiPv);
  weak.multiPv = 10;
  CHECK(weak.linesSearched() == 10);
}
