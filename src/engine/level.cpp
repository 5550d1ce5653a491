#include "engine/level.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

#include "search/skill.h"

namespace damiera {

namespace {

char lowered(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalIgnoringCase(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lowered(x) == lowered(y); });
}

// "0".."20", held for the choices' views.
const std::vector<std::string>& levelNumbers() {
  static const std::vector<std::string> numbers = [] {
    std::vector<std::string> made;
    for (int level = 0; level <= kMaxSkillLevel; ++level) made.push_back(std::to_string(level));
    return made;
  }();
  return numbers;
}

}  // namespace

const std::vector<std::string_view>& levelChoices() {
  static const std::vector<std::string_view> choices = [] {
    std::vector<std::string_view> made{kLevelOff};
    for (const LevelPreset& preset : kLevelPresets) made.push_back(preset.name);
    for (const std::string& number : levelNumbers()) made.push_back(number);
    return made;
  }();
  return choices;
}

std::optional<int> levelSkill(std::string_view value) {
  for (const LevelPreset& preset : kLevelPresets)
    if (equalIgnoringCase(preset.name, value)) return preset.skillLevel;
  const std::vector<std::string>& numbers = levelNumbers();
  for (std::size_t level = 0; level < numbers.size(); ++level)
    if (numbers[level] == value) return static_cast<int>(level);
  assert(equalIgnoringCase(value, kLevelOff));  // the option takes only its choices
  return std::nullopt;
}

std::uint64_t levelNodeBudget(int skillLevel) {
  assert(skillLevel >= 0 && skillLevel <= kMaxSkillLevel);
  return std::uint64_t{1000} << (skillLevel / 2);
}

int levelBookPlies(int skillLevel) {
  assert(skillLevel >= 0 && skillLevel <= kMaxSkillLevel);
  return skillLevel >= kMaxSkillLevel ? std::numeric_limits<int>::max() : 2 + skillLevel;
}

int levelBookVariety(int skillLevel) { return skillMargin(skillLevel); }

}  // namespace damiera
