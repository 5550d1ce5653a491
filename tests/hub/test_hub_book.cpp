// The opening book through the Hub dialect: the host's book (DAMIERA_BOOK) answers go at once
// with a legal move; the book parameter off, the engine searches.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/hub_session.h"
#include "tests/common/small_book.h"

using namespace damiera;

namespace {

// A session's lines (from any thread), and a wait for its done.
struct Lines {
  std::mutex mutex;
  std::vector<std::string> lines;
  void add(std::string_view line) {
    const std::lock_guard lock(mutex);
    lines.emplace_back(line);
  }
  std::vector<std::string> untilDone() {
    for (int waited = 0; waited < 2000; ++waited) {
      {
        const std::lock_guard lock(mutex);
        if (!lines.empty() && lines.back().rfind("done", 0) == 0) return std::exchange(lines, {});
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    FAIL("no done");
    return {};
  }
};

}  // namespace

TEST_CASE("Hub book: go answers from the book at once, and never with book=false", "[hub][book]") {
  const std::string book = test::writeSmallBook("hub");
  ::setenv("DAMIERA_BOOK", book.c_str(), 1);
  Lines out;
  HubSession session([&](std::string_view line) { out.add(line); });
  ::unsetenv("DAMIERA_BOOK");
  session.handleLine("hub");
  {
    const std::lock_guard lock(out.mutex);
    CHECK(std::find(out.lines.begin(), out.lines.end(), "param name=book value=true type=bool") !=
          out.lines.end());
    out.lines.clear();
  }
  session.handleLine("init");
  session.handleLine("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
  session.handleLine("level depth=60");
  {
    const std::lock_guard lock(out.mutex);
    out.lines.clear();  // init's ready
  }
  session.handleLine("go think");
  CHECK(out.untilDone() == std::vector<std::string>{"done move=23-19"});

  session.handleLine("set-param name=book value=false");
  session.handleLine("level depth=2");
  session.handleLine("go think");
  const std::vector<std::string> lines = out.untilDone();
  REQUIRE(lines.size() >= 2);
  CHECK(lines.front().rfind("info depth=", 0) == 0);
  CHECK(lines.back().rfind("done move=", 0) == 0);
  std::filesystem::remove(book);
}
