// The opening book in play through the native Session (docs/book.md, PROTOCOL.md "book"):
// go answers from it at once, the book command lists it, OwnBook false never plays from it,
// and a damaged file is refused with one error while play goes on.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engine/session.h"
#include "tests/common/session_probe.h"
#include "tests/common/small_book.h"

using damiera::Session;
namespace fs = std::filesystem;

namespace {

using Lines = std::vector<std::string>;

using Probe = damiera::test::SessionProbe;

bool isSearchAnswer(const Lines& replies) {
  return replies.size() >= 2 && replies.front().rfind("info depth ", 0) == 0 &&
         replies.back().rfind("bestmove ", 0) == 0;
}

}  // namespace

TEST_CASE("book in play: go answers at once with the book's best move, said in info string",
          "[book][session]") {
  const std::string book = damiera::test::writeSmallBook("play");
  Probe probe;
  CHECK(probe.say("setoption name BookFile value " + book).empty());
  // A depth no search would finish in a test: the answer is the book's.
  CHECK(probe.say("go depth 60") ==
        Lines{"info string book move 23-19 score cp 20 weight 5", "bestmove 23-19"});
  CHECK(probe.say("go wtime 1000 btime 1000") ==
        Lines{"info string book move 23-19 score cp 20 weight 5", "bestmove 23-19"});
  probe.say("position startpos moves 23-19");
  CHECK(probe.say("go movetime 50000") ==
        Lines{"info string book move 10-14 score cp 0 weight 3", "bestmove 10-14"});
  // searchmoves: the book's moves among them.
  probe.say("position startpos");
  CHECK(probe.say("go depth 60 searchmoves 22-18").back() == "bestmove 22-18");
  // Out of the book, and for analysis (infinite, MultiPV), the engine searches.
  probe.say("position startpos moves 22-18");
  CHECK(isSearchAnswer(probe.say("go depth 2")));
  probe.say("position startpos");
  probe.say("setoption name MultiPV value 2");
  CHECK(isSearchAnswer(probe.say("go depth 2")));
  fs::remove(book);
}

TEST_CASE("book in play: the book command lists the legal book moves, best first",
          "[book][session]") {
  Probe probe;
  const Lines none = probe.say("book");
  REQUIRE(none.size() == 1);
  CHECK(none[0].rfind("error book: no opening book open", 0) == 0);
  const std::string book = damiera::test::writeSmallBook("list");
  probe.say("setoption name BookFile value " + book);
  // The stored 1-32 is not legal: never shown, never played.
  CHECK(probe.say("book") == Lines{"book move 23-19 score cp 20 weight 5",
                                   "book move 22-18 score cp 10 weight 50", "book end"});
  probe.say("position startpos moves 21-17");
  CHECK(probe.say("book") == Lines{"book end"});
  fs::remove(book);
}

TEST_CASE("book in play: OwnBook false, or past BookDepth, never plays from it",
          "[book][session]") {
  const std::string book = damiera::test::writeSmallBook("off");
  Probe probe;
  probe.say("setoption name BookFile value " + book);
  CHECK(probe.say("setoption name OwnBook value false").empty());
  for (int i = 0; i < 3; ++i) {
    const Lines replies = probe.say("go depth 2");
    CHECK(isSearchAnswer(replies));
    for (const std::string& line : replies) CHECK(line.find("book") == std::string::npos);
  }
  probe.say("setoption name OwnBook value true");
  probe.say("setoption name BookDepth value 1");
  CHECK(probe.say("go depth 60").back() == "bestmove 23-19");  // ply 0 < 1
  probe.say("position startpos moves 23-19");
  CHECK(isSearchAnswer(probe.say("go depth 2")));  // ply 1: past the book's depth
  fs::remove(book);
}

TEST_CASE("book in play: BookVariety chooses among the moves within its margin by weight",
          "[book][session]") {
  const std::string book = damiera::test::writeSmallBook("variety");
  Probe probe;
  probe.say("setoption name BookFile value " + book);
  probe.say("setoption name BookVariety value 10");
  std::set<std::string> played;
  for (int i = 0; i < 100; ++i) played.insert(probe.say("go depth 60").back());
  CHECK(played == std::set<std::string>{"bestmove 22-18", "bestmove 23-19"});
  probe.say("setoption name BookVariety value 9");
  for (int i = 0; i < 20; ++i) CHECK(probe.say("go depth 60").back() == "bestmove 23-19");
  fs::remove(book);
}

TEST_CASE("book in play: a damaged or truncated book is refused with one error, play goes on",
          "[book][session]") {
  const std::string book = damiera::test::writeSmallBook("damaged");
  const std::string truncated = book + ".truncated";
  fs::copy_file(book, truncated, fs::copy_options::overwrite_existing);
  fs::resize_file(truncated, fs::file_size(book) - 4);
  Probe probe;
  const Lines refused = probe.say("setoption name BookFile value " + truncated);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0] == "error book " + truncated + ": size " +
                          std::to_string(fs::file_size(truncated)) + " bytes, the header says " +
                          std::to_string(fs::file_size(book)) + " (truncated or damaged)");
  CHECK(isSearchAnswer(probe.say("go depth 2")));  // no book: it searches
  // A good book, then a damaged one: refused, and the good one stays in use.
  probe.say("setoption name BookFile value " + book);
  CHECK(probe.say("setoption name BookFile value " + truncated).size() == 1);
  CHECK(probe.say("go depth 60").back() == "bestmove 23-19");
  fs::remove(book);
  fs::remove(truncated);
}

TEST_CASE("book in play: the host's book (DAMIERA_BOOK) is the default, a bad one only noticed",
          "[book][session]") {
  const std::string book = damiera::test::writeSmallBook("host");
  ::setenv("DAMIERA_BOOK", book.c_str(), 1);
  {
    Probe probe;
    const Lines uci = probe.say("uci");
    CHECK(std::find(uci.begin(), uci.end(), "option name BookFile type string default " + book) !=
          uci.end());
    CHECK(probe.say("go depth 60").back() == "bestmove 23-19");
  }
  ::setenv("DAMIERA_BOOK", "/nonexistent/damiera.book", 1);
  {
    Lines notices;
    Session session([&](std::string_view line) { notices.emplace_back(line); });
    REQUIRE(notices.size() == 1);
    CHECK(notices[0].rfind("info string book /nonexistent/damiera.book: cannot open it", 0) == 0);
  }
  ::unsetenv("DAMIERA_BOOK");
  fs::remove(book);
}
