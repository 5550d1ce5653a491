#pragma once
// Weaker play on request, for GUIs that play people (Skill Level 0..20, 20 = full strength):
// a shallower search over several lines (MultiPV), then a choice among the better moves with
// calibrated randomness. A weaker level never gives up a forced win it found and never walks
// into a forced loss it found while another move avoids it: it loses by playing slightly
// worse moves, not by blundering at random.
#include <cstdint>
#include <vector>

#include "core/move.h"

namespace damiera {

inline constexpr int kMaxSkillLevel = 20;
// Lines searched at the weaker levels: the moves a weaker level chooses among.
inline constexpr int kSkillMultiPv = 4;

// The deepest iteration a level searches (plies); 0 at full strength: no limit.
int skillDepthLimit(int level);
// How far below the best line's score (hundredths of a man) a level may still choose a move:
// each line gets a random bonus up to this much.
int skillMargin(int level);

// UCI_Elo: a rating for each level, relative to the gauntlet that calibrated them (PROTOCOL.md,
// "Strength levels"): each anchor level played the one below it at movetime 100, and the gaps
// between the anchors are the Elo differences measured there; level 0 is pinned at
// kSkillEloAnchors[0]. Between anchors the rating is interpolated linearly.
inline constexpr int kSkillAnchorStep = 5;  // anchors at levels 0, 5, 10, 15, 20
inline constexpr int kSkillEloAnchors[] = {1000, 1453, 1754, 1939, 2333};
inline constexpr int kMinSkillElo = kSkillEloAnchors[0];
inline constexpr int kMaxSkillElo = kSkillEloAnchors[kMaxSkillLevel / kSkillAnchorStep];
// The rating of a level, and the strongest level whose rating is at most `elo` (clamped).
int skillElo(int level);
int skillLevelForElo(int elo);

struct SkillCandidate {
  Move move;
  int score = 0;  // the search's raw score of the line, from the side to move (score.h)
};

// A line a level may choose, with its principal variation (the reply it expects comes second).
struct SkillLine {
  SkillCandidate candidate;
  std::vector<Move> pv;
};

// The move a level plays among the lines of the last completed iteration (best first).
// `random` is a generator state, advanced by each call. candidates must not be empty.
Move chooseSkillMove(const std::vector<SkillCandidate>& candidates, int level,
                     std::uint64_t& random);

}  // namespace damiera
