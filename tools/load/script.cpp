#include "tools/load/script.h"

#include <sstream>
#include <stdexcept>

namespace damiera::load {

namespace {

std::string trimmed(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const std::size_t last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

ScriptCommand command(const std::string& text, int lineNumber) {
  using Kind = ScriptCommand::Kind;
  if (text == "position") return {Kind::Position, text};
  if (text == "legalmoves") return {Kind::LegalMoves, text};
  if (text == "isready") return {Kind::IsReady, text};
  if (text.rfind("go ", 0) == 0) {
    for (const char* endless : {"infinite", "ponder"})
      if (text.find(endless) != std::string::npos)
        throw std::runtime_error("script line " + std::to_string(lineNumber) +
                                 ": a go must end by itself (no infinite, no ponder)");
    return {Kind::Go, text};
  }
  throw std::runtime_error("script line " + std::to_string(lineNumber) + ": unknown command '" +
                           text + "' (position, legalmoves, isready or go <limits>)");
}

}  // namespace

std::vector<ScriptCommand> defaultScript() {
  return parseScript("position\nlegalmoves\ngo depth 4\nposition\nlegalmoves\ngo movetime 20\n");
}

std::vector<ScriptCommand> parseScript(std::string_view text) {
  std::vector<ScriptCommand> script;
  std::istringstream in{std::string(text)};
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    const std::string entry = trimmed(line);
    if (entry.empty() || entry.front() == '#') continue;
    script.push_back(command(entry, lineNumber));
  }
  if (script.empty()) throw std::runtime_error("the script has no command");
  return script;
}

}  // namespace damiera::load
