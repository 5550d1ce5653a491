#include "tools/match/pdn_output.h"

#include <stdexcept>

#include "core/fen.h"

namespace damiera::match {

PdnGame makePdnGame(const GameRecord& record, const std::vector<EngineSpec>& engines,
                    const std::string& event) {
  PdnGame game;
  game.start = record.opening.start;
  game.moves = record.opening.moves;
  game.moves.insert(game.moves.end(), record.moves.begin(), record.moves.end());
  game.result = resultText(record.outcome);
  game.setTag("Event", event);
  game.setTag("Site", "?");
  game.setTag("Date", record.date);
  game.setTag("Round", std::to_string(record.task.number));
  game.setTag("White", engines[static_cast<std::size_t>(record.white)].name);
  game.setTag("Black", engines[static_cast<std::size_t>(record.black)].name);
  game.setTag("Result", game.result);
  game.setTag("GameType", std::string(kPdnGameTypeItalian));
  game.setTag("FEN", formatFen(game.start));
  game.setTag("Termination", record.termination);
  return game;
}

PdnFile::PdnFile(const std::string& path) : out_(path) {
  if (!out_) throw std::runtime_error("cannot create PDN file '" + path + "'");
}

void PdnFile::write(const PdnGame& game) {
  out_ << writePdn(game);
  out_.flush();
}

}  // namespace damiera::match
