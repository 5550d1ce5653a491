#pragma once
// The training set: every quiet position of the self-play files (docs/selfplay.md) turned into
// the evaluation's own features (search/eval_features.h, the very code the engine evaluates
// with) and a target, the probability that White wins.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "search/eval_features.h"

namespace damiera::training {

struct Example {
  std::array<std::int16_t, kHandTermCount> terms;
  std::array<std::uint16_t, kRegionCount> whiteIndex;
  std::array<std::uint16_t, kRegionCount> blackIndex;
  KingFeatures kings;
  std::uint8_t pieces;
  std::uint8_t scale;
  float result;  // White's game result: 1 won, 0.5 drawn, 0 lost
  float score;   // the search's score from White's view, hundredths of a man
  bool forced;   // the score is a database or proved result: a sure win or loss
};

struct Dataset {
  std::vector<Example> train;
  std::vector<Example> validation;
  std::vector<Position> validationPositions;  // the validation examples' positions, in order
  std::uint64_t records = 0;                  // read, before the selection
  std::uint64_t games = 0;
  std::uint64_t skipped = 0;  // not quiet, or invalid
};

// Reads every sample file of `where` (a file, a folder, or chunks FILE.NNNN); each whole game
// goes to the validation set when its number modulo validationEvery is 0 (0: none), so no game
// is on both sides. With maxGames > 0 only the first maxGames games are read (files in name
// order), so a run can be repeated on the same data while self-play goes on adding chunks.
// Throws std::runtime_error naming the file on a damaged one.
Dataset loadDataset(const std::vector<std::filesystem::path>& where, int validationEvery,
                    std::uint64_t maxGames);

}  // namespace damiera::training
