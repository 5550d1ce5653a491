#include "tools/selfplay/sample_check.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "core/movegen.h"
#include "train/sample_file.h"

namespace damiera::selfplay {

namespace {

using train::Sample;

constexpr int kProblemsShown = 10;

struct Counts {
  std::uint64_t files = 0, games = 0, positions = 0, quiet = 0, forced = 0;
  std::uint64_t whiteWins = 0, draws = 0, blackWins = 0, adjudicated = 0;
  std::uint64_t problems = 0;
  std::vector<std::uint64_t> keys;  // of every position, for the distinct count
};

void problem(Counts& c, const std::string& file, std::size_t record, const std::string& what) {
  if (++c.problems <= kProblemsShown)
    std::printf("%s record %zu: %s\n", file.c_str(), record, what.c_str());
}

bool followsByOneMove(const Position& before, const Position& after) {
  MoveList moves;
  generateMoves(before, moves);
  return std::any_of(moves.begin(), moves.end(),
                     [&](const Move& m) { return before.after(m) == after; });
}

// The game result (+1 White won, 0 draw, -1 Black won) a record says.
int whiteResult(const Sample& s) { return s.sideToMove == Color::White ? s.result : -s.result; }

void checkFile(const std::string& file, const std::vector<Sample>& samples, Counts& c) {
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const Sample& s = samples[i];
    if (const std::string error = train::validate(s); !error.empty()) {
      problem(c, file, i, error);
      continue;
    }
    const Position pos = train::positionOf(s);
    c.keys.push_back(pos.key());
    ++c.positions;
    if (s.flags & train::kQuiet) ++c.quiet;
    if (s.flags & train::kScoreForced) ++c.forced;
    if (s.flags & train::kGameStart) {
      ++c.games;
      const int result = whiteResult(s);
      (result > 0 ? c.whiteWins : result < 0 ? c.blackWins : c.draws) += 1;
      if (s.flags & train::kAdjudicated) ++c.adjudicated;
      continue;
    }
    if (i == 0) {
      problem(c, file, i, "the file does not start with a game's first record");
      continue;
    }
    const Sample& prev = samples[i - 1];
    if (whiteResult(s) != whiteResult(prev))
      problem(c, file, i, "another result than the record before, in the same game");
    if ((s.flags & train::kAdjudicated) != (prev.flags & train::kAdjudicated))
      problem(c, file, i, "adjudicated flag differs within a game");
    if (s.ply != std::min<int>(prev.ply + 1, train::kMaxStoredPly))
      problem(c, file, i, "ply does not follow the record before");
    if (train::validate(prev).empty() && !followsByOneMove(train::positionOf(prev), pos))
      problem(c, file, i, "not one legal move after the record before");
  }
}

double percent(std::uint64_t part, std::uint64_t whole) { return whole ? 100.0 * part / whole : 0; }

}  // namespace

bool checkSamples(const std::string& where) {
  Counts c;
  for (const auto& path : train::sampleFiles(where)) {
    ++c.files;
    try {
      checkFile(path.string(), train::readSampleFile(path), c);
    } catch (const train::SampleFileError& e) {
      ++c.problems;
      std::printf("%s\n", e.what());
    }
  }
  std::sort(c.keys.begin(), c.keys.end());
  const auto distinct = std::unique(c.keys.begin(), c.keys.end()) - c.keys.begin();
  std::printf(
      "%llu files, %llu games (white won %llu, drawn %llu, black won %llu; %llu adjudicated), "
      "%llu positions (%lld distinct, %.1f%% quiet, %llu with a forced score)\n",
      static_cast<unsigned long long>(c.files), static_cast<unsigned long long>(c.games),
      static_cast<unsigned long long>(c.whiteWins), static_cast<unsigned long long>(c.draws),
      static_cast<unsigned long long>(c.blackWins), static_cast<unsigned long long>(c.adjudicated),
      static_cast<unsigned long long>(c.positions), static_cast<long long>(distinct),
      percent(c.quiet, c.positions), static_cast<unsigned long long>(c.forced));
  if (c.problems) {
    std::printf("check FAILED: %llu problems\n", static_cast<unsigned long long>(c.problems));
    return false;
  }
  std::printf("check ok\n");
  return true;
}

}  // namespace damiera::selfplay
