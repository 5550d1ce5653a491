#pragma once
// What each load-test client repeats: a list of commands, one a line. Each client goes round
// the list from its own starting point, so the clients are not in step.
//
//   position      a new game from a random playout: "position startpos moves ...", then
//                 "isready" (its latency is the time to "readyok")
//   legalmoves    checked against the load tester's own move generator
//   isready
//   go <limits>   any go that ends by itself (depth, movetime, nodes); info lines and bestmove
//                 are checked for legality
//
// Blank lines and lines starting with '#' are ignored.
#include <string>
#include <string_view>
#include <vector>

namespace damiera::load {

struct ScriptCommand {
  enum class Kind { Position, LegalMoves, IsReady, Go };
  Kind kind = Kind::IsReady;
  std::string text;  // the command as sent (for Position, the word "position")
};

// position, legalmoves, go depth 4, position, legalmoves, go movetime 20.
std::vector<ScriptCommand> defaultScript();

// Throws std::runtime_error naming the line of anything it does not know.
std::vector<ScriptCommand> parseScript(std::string_view text);

}  // namespace damiera::load
