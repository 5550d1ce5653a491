#pragma once
// PDN (Portable Draughts Notation) games for Italian draughts: a small reader that replays and
// checks every move with the rules, and a writer. Enough for match records and opening books:
//
//   [Event "damiera-match"]
//   [GameType "22"]
//   [FEN "W:W21,22,...:B1,2,..."]
//   [Result "1-0"]
//   1. 22-18 11-14 2. 18x11 8x15 {a comment} 3. ... 1-0
//
// Read: tag pairs `[Name "value"]` (with \" and \\ escapes), move numbers ("1." and "1..."),
// moves in landing-path notation (parseMove: full path, or "from x to" when unambiguous),
// comments {...} and ; to end of line, variations (...) and NAGs ($n) and move marks (! ?),
// all skipped; and a result token ending each game. Results: "1-0", "0-1", "1/2-1/2", "*", and
// the draughts forms "2-0", "0-2", "1-1" (read as 1-0, 0-1, 1/2-1/2). A [FEN] tag sets the start
// position; without one a game starts from R3.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/parsed.h"
#include "core/position.h"

namespace damiera {

// PDN's game type of Italian draughts (docs/rules.md "FEN syntax").
inline constexpr std::string_view kPdnGameTypeItalian = "22";

inline constexpr std::string_view kPdnWhiteWins = "1-0";
inline constexpr std::string_view kPdnBlackWins = "0-1";
inline constexpr std::string_view kPdnDraw = "1/2-1/2";
inline constexpr std::string_view kPdnUnfinished = "*";

struct PdnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  Position start = Position::start();
  std::vector<PathMove> moves;                       // legal, replayed from start
  std::string result = std::string(kPdnUnfinished);  // one of the four kPdn* tokens

  // The value of the first tag with this name (case-sensitive, as PDN tags are).
  std::optional<std::string> tag(std::string_view name) const;
  // Replaces the first tag with this name, or appends it.
  void setTag(std::string_view name, std::string value);
};

// Every game of a PDN text. Fails on the first problem, naming the game (1-based), the line and
// what was wrong: an illegal or malformed move (the parseMove message), a bad FEN tag, a tag
// that is not closed, text after the last result token that is not a game.
Parsed<std::vector<PdnGame>> readPdn(std::string_view text);

// One game: its tags in order, a blank line, the move text wrapped at kPdnLineWidth columns
// with move numbers ("1..." when Black moves first), the result token and a blank line. The
// moves must be legal from game.start.
inline constexpr std::size_t kPdnLineWidth = 80;
std::string writePdn(const PdnGame& game);

// The PDN move number of the ply-th move (0-based) of a game whose first move is firstMover's:
// "2." for White's second move, "1..." for Black's first. Error messages name moves by it.
std::string moveLabel(Color firstMover, std::size_t ply);

}  // namespace damiera
