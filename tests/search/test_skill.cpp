// Skill levels (search/skill.h): weaker levels choose among the better lines, never a found
// forced loss over a survivable move, never away from a found forced win.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <vector>

#include "core/square.h"
#include "search/score.h"
#include "search/skill.h"

using namespace damiera;

namespace {

Move quiet(int from, int to) {
  Move m;
  m.from = squareFromNumber(from);
  m.to = squareFromNumber(to);
  return m;
}

std::set<int> chosenFroms(const std::vector<SkillCandidate>& lines, int level, int tries) {
  std::uint64_t random = 12345;
  std::set<int> froms;
  for (int i = 0; i < tries; ++i) froms.insert(chooseSkillMove(lines, level, random).from);
  return froms;
}

}  // namespace

TEST_CASE("Skill: deeper and less random as the level rises, and 20 is full strength", "[skill]") {
  CHECK(skillDepthLimit(0) == 2);
  CHECK(skillDepthLimit(20) == 0);
  for (int level = 1; level < kMaxSkillLevel; ++level) {
    CHECK(skillDepthLimit(level) >= skillDepthLimit(level - 1));
    CHECK(skillMargin(level) < skillMargin(level - 1));
  }
}

TEST_CASE("Skill: only moves within the level's margin of the best are chosen", "[skill]") {
  const std::vector<SkillCandidate> lines = {
      {quiet(21, 17), 50}, {quiet(22, 18), 20}, {quiet(23, 19), -300}};
  // Level 20: always the best line.
  CHECK(chosenFroms(lines, 20, 50) == std::set<int>{squareFromNumber(21)});
  // Level 0 (margin 160): 21-17 or 22-18, never the move 3.5 men worse.
  CHECK(chosenFroms(lines, 0, 200) == std::set<int>{squareFromNumber(21), squareFromNumber(22)});
  // Level 19 (margin 8): 22-18 is 30 worse, out of reach.
  CHECK(chosenFroms(lines, 19, 200) == std::set<int>{squareFromNumber(21)});
}

TEST_CASE("Skill: a found win is played, a found loss avoided while another move survives",
          "[skill]") {
  const std::vector<SkillCandidate> winning = {{quiet(21, 17), mateInPlies(5)},
                                               {quiet(22, 18), mateInPlies(5) - 100}};
  CHECK(chosenFroms(winning, 0, 100) == std::set<int>{squareFromNumber(21)});
  const std::vector<SkillCandidate> losing = {{quiet(21, 17), -120},
                                              {quiet(22, 18), matedInPlies(8)}};
  CHECK(chosenFroms(losing, 0, 100) == std::set<int>{squareFromNumber(21)});
  const std::vector<SkillCandidate> lost = {{quiet(21, 17), matedInPlies(8)}};
  CHECK(chosenFroms(lost, 0, 10) == std::set<int>{squareFromNumber(21)});
}
