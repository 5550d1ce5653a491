#pragma once
// Search scores: centipawn-like units where a man is worth 100 ("cp" = hundredths of a man),
// always from the side to move, plus the band of forced results (R13: the side to move with
// no pieces or no legal move loses) near the ends of the range.
#include <cstdint>

namespace damiera {

// Deepest ply the search ever reaches (iterations, extensions and quiescence together).
inline constexpr int kMaxPly = 128;

inline constexpr int kScoreInfinite = 32000;
// A loss at ply p (the side to move there has no move, R13) scores -(kScoreMate - p), so a
// shorter win is a larger score and a longer defence a less negative one.
inline constexpr int kScoreMate = 31000;
// Every score at or beyond this magnitude is a forced result found by search; evaluation
// always stays well inside it.
inline constexpr int kScoreMateBound = kScoreMate - kMaxPly;
inline constexpr int kScoreDraw = 0;
// Endgame database results (src/egdb): a win found in the database at ply p scores
// kScoreDatabaseWin - p (reported as "score cp", 19872..20000), a loss the negative. Below the
// mate band (a search-proved result is more certain than nothing, and shorter), far above any
// evaluation.
inline constexpr int kScoreDatabaseWin = 20000;
inline constexpr int kScoreDatabaseBound = kScoreDatabaseWin - kMaxPly;

constexpr int mateInPlies(int ply) { return kScoreMate - ply; }
constexpr int matedInPlies(int ply) { return -kScoreMate + ply; }
constexpr bool isDecisive(int score) {
  return score >= kScoreMateBound || score <= -kScoreMateBound;
}

// What the protocol prints: "score cp X" or "score mate N", N in moves (not plies), positive
// when the side to move wins, negative when it loses.
struct ReportedScore {
  enum class Kind : std::uint8_t { Centipawns, Mate };
  Kind kind = Kind::Centipawns;
  int value = 0;

  friend bool operator==(const ReportedScore&, const ReportedScore&) = default;
};

constexpr ReportedScore reportScore(int score) {
  if (score >= kScoreMateBound) {
    // The winner makes the last move at ply p - 1, so p plies are (p + 1) / 2 of its moves.
    const int plies = kScoreMate - score;
    return {ReportedScore::Kind::Mate, (plies + 1) / 2};
  }
  if (score <= -kScoreMateBound) {
    const int plies = kScoreMate + score;
    return {ReportedScore::Kind::Mate, -((plies + 1) / 2)};
  }
  return {ReportedScore::Kind::Centipawns, score};
}

}  // namespace damiera
