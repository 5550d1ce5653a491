#include "protocol/parse.h"

#include <array>
#include <charconv>
#include <span>
#include <string>
#include <utility>

#include "protocol/reply.h"
#include "protocol/tokens.h"

namespace damiera::protocol {

namespace {

using Words = std::span<const std::string_view>;  // the words after the command word
using CommandParser = Parsed<Command> (*)(std::string_view commandWord, Words args);

std::string joinWords(Words words) {
  if (words.empty()) return {};
  return std::string(spanOf(words.front(), words.back()));
}

// Commands without arguments reject anything after them rather than ignore it: a typo such as
// "isready now" should be visible, not silently half-executed.
template <class C>
Parsed<Command> parseBare(std::string_view commandWord, Words args) {
  if (!args.empty())
    return Parsed<Command>::fail(std::string(commandWord) + " takes no arguments, got " +
                                 quoted(args.front()));
  return Parsed<Command>::ok(C{});
}

// "setoption name <id...> [value <v...>]": both the name and the value may contain spaces.
Parsed<Command> parseSetOption(std::string_view, Words args) {
  constexpr std::string_view kUsage = "setoption: expected 'setoption name <id> value <value>'";
  if (args.empty() || args.front() != "name") return Parsed<Command>::fail(std::string(kUsage));
  std::size_t valueAt = 1;
  while (valueAt < args.size() && args[valueAt] != "value") ++valueAt;
  const Words name = args.subspan(1, valueAt - 1);
  if (name.empty()) return Parsed<Command>::fail(std::string(kUsage));
  SetOption cmd{joinWords(name), std::nullopt};
  if (valueAt < args.size()) {
    const Words value = args.subspan(valueAt + 1);
    if (value.empty()) return Parsed<Command>::fail("setoption: missing value after 'value'");
    cmd.value = joinWords(value);
  }
  return Parsed<Command>::ok(std::move(cmd));
}

// "position startpos [moves ...]" or "position fen <FEN> [moves ...]"; the FEN is everything
// between "fen" and "moves", spaces included (PDN FENs may contain them).
Parsed<Command> parsePosition(std::string_view, Words args) {
  if (args.empty()) return Parsed<Command>::fail("position: expected 'startpos' or 'fen <FEN>'");
  std::size_t movesAt = 1;
  while (movesAt < args.size() && args[movesAt] != "moves") ++movesAt;
  const Words afterKind = args.subspan(1, movesAt - 1);

  SetPosition cmd;
  if (args.front() == "startpos") {
    if (!afterKind.empty())
      return Parsed<Command>::fail("position: unexpected " + quoted(afterKind.front()) +
                                   " after 'startpos' (expected 'moves')");
  } else if (args.front() == "fen") {
    if (afterKind.empty()) return Parsed<Command>::fail("position: missing FEN after 'fen'");
    cmd.fen = joinWords(afterKind);
  } else {
    return Parsed<Command>::fail("position: expected 'startpos' or 'fen <FEN>', got " +
                                 quoted(args.front()));
  }
  if (movesAt < args.size())
    for (std::string_view move : args.subspan(movesAt + 1)) cmd.moves.emplace_back(move);
  return Parsed<Command>::ok(std::move(cmd));
}

// "perft <depth> [unique]"
Parsed<Command> parsePerft(std::string_view, Words args) {
  const std::string depthRange =
      std::to_string(kMinPerftDepth) + ".." + std::to_string(kMaxPerftDepth);
  if (args.empty())
    return Parsed<Command>::fail("perft: missing depth (an integer " + depthRange + ")");
  Perft cmd;
  const std::string_view depthText = args.front();
  const auto [end, ec] =
      std::from_chars(depthText.data(), depthText.data() + depthText.size(), cmd.depth);
  if (ec != std::errc{} || end != depthText.data() + depthText.size() ||
      cmd.depth < kMinPerftDepth || cmd.depth > kMaxPerftDepth)
    return Parsed<Command>::fail("perft: depth must be an integer " + depthRange + ", got " +
                                 quoted(depthText));
  if (args.size() >= 2) {
    if (args[1] != "unique")
      return Parsed<Command>::fail("perft: unexpected " + quoted(args[1]) + " (expected 'unique')");
    cmd.mode = PerftMode::DropDuplicates;
  }
  if (args.size() > 2)
    return Parsed<Command>::fail("perft: unexpected " + quoted(args[2]) + " after 'unique'");
  return Parsed<Command>::ok(cmd);
}

// One entry per command word: adding a command is one line here plus its parser.
constexpr std::array<std::pair<std::string_view, CommandParser>, 10> kCommandParsers = {{
    {"uci", parseBare<Uci>},
    {"isready", parseBare<IsReady>},
    {"ucinewgame", parseBare<NewGame>},
    {"quit", parseBare<Quit>},
    {"setoption", parseSetOption},
    {"position", parsePosition},
    {"legalmoves", parseBare<LegalMoves>},
    {"d", parseBare<Display>},
    {"perft", parsePerft},
    {"result", parseBare<ShowResult>},
}};

}  // namespace

Parsed<Command> parseCommand(std::string_view line) {
  const std::vector<std::string_view> words = splitWords(line);
  if (words.empty()) return Parsed<Command>::fail("empty line");
  const std::string_view commandWord = words.front();
  const Words args = Words(words).subspan(1);
  for (const auto& [word, parser] : kCommandParsers)
    if (word == commandWord) return parser(commandWord, args);
  return Parsed<Command>::fail("unknown command " + quoted(commandWord));
}

}  // namespace damiera::protocol
