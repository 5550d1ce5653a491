// The native grammar: what each line parses into, and what it is rejected for.
#include <catch2/catch.hpp>
#include <string>

#include "protocol/parse.h"
#include "protocol/reply.h"
#include "protocol/tokens.h"

using namespace damiera::protocol;

namespace {

template <class C>
C parsedAs(std::string_view line) {
  const auto parsed = parseCommand(line);
  INFO(line << " -> " << parsed.error);
  REQUIRE(parsed);
  REQUIRE(std::holds_alternative<C>(*parsed.value));
  return std::get<C>(*parsed.value);
}

std::string errorOf(std::string_view line) {
  const auto parsed = parseCommand(line);
  REQUIRE_FALSE(parsed);
  return parsed.error;
}

}  // namespace

TEST_CASE("words are split on spaces, tabs and carriage returns", "[protocol]") {
  CHECK(splitWords("  uci\t\r") == std::vector<std::string_view>{"uci"});
  CHECK(isBlankLine(" \t\r"));
  CHECK_FALSE(isBlankLine(" x "));
  parsedAs<Uci>("uci\r");
  parsedAs<IsReady>("  isready  ");
}

TEST_CASE("position: the FEN is everything between 'fen' and 'moves'", "[protocol]") {
  const SetPosition start = parsedAs<SetPosition>("position startpos moves 21-17  9-13");
  CHECK_FALSE(start.fen);
  CHECK(start.moves == std::vector<std::string>{"21-17", "9-13"});

  const SetPosition fen = parsedAs<SetPosition>("position fen W:W21, 22:B1 moves 21-17");
  CHECK(fen.fen == "W:W21, 22:B1");
  CHECK(fen.moves == std::vector<std::string>{"21-17"});

  CHECK(parsedAs<SetPosition>("position startpos moves").moves.empty());
  CHECK(errorOf("position fen moves 21-17") == "position: missing FEN after 'fen'");
  CHECK(errorOf("position start") == "position: expected 'startpos' or 'fen <FEN>', got 'start'");
}

TEST_CASE("setoption: names and values may contain spaces", "[protocol]") {
  const SetOption option = parsedAs<SetOption>("setoption name Move Overhead value 10 ms");
  CHECK(option.name == "Move Overhead");
  CHECK(option.value == "10 ms");
  CHECK_FALSE(parsedAs<SetOption>("setoption name Clear Hash").value);
  CHECK(errorOf("setoption name X value") == "setoption: missing value after 'value'");
}

TEST_CASE("perft: depth 1..20, optionally unique", "[protocol]") {
  CHECK(parsedAs<Perft>("perft 20").depth == 20);
  CHECK(parsedAs<Perft>("perft 3 unique").mode == damiera::PerftMode::DropDuplicates);
  CHECK(parsedAs<Perft>("perft 3").mode == damiera::PerftMode::KeepDuplicates);
  CHECK(errorOf("perft 99999999999999999999") ==
        "perft: depth must be an integer 1..20, got '99999999999999999999'");
  CHECK(errorOf("perft +3") == "perft: depth must be an integer 1..20, got '+3'");
}

TEST_CASE("perft: hash <MB> and threads <N> in any order after the depth", "[protocol]") {
  const Perft plain = parsedAs<Perft>("perft 5");
  CHECK(plain.hashMegabytes == 0);
  CHECK(plain.threads == 1);
  const Perft both = parsedAs<Perft>("perft 13 threads 2 unique hash 512");
  CHECK(both.depth == 13);
  CHECK(both.mode == damiera::PerftMode::DropDuplicates);
  CHECK(both.hashMegabytes == 512);
  CHECK(both.threads == 2);
  CHECK(parsedAs<Perft>("perft 4 hash 65536").hashMegabytes == 65536);
  CHECK(parsedAs<Perft>("perft 4 threads 256").threads == 256);
  CHECK(errorOf("perft 4 hash") == "perft: missing number after 'hash' (an integer 1..65536 (MB))");
  CHECK(errorOf("perft 4 hash 0") == "perft: hash must be an integer 1..65536 (MB), got '0'");
  CHECK(errorOf("perft 4 hash -1") == "perft: hash must be an integer 1..65536 (MB), got '-1'");
  CHECK(errorOf("perft 4 threads 257") == "perft: threads must be an integer 1..256, got '257'");
  CHECK(errorOf("perft 4 threads") == "perft: missing number after 'threads' (an integer 1..256)");
  CHECK(errorOf("perft 4 threads 2 threads 3") == "perft: 'threads' given twice");
  CHECK(errorOf("perft 4 unique unique") == "perft: 'unique' given twice");
  CHECK(errorOf("perft 4 fast") ==
        "perft: unexpected 'fast' (expected 'unique', 'hash <MB>' or 'threads <N>')");
}

TEST_CASE("errors quote user words short and printable", "[protocol]") {
  CHECK(quoted("abc") == "'abc'");
  CHECK(quoted(std::string(50, 'a')) == "'" + std::string(40, 'a') + "...'");
  CHECK(quoted("a\tb") == "'a\\x09b'");
  CHECK(errorOf("frobnicate now") == "unknown command 'frobnicate'");
}
