#include "protocol/hub_command.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>

#include "protocol/hub_notation.h"
#include "protocol/hub_syntax.h"
#include "protocol/reply.h"

namespace damiera::protocol::hub {

namespace {

template <class Integer>
std::optional<Integer> readInteger(std::string_view text, Integer min, Integer max) {
  Integer value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < min || value > max)
    return std::nullopt;
  return value;
}

// A real number of seconds such as "1", "0.5" or "291.587": no sign, no exponent, no "inf".
std::optional<double> readSeconds(std::string_view text, double min) {
  if (text.empty() || !((text[0] >= '0' && text[0] <= '9') || text[0] == '.')) return std::nullopt;
  double value = 0;
#if defined(__cpp_lib_to_chars)
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
#else
  // libc++ before 17 (Emscripten's, for the WebAssembly engine) has no floating-point
  // from_chars: the same fixed format checked here, then strtod (the "C" locale there).
  if (std::count(text.begin(), text.end(), '.') > 1 ||
      !std::all_of(text.begin(), text.end(),
                   [](char c) { return c == '.' || (c >= '0' && c <= '9'); }) ||
      text == ".")
    return std::nullopt;
  value = std::strtod(std::string(text).c_str(), nullptr);
#endif
  if (!std::isfinite(value) || value < min || value > kMaxSeconds) return std::nullopt;
  return value;
}

Parsed<Command> fail(std::string message) { return Parsed<Command>::fail(std::move(message)); }

// The value of an argument that must have one; the error names the command and the argument.
Parsed<std::string> requiredValue(const Line& line, std::string_view name) {
  const Argument* argument = line.find(name);
  if (argument == nullptr)
    return Parsed<std::string>::fail(line.command + ": missing " + std::string(name) + "=...");
  if (!argument->value)
    return Parsed<std::string>::fail(line.command + ": " + std::string(name) + " needs a value (" +
                                     std::string(name) + "=...)");
  return Parsed<std::string>::ok(*argument->value);
}

Parsed<Command> parseSetParam(const Line& line) {
  const Parsed<std::string> name = requiredValue(line, "name");
  if (!name) return fail(name.error);
  const Parsed<std::string> value = requiredValue(line, "value");
  if (!value) return fail(value.error);
  return Parsed<Command>::ok(SetParam{*name.value, *value.value});
}

// Every whitespace-separated word of a moves="..." value.
std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

Parsed<Command> parsePos(const Line& line) {
  const Argument* given = line.find("pos");
  Pos pos;
  if (given != nullptr) {
    if (!given->value) return fail("pos: pos needs a value (pos=<W|B><32 squares>)");
    Parsed<Position> start = parsePosition(*given->value);
    if (!start) return fail("pos: " + start.error);
    pos.start = *start.value;
  } else if (line.has("start")) {
    pos.start = Position::start();
  } else {
    return fail("pos: missing pos=<W|B><32 squares> (or start)");
  }
  if (const Argument* moves = line.find("moves")) {
    if (!moves->value) return fail("pos: moves needs a value (moves=\"m1 m2 ...\")");
    Position current = pos.start;
    int number = 0;
    for (std::string_view text : words(*moves->value)) {
      ++number;
      const Parsed<PathMove> move = parseMove(current, text);
      if (!move)
        return Parsed<Command>::fail(
            "pos: illegal move " + std::to_string(number) + " " + quoted(text) + ": " + move.error,
            move.refusal);
      pos.moves.push_back(*move.value);
      current = current.after(move.value->move);
    }
  }
  return Parsed<Command>::ok(std::move(pos));
}

Parsed<Command> parseLevel(const Line& line) {
  Level level;
  for (const Argument& argument : line.arguments) {
    const std::string& name = argument.name;
    if (name == "infinite") {
      level.infinite = true;
      continue;
    }
    static const std::map<std::string, std::string, std::less<>> kExpected = {
        {"depth", "an integer 1.." + std::to_string(kMaxDepth)},
        {"nodes", "a positive integer"},
        {"move-time", "a positive number of seconds"},
        {"moves", "an integer 0.." + std::to_string(kMaxMovesToGo)},
        {"time", "a number of seconds"},
        {"inc", "a number of seconds"},
    };
    const auto expected = kExpected.find(name);
    if (expected == kExpected.end()) continue;  // unknown arguments are ignored (Hub)
    if (!argument.value)
      return fail("level: " + name + " needs a value (" + expected->second + ")");
    const std::string& text = *argument.value;
    bool ok = true;
    if (name == "depth") {
      level.depth = readInteger<int>(text, 1, kMaxDepth);
      ok = level.depth.has_value();
    } else if (name == "nodes") {
      level.nodes = readInteger<std::uint64_t>(text, 1, UINT64_MAX);
      ok = level.nodes.has_value();
    } else if (name == "moves") {
      level.moves = readInteger<int>(text, 0, kMaxMovesToGo);
      ok = level.moves.has_value();
    } else {
      const std::optional<double> seconds = readSeconds(text, 0);
      ok = seconds.has_value() && !(name == "move-time" && *seconds <= 0);
      if (name == "move-time") level.moveTime = seconds;
      if (name == "time") level.time = seconds;
      if (name == "inc") level.increment = seconds;
    }
    if (!ok)
      return fail("level: " + name + " must be " + expected->second + ", got " + quoted(text));
  }
  return Parsed<Command>::ok(level);
}

Parsed<Command> parseGo(const Line& line) {
  const bool ponder = line.has("ponder");
  const bool analyze = line.has("analyze");
  if (ponder && analyze) return fail("go: choose one of think, ponder or analyze");
  Go go;
  if (ponder) go.mode = GoMode::Ponder;
  if (analyze) go.mode = GoMode::Analyze;
  return Parsed<Command>::ok(go);
}

}  // namespace

void Level::merge(const Level& later) {
  if (later.depth) depth = later.depth;
  if (later.nodes) nodes = later.nodes;
  if (later.moveTime) moveTime = later.moveTime;
  if (later.moves) moves = later.moves;
  if (later.time) time = later.time;
  if (later.increment) increment = later.increment;
  infinite = infinite || later.infinite;
}

Parsed<Command> parseCommand(std::string_view text) {
  Parsed<Line> parsed = parseLine(text);
  if (!parsed) return fail(parsed.error);
  const Line& line = *parsed.value;
  const std::string& command = line.command;
  if (command == "hub") return Parsed<Command>::ok(Hello{});
  if (command == "set-param") return parseSetParam(line);
  if (command == "init") return Parsed<Command>::ok(Init{});
  if (command == "new-game") return Parsed<Command>::ok(NewGame{});
  if (command == "ping") return Parsed<Command>::ok(Ping{});
  if (command == "quit") return Parsed<Command>::ok(Quit{});
  if (command == "pos") return parsePos(line);
  if (command == "level") return parseLevel(line);
  if (command == "go") return parseGo(line);
  if (command == "ponder-hit") return Parsed<Command>::ok(PonderHit{});
  if (command == "stop") return Parsed<Command>::ok(Stop{});
  return Parsed<Command>::ok(Ignored{command});
}

}  // namespace damiera::protocol::hub
