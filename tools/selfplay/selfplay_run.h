#pragma once
// A whole damiera-selfplay run: the games split into chunks of config.gamesPerChunk, each
// chunk written as one sample file (out.0000, out.0001, ...) once all its games are played.
// A rerun with the same settings keeps every complete chunk and plays only the rest; a chunk
// file that is missing, damaged or holds fewer games than it should is played again.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "tools/selfplay/selfplay_config.h"

namespace damiera::selfplay {

class SelfPlayError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunSummary {
  std::int64_t games = 0;             // in all chunks, resumed ones included
  std::int64_t gamesPlayed = 0;       // by this run
  std::uint64_t positions = 0;        // in all chunks
  std::uint64_t positionsPlayed = 0;  // by this run
  std::int64_t whiteWins = 0, draws = 0, blackWins = 0, adjudicated = 0;  // games of this run
  double seconds = 0;
};

// The path of chunk k: out.NNNN.
std::string chunkPath(const std::string& out, std::int64_t chunk);

// Throws SelfPlayError for bad settings (an unreadable openings file, settings that differ
// from the run already in `out`) and train::SampleFileError when a chunk cannot be written.
RunSummary runSelfPlay(const SelfPlayConfig& config);

}  // namespace damiera::selfplay
