#include "search/skill.h"

#include <algorithm>
#include <cassert>

#include "search/score.h"

namespace damiera {

namespace {

// splitmix64: small, fast, and the same sequence everywhere (tests can fix the seed).
std::uint64_t nextRandom(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

int skillDepthLimit(int level) {
  assert(level >= 0 && level <= kMaxSkillLevel);
  if (level >= kMaxSkillLevel) return 0;
  return 2 + level / 2;  // level 0: 2 plies, level 19: 11 plies
}

int skillMargin(int level) {
  assert(level >= 0 && level <= kMaxSkillLevel);
  return (kMaxSkillLevel - level) * 8;  // level 0: 1.6 men, level 19: 0.08 men
}

int skillElo(int level) {
  assert(level >= 0 && level <= kMaxSkillLevel);
  const int anchor = level / kSkillAnchorStep;
  if (level == kMaxSkillLevel) return kMaxSkillElo;
  const int low = kSkillEloAnchors[anchor];
  const int high = kSkillEloAnchors[anchor + 1];
  return low + (high - low) * (level % kSkillAnchorStep) / kSkillAnchorStep;
}

int skillLevelForElo(int elo) {
  int level = 0;
  while (level < kMaxSkillLevel && skillElo(level + 1) <= elo) ++level;
  return level;
}

Move chooseSkillMove(const std::vector<SkillCandidate>& candidates, int level,
                     std::uint64_t& random) {
  assert(!candidates.empty());
  const auto best = std::max_element(
      candidates.begin(), candidates.end(),
      [](const SkillCandidate& a, const SkillCandidate& b) { return a.score < b.score; });
  if (level >= kMaxSkillLevel || best->score >= kScoreMateBound) return best->move;
  const bool someMoveSurvives = best->score > -kScoreMateBound;
  const int margin = skillMargin(level);
  Move chosen = best->move;
  long long chosenValue = -1'000'000;
  for (const SkillCandidate& c : candidates) {
    if (someMoveSurvives && c.score <= -kScoreMateBound) continue;  // a forced loss: never
    if (c.score < best->score - margin) continue;
    const long long value = c.score + static_cast<long long>(nextRandom(random) % (margin + 1));
    if (value > chosenValue) {
      chosenValue = value;
      chosen = c.move;
    }
  }
  return chosen;
}

}  // namespace damiera
