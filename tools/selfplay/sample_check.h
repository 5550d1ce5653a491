#pragma once
// damiera-selfplay --check: reads sample files and says whether every record is sound.
#include <string>

namespace damiera::selfplay {

// Checks every record of the sample files at `where` (train::sampleFiles): each decodes to a
// reachable position (train::validate), and within each game (split at kGameStart) the
// records follow one another by one legal move, the ply grows by one, the result is the same
// game result seen from each side to move, and the adjudicated flag is the same throughout.
// Prints what is wrong (the first few problems) and counts: files, games, positions, distinct
// positions, quiet and forced ones, results. True when nothing is wrong.
bool checkSamples(const std::string& where);

}  // namespace damiera::selfplay
