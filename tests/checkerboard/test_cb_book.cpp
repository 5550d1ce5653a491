// The opening book through the CheckerBoard engine: the default book (the DLL's beside it),
// set book 0..3 and set bookfile mapped onto OwnBook, BookVariety and BookFile; a book move is
// legal, played at once and named in the status text.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/checkerboard/cb_front_end_calls.h"
#include "tests/common/small_book.h"

using namespace damiera;
using namespace damiera::cb;
using namespace damiera::cb::test;

TEST_CASE("CheckerBoard book: getmove plays the book move, set book 0 searches",
          "[checkerboard][book]") {
  const std::string book = damiera::test::writeSmallBook("cb");
  cb::FrontEnd engine(std::nullopt, book);
  CHECK(ask(engine, "get book").reply == "3");
  CHECK(ask(engine, "get bookfile").reply == book);
  const Call call = getMove(engine, kStart, 600.0);
  CHECK(boardAfter(call, kStart) ==
        "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
  CHECK(std::string(call.status) == "book move 23-19  score +0.20  weight 5");
  CHECK(call.move.from.x != call.move.to.x);

  CHECK(ask(engine, "set book 0").result == 1);
  ask(engine, "set depth 2");
  const Call searched = getMove(engine, kStart, 600.0);
  CHECK(std::string(searched.status).rfind("depth ", 0) == 0);

  // "set bookfile": a damaged file is refused and the book stays; nothing: no book.
  const std::string damaged = book + ".damaged";
  std::filesystem::copy_file(book, damaged, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(damaged, 20);
  const Answer refused = ask(engine, ("set bookfile " + damaged).c_str());
  CHECK(refused.result == 0);
  CHECK(refused.reply.rfind("error: bookfile book " + damaged + ": too short", 0) == 0);
  CHECK(ask(engine, "get bookfile").reply == book);
  CHECK(ask(engine, "set bookfile").result == 1);
  CHECK(ask(engine, "get bookfile").reply == "");
  std::filesystem::remove(book);
  std::filesystem::remove(damaged);
}
