#pragma once
// How much a move lost (docs/analysis.md "How a move is judged"): search scores turned into
// the side's winning chances, as lichess does for chess, so that a won or lost position (a
// proved win, a database win, ten men ahead) stops counting piece by piece: giving back a man
// when five up costs little, giving one away from an even position costs much.
#include <cstdint>
#include <string>
#include <string_view>

namespace damiera::analysis {

// Winning chances of the side whose view `score` is (a raw search score, search/score.h), in
// [-1, 1]: tanh(score / kWinningChancesScale), and exactly +-1 for a forced or database result.
// 200 makes one man (100) ahead worth 0.46, two men 0.76, three 0.91.
inline constexpr double kWinningChancesScale = 200;
double winningChances(int score);

// The expected score in percent (0 lost, 50 even, 100 won): (winningChances + 1) * 50.
double expectedPercent(int score);

// Scores capped at +-kLossCap (ten men) for the average loss in hundredths of a man: a
// database win and a mate would otherwise swamp every other move of the game.
inline constexpr int kLossCap = 1000;
int cappedScore(int score);

enum class Judgement : std::uint8_t { None, Inaccuracy, Mistake, Blunder };

// The least loss of expected score (percentage points) for each mark; settable on the
// command line. A move loses `before - after` points, its mover's view both times.
struct Thresholds {
  double inaccuracy = 5;
  double mistake = 10;
  double blunder = 20;
};

Judgement judge(double lostPercent, const Thresholds& thresholds);

// PDN's move marks: "?!", "?", "??" (empty for None), and the words for a report.
std::string_view markOf(Judgement judgement);
std::string_view nameOf(Judgement judgement);

// A score as the report prints it, in men from the view it is given in: "+0.35", "-1.20",
// "0.00"; a forced result "#3" / "#-3" (moves, the winner's sign); a database result
// "db+" / "db-".
std::string formatScore(int score);
// The same in PDN's [%eval ...] convention (lichess, chess tools): "0.35", "-1.20", "#3";
// a database result as its plain value in men.
std::string formatEval(int score);

}  // namespace damiera::analysis
