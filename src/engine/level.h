#pragma once
// Playing levels that play alike on any device: the "Level" option (PROTOCOL.md, "Strength
// levels"). A level is a Skill Level (search/skill.h: a depth cap and a calibrated choice among
// the best lines) plus a budget of nodes per move, so that a phone and a desktop search the same
// tree and choose among the same lines: time only decides how long the budget takes. The three
// presets name points on the 0..20 scale for sites that offer "easy, medium, hard". A level also
// shapes its book moves: a weaker one leaves the book sooner and may pick worse book moves.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace damiera {

// The Level option's value that leaves the levels off: the full engine, limited only by `go`.
inline constexpr std::string_view kLevelOff = "off";

struct LevelPreset {
  std::string_view name;
  int skillLevel;  // on the 0..20 scale of search/skill.h
};
inline constexpr LevelPreset kLevelPresets[] = {{"easy", 4}, {"medium", 10}, {"hard", 16}};

// The words the Level option accepts: off, the presets, then 0..20.
const std::vector<std::string_view>& levelChoices();
// The Skill Level a Level value plays (one of levelChoices(), any case); none for off.
std::optional<int> levelSkill(std::string_view value);

// Nodes a level searches per move (every thread counted): 1,000 at level 0, doubling every two
// levels, 1,024,000 at level 20.
std::uint64_t levelNodeBudget(int skillLevel);
// Plies into the game a level still plays from the book (2 + level; none left out at 20).
int levelBookPlies(int skillLevel);
// How far below the best book move (hundredths of a man) a level may pick: its skill margin.
int levelBookVariety(int skillLevel);

}  // namespace damiera
