#pragma once
// `--pdn FILE`: every finished game as PDN (GameType 22), appended as soon as it ends, so a
// stopped match keeps what it played. Readable by the project's own reader (core/pdn.h).
#include <fstream>
#include <string>
#include <vector>

#include "core/pdn.h"
#include "tools/match/engine_spec.h"
#include "tools/match/referee.h"

namespace damiera::match {

// Tags: Event, Site, Date, Round, White, Black, Result, GameType, FEN (the position the move
// text starts from), Termination (why it ended). The move text holds the opening's moves too.
PdnGame makePdnGame(const GameRecord& record, const std::vector<EngineSpec>& engines,
                    const std::string& event);

class PdnFile {
 public:
  // Creates (truncates) the file; throws std::runtime_error if it cannot.
  explicit PdnFile(const std::string& path);
  void write(const PdnGame& game);

 private:
  std::ofstream out_;
};

}  // namespace damiera::match
