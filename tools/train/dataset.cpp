#include "dataset.h"

#include <stdexcept>

#include "train/sample.h"
#include "train/sample_file.h"

namespace damiera::training {

namespace {

Example exampleOf(const Position& pos, const train::Sample& s) {
  const EvalFeatures f = extractFeatures(pos);
  Example e{};
  for (int t = 0; t < kHandTermCount; ++t) e.terms[t] = static_cast<std::int16_t>(f.terms[t]);
  e.whiteIndex = f.whiteIndex;
  e.blackIndex = f.blackIndex;
  e.kings = f.kings;
  e.pieces = static_cast<std::uint8_t>(f.pieces);
  e.scale = static_cast<std::uint8_t>(f.scale);
  // Records hold the side to move's view; the model scores for White.
  const int sign = s.sideToMove == Color::White ? 1 : -1;
  e.result = 0.5f + 0.5f * static_cast<float>(sign * s.result);
  e.score = static_cast<float>(sign * s.score);
  e.forced = (s.flags & train::kScoreForced) != 0;
  return e;
}

}  // namespace

Dataset loadDataset(const std::vector<std::filesystem::path>& where, int validationEvery,
                    std::uint64_t maxGames) {
  Dataset data;
  auto enough = [&] { return maxGames > 0 && data.games >= maxGames; };
  for (const std::filesystem::path& place : where) {
    for (const std::filesystem::path& file : train::sampleFiles(place)) {
      if (enough()) break;
      const std::vector<train::Sample> samples = train::readSampleFile(file);
      bool toValidation = false;
      for (const train::Sample& s : samples) {
        if (s.flags & train::kGameStart) {
          if (enough()) break;
          ++data.games;
          toValidation = validationEvery > 0 && data.games % validationEvery == 0;
        }
        ++data.records;
        if (!(s.flags & train::kQuiet) || !train::validate(s).empty()) {
          ++data.skipped;
          continue;
        }
        const Position pos = train::positionOf(s);
        (toValidation ? data.validation : data.train).push_back(exampleOf(pos, s));
        if (toValidation) data.validationPositions.push_back(pos);
      }
    }
  }
  if (data.train.empty()) throw std::runtime_error("no quiet positions to train on");
  return data;
}

}  // namespace damiera::training
