#pragma once
// A PDN text cut into its games, each read on its own, so that one malformed game is named and
// reported while the others are analysed (core/pdn.h reads a whole text or fails).
#include <string>
#include <string_view>
#include <vector>

#include "core/pdn.h"

namespace damiera::analysis {

struct PdnEntry {
  int number = 0;     // 1-based, in the text
  int firstLine = 0;  // 1-based line of the text where the game starts
  std::string text;   // the game's own text, as written
  std::string error;  // empty when `game` was read
  PdnGame game;
  // "game 3 (Rossi - Bianchi, line 40)": how errors and progress name it.
  std::string name() const;
};

// The games of `text`: a game starts at a tag line ("[...") that follows move text, outside
// a comment. A game that does not read has `error` set: "game 3 (...): line 44: move 12
// '18-23': ..." with lines counted in the whole text.
std::vector<PdnEntry> splitPdn(std::string_view text);

}  // namespace damiera::analysis
