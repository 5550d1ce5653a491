// Refusal codes (core/refusal.h): every code, with its parameters, from the native notation,
// and the list protocol/refusals.json that other languages read, equal to the C++ one.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "core/notation.h"
#include "core/refusal.h"
#include "tests/common/file_text.h"

using namespace damiera;

namespace {

Position fen(std::string_view text) {
  const Parsed<Position> result = parseFen(text);
  REQUIRE(result);
  return *result.value;
}

struct Case {
  const char* fen;   // empty: the start position
  const char* move;  // as typed
  const char* suffix;
};

// protocol/refusals.json as it must read: one code a line, its parameters in order.
std::string codesJson() {
  std::string out =
      "{\n  \"about\": \"Damiera's refusal codes and their parameters, in order (PROTOCOL.md, "
      "Refusal codes). Equal to src/core/refusal.cpp: tests/core/test_refusal.cpp checks it.\",\n"
      "  \"codes\": [\n";
  const auto& codes = refusalCodes();
  for (std::size_t i = 0; i < codes.size(); ++i) {
    out += "    {\"code\": \"" + std::string(codes[i].code) + "\", \"params\": [";
    for (std::size_t k = 0; k < codes[i].params.size(); ++k)
      out += std::string(k > 0 ? ", " : "") + "{\"name\": \"" +
             std::string(codes[i].params[k].name) + "\", \"type\": \"" +
             std::string(refusalParamTypeName(codes[i].params[k].type)) + "\"}";
    out += std::string("]}") + (i + 1 < codes.size() ? "," : "") + "\n";
  }
  return out + "  ]\n}\n";
}

}  // namespace

TEST_CASE("Refusal codes: each refused move says its code and parameters", "[notation]") {
  const Case cases[] = {
      {"", "abc", " [refusal malformed]"},
      {"", "33-29", " [refusal malformed]"},
      {"", "17-13", " [refusal empty-square square=17 side=white]"},
      {"", "9-13", " [refusal opponent-piece square=9 side=white]"},
      {"W:W5:B1,2", "5-1", " [refusal no-legal-move side=white]"},
      {"W:W22:B18", "22-13", " [refusal is-capture moves=22x13]"},
      {"", "21x17", " [refusal is-quiet move=21-17]"},
      {"W:W22:B18", "22-17", " [refusal must-capture side=white captures=22x13]"},
      {"", "22x13", " [refusal no-capture side=white]"},
      {"W:W22,28:B10,18,23", "28x19",
       " [refusal precedence-pieces pieces=1 best=22x13x6 best-pieces=2 captures=22x13x6]"},
      {"W:W22,K28:B18,23", "22x13", " [refusal precedence-king best=28x19 captures=28x19]"},
      {"W:WK22,K28:B18,K23", "22x13",
       " [refusal precedence-kings kings=0 best=28x19 best-kings=1 captures=28x19]"},
      {"W:WK22,K28:B18,K10,K23,15", "22x13x6",
       " [refusal precedence-order jumps=2 best=28x19x12 best-jumps=1 captures=28x19x12]"},
      {"W:W22:B18,10", "22x13", " [refusal incomplete move=22x13x6]"},
      {"", "21-16", " [refusal no-such-move square=21 moves=21-17,21-18]"},
      {"", "29-25", " [refusal cannot-move square=29]"},
      {"W:W22,31:B18", "31x24", " [refusal cannot-capture square=31 captures=22x13]"},
      {"W:W22:B18,10,19,11", "22x6", " [refusal ambiguous moves=22x13x6,22x15x6]"},
  };
  std::vector<std::string> seen;
  for (const Case& c : cases) {
    INFO(c.fen << "  move: " << c.move);
    const Position pos = *c.fen ? fen(c.fen) : Position::start();
    const Parsed<PathMove> result = parseMove(pos, c.move);
    REQUIRE_FALSE(result);
    REQUIRE(result.refusal);
    CHECK(refusalSuffix(*result.refusal) == c.suffix);
    seen.push_back(result.refusal->code);
  }
  // Every code but game-over (a game's, not a move's: tests/engine/test_front_end_kit.cpp).
  for (const RefusalCode& code : refusalCodes()) {
    INFO(code.code);
    CHECK(
        (code.code == "game-over" || std::find(seen.begin(), seen.end(), code.code) != seen.end()));
  }
  // A legal move has no refusal, a refusal no blank inside a value.
  CHECK_FALSE(parseMove(Position::start(), "21-17").refusal);
}

TEST_CASE("Refusal codes: protocol/refusals.json lists the C++ codes", "[notation]") {
  const std::string path = std::string(DAMIERA_SOURCE_DIR) + "/protocol/refusals.json";
  REQUIRE(std::ifstream(path));
  const std::string expected = codesJson();
  if (damiera::test::fileText(path) != expected) {
    std::ofstream("refusals.json") << expected;
    FAIL(
        "protocol/refusals.json differs from src/core/refusal.cpp; the list it must be is in "
        "refusals.json in the test's folder (copy it over once the code is right)");
  }
}
