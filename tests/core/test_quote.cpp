// core/quote.h: the one way input is shown in messages (issue 10: replies never echo raw bytes).
#include <catch2/catch.hpp>
#include <string>

#include "core/fen.h"
#include "core/notation.h"
#include "core/quote.h"

using namespace damiera;

namespace {

bool allPrintable(const std::string& text) {
  for (char c : text)
    if (!isPrintableAscii(c)) return false;
  return true;
}

}  // namespace

TEST_CASE("Quoted input: printable ASCII kept, every other byte escaped", "[quote]") {
  CHECK(quoteInput("22x13") == "'22x13'");
  CHECK(quoteInput(std::string("a\0b", 3)) == "'a\\x00b'");
  CHECK(quoteInput("\xff\xfe") == "'\\xff\\xfe'");
  CHECK(quoteInput("\t\r\n\x7f") == "'\\x09\\x0d\\x0a\\x7f'");
  CHECK(quoteInput("a\\b") == "'a\\\\b'");  // a backslash doubled: an escape always means a byte
  CHECK(quoteInput("") == "''");
}

TEST_CASE("Quoted input: cut to a fixed length, never inside an escape", "[quote]") {
  CHECK(showInput(std::string(40, 'a')) == std::string(40, 'a'));
  CHECK(showInput(std::string(5000, 'a')) == std::string(40, 'a') + "...");
  CHECK(showInput(std::string(38, 'a') + "\xff") == std::string(38, 'a') + "...");
  CHECK(showInput(std::string(36, 'a') + "\xff") == std::string(36, 'a') + "\\xff");
  CHECK(showInput(std::string(5000, '\0')).size() == 40 + 3);
}

TEST_CASE("Printable text: only the unprintable bytes of a whole line escaped", "[quote]") {
  CHECK(printableText("error 'a\\x00'") == "error 'a\\x00'");  // already quoted: left alone
  CHECK(printableText(std::string("x\0y", 3)) == "x\\x00y");
  CHECK(printableText(std::string(5000, 'z')).size() == 5000);
}

TEST_CASE("Rules errors quote the input short and printable", "[quote][fen][notation]") {
  const Parsed<Position> fen =
      parseFen(std::string("W:W2\0"
                           "1:B1",
                           9));
  REQUIRE_FALSE(fen);
  CHECK(fen.error == "invalid fen: unexpected '\\x001' in white item '2\\x001'");
  const Parsed<Position> longFen = parseFen("W:W" + std::string(5000, '2') + ":B1");
  REQUIRE_FALSE(longFen);
  CHECK(longFen.error.size() < 200);
  CHECK(allPrintable(longFen.error));
  const Parsed<PathMove> move = parseMove(Position::start(), "22-18\xff\xfe");
  REQUIRE_FALSE(move);
  CHECK(move.error ==
        "malformed move '22-18\\xff\\xfe': unexpected '\\xff'; expected squares "
        "1..32 joined by '-' or 'x', e.g. 21-17 or 22x13x6");
  std::string longPath = "22x";
  for (int i = 0; i < 2500; ++i) longPath += "13x";
  longPath += "6";
  const Parsed<PathMove> longMove = parseMove(Position::start(), longPath);
  REQUIRE_FALSE(longMove);
  CHECK(longMove.error.size() < 200);
  CHECK(allPrintable(longMove.error));
}
