// The Hub line syntax (protocol/hub_syntax.h) and the Hub commands (protocol/hub_command.h).
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "core/fen.h"
#include "core/notation.h"
#include "protocol/hub_command.h"
#include "protocol/hub_notation.h"
#include "protocol/hub_syntax.h"

using namespace damiera;
namespace hub = damiera::protocol::hub;

namespace {

hub::Line line(const char* text) {
  const Parsed<hub::Line> parsed = hub::parseLine(text);
  INFO(text << ": " << parsed.error);
  REQUIRE(parsed);
  return *parsed.value;
}

std::string lineError(const char* text) {
  const Parsed<hub::Line> parsed = hub::parseLine(text);
  CHECK_FALSE(parsed);
  return parsed.error;
}

template <class T>
T command(const char* text) {
  const Parsed<hub::Command> parsed = hub::parseCommand(text);
  INFO(text << ": " << parsed.error);
  REQUIRE(parsed);
  REQUIRE(std::holds_alternative<T>(*parsed.value));
  return std::get<T>(*parsed.value);
}

std::string commandError(const char* text) {
  const Parsed<hub::Command> parsed = hub::parseCommand(text);
  INFO(text);
  CHECK_FALSE(parsed);
  return parsed.error;
}

}  // namespace

TEST_CASE("Hub syntax: a command, name=value pairs, quoted values, flags", "[hub][syntax]") {
  const hub::Line l = line("pos pos=Wbbb moves=\"21-17 10-14\"  start level=\"\" x = y\t");
  CHECK(l.command == "pos");
  REQUIRE(l.arguments.size() == 5);
  CHECK(l.arguments[0].name == "pos");
  CHECK(*l.arguments[0].value == "Wbbb");
  CHECK(*l.arguments[1].value == "21-17 10-14");
  CHECK(l.arguments[2].name == "start");
  CHECK_FALSE(l.arguments[2].value);
  CHECK(*l.arguments[3].value == "");
  CHECK(l.arguments[4].name == "x");  // blanks around '=' are allowed
  CHECK(*l.arguments[4].value == "y");
  CHECK(line("  go   think\r").command == "go");
  CHECK(line("info pv=\"a=b c\"").arguments[0].value == "a=b c");
  // A later argument of the same name overrides an earlier one.
  CHECK(*line("level depth=3 depth=5").find("depth")->value == "5");
  CHECK(line("ping").arguments.empty());
}

TEST_CASE("Hub syntax: malformed lines say where", "[hub][syntax]") {
  CHECK_THAT(lineError("pos moves=\"21-17"), Catch::Contains("unterminated quote after moves="));
  CHECK_THAT(lineError("level depth="), Catch::Contains("missing value after depth="));
  CHECK_THAT(lineError("level depth= =3"), Catch::Contains("missing value after depth="));
  CHECK_THAT(lineError("=3"), Catch::Contains("expected a command at column 1, found '='"));
  CHECK_THAT(lineError("set-param \"name\"=x"),
             Catch::Contains("expected an argument name at column 11, found '\"'"));
  CHECK_THAT(lineError("go \x01"), Catch::Contains("a control character"));
  CHECK(hub::isBlankLine(" \t\r"));
  CHECK_FALSE(hub::isBlankLine(" x"));
}

TEST_CASE("Hub syntax: values are quoted when they must be", "[hub][syntax]") {
  CHECK(hub::formatValue("Damiera") == "Damiera");
  CHECK(hub::formatValue("0.1.0") == "0.1.0");
  CHECK(hub::formatValue("the Damiera developers") == "\"the Damiera developers\"");
  CHECK(hub::formatValue("a=b") == "\"a=b\"");
  CHECK(hub::formatValue("") == "\"\"");
  CHECK(hub::formatValue("say \"hi\"") == "\"say 'hi'\"");
  CHECK(hub::pair("pv", "21-17 10-14") == " pv=\"21-17 10-14\"");
  CHECK(hub::errorLine("bad \"x\"\n") == "error message=\"bad 'x'\\x0a\"");
  CHECK(hub::errorLine("oops") == "error message=oops");
}

TEST_CASE("Hub commands: the simple ones", "[hub][command]") {
  command<hub::Hello>("hub");
  command<hub::Init>("init");
  command<hub::NewGame>("new-game");
  command<hub::Ping>("ping");
  command<hub::Quit>("quit");
  command<hub::PonderHit>("ponder-hit");
  command<hub::Stop>("stop");
  command<hub::Init>("init extra=1 flag");  // unknown arguments are ignored
  CHECK(command<hub::Ignored>("frobnicate now=1").command == "frobnicate");
  CHECK(command<hub::Ignored>("HUB").command == "HUB");  // command words are case sensitive
}

TEST_CASE("Hub commands: set-param", "[hub][command]") {
  const hub::SetParam set = command<hub::SetParam>("set-param name=hash value=128");
  CHECK(set.name == "hash");
  CHECK(set.value == "128");
  CHECK(command<hub::SetParam>("set-param value=\"a b\" name=x").value == "a b");
  CHECK_THAT(commandError("set-param value=1"), Catch::Contains("set-param: missing name=..."));
  CHECK_THAT(commandError("set-param name=hash"), Catch::Contains("set-param: missing value=..."));
  CHECK_THAT(commandError("set-param name value=1"),
             Catch::Contains("set-param: name needs a value"));
}

TEST_CASE("Hub commands: pos with moves in Hub notation", "[hub][command]") {
  const hub::Pos start = command<hub::Pos>("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
  CHECK(start.start == Position::start());
  CHECK(start.moves.empty());
  CHECK(command<hub::Pos>("pos start").start == Position::start());

  const hub::Pos played =
      command<hub::Pos>("pos start moves=\"22-19 10-14 19x10x14 5x14x10 21-17\"");
  REQUIRE(played.moves.size() == 5);
  CHECK(formatMove(played.moves[2]) == "19x10");
  CHECK(formatMove(played.moves[3]) == "5x14");

  CHECK_THAT(commandError("pos"), Catch::Contains("pos: missing pos=<W|B><32 squares> (or start)"));
  CHECK_THAT(commandError("pos pos"), Catch::Contains("pos: pos needs a value"));
  CHECK_THAT(commandError("pos pos=W"), Catch::Contains("pos: bad position 'W'"));
  CHECK_THAT(commandError("pos start moves"), Catch::Contains("pos: moves needs a value"));
  CHECK_THAT(commandError("pos start moves=\"22-19 10-14 19-15\""),
             Catch::Contains("pos: illegal move 3 '19-15': 19-15 is not legal: white must "
                             "capture (R6); legal captures: 19x10x14"));
}

TEST_CASE("Hub commands: a refused move's code as fields after the message", "[hub][command]") {
  const auto inFen = [](const char* fen, const char* moves) {
    return "pos pos=" + hub::formatPosition(*parseFen(fen).value) + " moves=\"" + moves + "\"";
  };
  // Each move in Hub notation (the captured squares), each parameter a field of its own.
  const std::pair<std::string, std::string> cases[] = {
      {"pos start moves=\"22-19 10-14 19-15\"",
       " refusal=must-capture side=white captures=19x10x14"},
      {"pos start moves=\"9-13\"", " refusal=opponent-piece square=9 side=white"},
      {"pos start moves=\"17-13\"", " refusal=empty-square square=17 side=white"},
      {"pos start moves=\"22x13x18\"", " refusal=no-capture side=white"},
      {"pos start moves=\"21-16\"", " refusal=no-such-move square=21 moves=21-17,21-18"},
      {"pos start moves=\"29-25\"", " refusal=cannot-move square=29"},
      {"pos start moves=\"22x13\"", " refusal=malformed"},
      {inFen("W:W22,K28:B18,23", "22x13x18"),
       " refusal=precedence-king best=28x19x23 captures=28x19x23"},
      {inFen("W:W22,28:B10,18,23", "28x19x23"),
       " refusal=precedence-pieces pieces=1 best=22x6x10x18 best-pieces=2 captures=22x6x10x18"},
  };
  for (const auto& [line, fields] : cases) {
    const Parsed<hub::Command> command = hub::parseCommand(line);
    INFO(line);
    REQUIRE_FALSE(command);
    REQUIRE(command.refusal);
    CHECK(hub::refusalErrorLine(command.error, command.refusal) ==
          hub::errorLine(command.error) + fields);
  }
}

TEST_CASE("Hub commands: level, each limit and its range", "[hub][command]") {
  const hub::Level level =
      command<hub::Level>("level depth=12 nodes=5000 move-time=1.5 moves=40 time=291.587 inc=2");
  CHECK(level.depth == 12);
  CHECK(level.nodes == 5000u);
  CHECK(level.moveTime == Approx(1.5));
  CHECK(level.moves == 40);
  CHECK(level.time == Approx(291.587));
  CHECK(level.increment == Approx(2.0));
  CHECK_FALSE(level.infinite);
  CHECK(command<hub::Level>("level infinite").infinite);
  CHECK(command<hub::Level>("level time=.5").time == Approx(0.5));
  CHECK_FALSE(command<hub::Level>("level colour=blue").depth);  // unknown: ignored

  CHECK_THAT(commandError("level depth=abc"),
             Catch::Contains("level: depth must be an integer 1..1000, got 'abc'"));
  CHECK_THAT(commandError("level depth=0"), Catch::Contains("level: depth must be"));
  CHECK_THAT(commandError("level nodes=-5"), Catch::Contains("level: nodes must be"));
  CHECK_THAT(commandError("level move-time=0"),
             Catch::Contains("level: move-time must be a positive number of seconds"));
  CHECK_THAT(commandError("level time=-1"), Catch::Contains("level: time must be"));
  CHECK_THAT(commandError("level time=1e3"), Catch::Contains("level: time must be"));
  CHECK_THAT(commandError("level time=inf"), Catch::Contains("level: time must be"));
  CHECK_THAT(commandError("level inc"), Catch::Contains("level: inc needs a value"));
  CHECK_THAT(commandError("level moves=1.5"), Catch::Contains("level: moves must be"));

  hub::Level merged = command<hub::Level>("level depth=3 time=10");
  merged.merge(command<hub::Level>("level depth=5 inc=1"));
  CHECK(merged.depth == 5);
  CHECK(merged.time == Approx(10.0));
  CHECK(merged.increment == Approx(1.0));
}

TEST_CASE("Hub commands: go think, ponder, analyze", "[hub][command]") {
  CHECK(command<hub::Go>("go think").mode == hub::GoMode::Think);
  CHECK(command<hub::Go>("go").mode == hub::GoMode::Think);
  CHECK(command<hub::Go>("go ponder").mode == hub::GoMode::Ponder);
  CHECK(command<hub::Go>("go analyze").mode == hub::GoMode::Analyze);
  CHECK_THAT(commandError("go ponder analyze"),
             Catch::Contains("go: choose one of think, ponder or analyze"));
  CHECK_THAT(commandError("go think=\"x"), Catch::Contains("unterminated quote"));
}
