#include "protocol/parse.h"

#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
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

// A whole word as a number in [min, max], or nothing.
template <class Integer>
std::optional<Integer> readInteger(std::string_view word, Integer min, Integer max) {
  Integer value{};
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc{} || end != word.data() + word.size() || value < min || value > max)
    return std::nullopt;
  return value;
}

// "perft <depth> [unique] [hash <MB>] [threads <N>]", the options in any order.
Parsed<Command> parsePerft(std::string_view, Words args) {
  const std::string depthRange =
      std::to_string(kMinPerftDepth) + ".." + std::to_string(kMaxPerftDepth);
  if (args.empty())
    return Parsed<Command>::fail("perft: missing depth (an integer " + depthRange + ")");
  Perft cmd;
  const std::optional<int> depth = readInteger(args.front(), kMinPerftDepth, kMaxPerftDepth);
  if (!depth)
    return Parsed<Command>::fail("perft: depth must be an integer " + depthRange + ", got " +
                                 quoted(args.front()));
  cmd.depth = *depth;
  bool sawUnique = false;
  bool sawHash = false;
  bool sawThreads = false;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view word = args[i];
    bool& seen = word == "unique" ? sawUnique : word == "hash" ? sawHash : sawThreads;
    if (word != "unique" && word != "hash" && word != "threads")
      return Parsed<Command>::fail("perft: unexpected " + quoted(word) +
                                   " (expected 'unique', 'hash <MB>' or 'threads <N>')");
    if (seen) return Parsed<Command>::fail("perft: " + quoted(word) + " given twice");
    seen = true;
    if (word == "unique") {
      cmd.mode = PerftMode::DropDuplicates;
      continue;
    }
    const bool isHash = word == "hash";
    const std::string range = isHash ? "1.." + std::to_string(kMaxPerftHashMb) + " (MB)"
                                     : "1.." + std::to_string(kMaxPerftThreads);
    if (i + 1 == args.size())
      return Parsed<Command>::fail("perft: missing number after " + quoted(word) + " (an integer " +
                                   range + ")");
    const std::string_view number = args[++i];
    if (isHash) {
      const std::optional<std::size_t> megabytes =
          readInteger<std::size_t>(number, 1, kMaxPerftHashMb);
      if (!megabytes)
        return Parsed<Command>::fail("perft: hash must be an integer " + range + ", got " +
                                     quoted(number));
      cmd.hashMegabytes = *megabytes;
    } else {
      const std::optional<int> threads = readInteger(number, 1, kMaxPerftThreads);
      if (!threads)
        return Parsed<Command>::fail("perft: threads must be an integer " + range + ", got " +
                                     quoted(number));
      cmd.threads = *threads;
    }
  }
  return Parsed<Command>::ok(cmd);
}

// The go keywords that take one number, with their range (UCI).
constexpr std::int64_t kMaxMilliseconds = std::int64_t{1} << 40;  // ~35 years: no overflow
constexpr std::int64_t kMaxGoDepth = 1000;

bool isGoKeyword(std::string_view word) {
  for (std::string_view keyword : {"depth", "nodes", "movetime", "wtime", "btime", "winc", "binc",
                                   "movestogo", "infinite", "ponder", "searchmoves"})
    if (word == keyword) return true;
  return false;
}

// "go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS]
//     [movestogo N] [infinite] [ponder] [searchmoves m1 m2 ...]", in any order.
Parsed<Command> parseGo(std::string_view, Words args) {
  Go go;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view keyword = args[i];
    if (keyword == "infinite") {
      go.infinite = true;
      continue;
    }
    if (keyword == "ponder") {
      go.ponder = true;
      continue;
    }
    if (keyword == "searchmoves") {
      while (i + 1 < args.size() && !isGoKeyword(args[i + 1]))
        go.searchMoves.emplace_back(args[++i]);
      if (go.searchMoves.empty()) return Parsed<Command>::fail("go: searchmoves needs moves");
      continue;
    }
    if (!isGoKeyword(keyword)) return Parsed<Command>::fail("go: unknown limit " + quoted(keyword));
    if (i + 1 >= args.size())
      return Parsed<Command>::fail("go: missing value after " + quoted(keyword));
    const std::string_view value = args[++i];
    auto bad = [&](std::string_view expected) {
      return Parsed<Command>::fail("go: " + std::string(keyword) + " must be " +
                                   std::string(expected) + ", got " + quoted(value));
    };
    if (keyword == "depth") {
      go.depth = readInteger<int>(value, 1, kMaxGoDepth);
      if (!go.depth) return bad("an integer 1.." + std::to_string(kMaxGoDepth));
    } else if (keyword == "nodes") {
      go.nodes = readInteger<std::uint64_t>(value, 1, UINT64_MAX);
      if (!go.nodes) return bad("a positive integer");
    } else if (keyword == "movestogo") {
      go.movesToGo = readInteger<int>(value, 1, 10000);
      if (!go.movesToGo) return bad("an integer 1..10000");
    } else {
      // Times: movetime must leave some time to think; a clock may be at 0.
      const std::int64_t min = keyword == "movetime" ? 1 : 0;
      const auto ms = readInteger<std::int64_t>(value, min, kMaxMilliseconds);
      if (!ms)
        return bad(min == 1 ? "a positive number of milliseconds"
                            : "a number of milliseconds >= 0");
      if (keyword == "movetime") go.moveTime = ms;
      if (keyword == "wtime") go.whiteTime = ms;
      if (keyword == "btime") go.blackTime = ms;
      if (keyword == "winc") go.whiteIncrement = *ms;
      if (keyword == "binc") go.blackIncrement = *ms;
    }
  }
  return Parsed<Command>::ok(std::move(go));
}

// "bench [depth]"
Parsed<Command> parseBench(std::string_view, Words args) {
  Bench bench;
  if (args.size() > 1) return Parsed<Command>::fail("bench: unexpected " + quoted(args[1]));
  if (!args.empty()) {
    bench.depth = readInteger<int>(args.front(), kMinBenchDepth, kMaxBenchDepth);
    if (!bench.depth)
      return Parsed<Command>::fail(
          "bench: depth must be an integer " + std::to_string(kMinBenchDepth) + ".." +
          std::to_string(kMaxBenchDepth) + ", got " + quoted(args.front()));
  }
  return Parsed<Command>::ok(bench);
}

// One entry per command word: adding a command is one line here plus its parser.
constexpr std::array<std::pair<std::string_view, CommandParser>, 16> kCommandParsers = {{
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
    {"go", parseGo},
    {"stop", parseBare<Stop>},
    {"ponderhit", parseBare<PonderHit>},
    {"eval", parseBare<Eval>},
    {"bench", parseBench},
    {"book", parseBare<ShowBook>},
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
