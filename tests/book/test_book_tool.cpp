// damiera-book (docs/book.md): a small book built, resumed, sharded, merged, read and checked.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "book/book.h"
#include "core/fen.h"
#include "core/notation.h"
#include "openings/balanced.h"
#include "tools/book/roots.h"

using namespace damiera;
namespace fs = std::filesystem;

namespace {

struct Run {
  int status = 0;
  std::string out;
};

Run bookTool(const std::string& arguments) {
  const std::string command = std::string(DAMIERA_BOOK_TOOL) + " " + arguments + " 2>&1";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  Run run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    run.out.append(buffer, n);
  run.status = WEXITSTATUS(::pclose(pipe));
  return run;
}

std::string folder() {
  static const fs::path dir =
      fs::temp_directory_path() / ("damiera-book-tool-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir.string();
}

}  // namespace

TEST_CASE("book openings: the builder's roots are tools/openings/3ply.txt, in its order",
          "[book]") {
  // One list: the file the match runner reads (through the openings library) and the walk the
  // book's builder starts from.
  const Parsed<std::vector<openings::Opening>> file =
      openings::loadOpenings(std::string(DAMIERA_SOURCE_DIR) + "/tools/openings/3ply.txt");
  REQUIRE(file);
  const std::vector<openings::Opening> roots = bookbuild::bookRoots();
  REQUIRE(roots.size() == file.value->size());
  for (std::size_t i = 0; i < roots.size(); ++i) {
    CHECK(openings::movesText(roots[i]) == openings::movesText((*file.value)[i]));
    CHECK(formatFen(openings::openingPosition(roots[i])) ==
          formatFen(openings::openingPosition((*file.value)[i])));
  }
}

TEST_CASE("book tool: a small book built, verified, shown, every opening in it", "[book]") {
  const std::string book = folder() + "/small.book";
  const Run built = bookTool("build --out " + book + " --positions 615 --depth 3 --quiet");
  INFO(built.out);
  REQUIRE(built.status == 0);
  CHECK(built.out.find("book " + book + ": ") == 0);
  const Run verified = bookTool("verify " + book);
  INFO(verified.out);
  CHECK(verified.status == 0);
  CHECK(verified.out.find("checksum ok") != std::string::npos);
  const Run stats = bookTool("stats " + book);
  CHECK(stats.out.find("openings: 205 of 205 in the book") != std::string::npos);
  const Run shown = bookTool("show " + book + " 23-19");
  CHECK(shown.status == 0);
  CHECK(shown.out.find("position B:") == 0);
  CHECK(shown.out.find("\nbook ") != std::string::npos);

  // Resumed with a larger budget, it grows; what was saved is kept.
  const std::uint32_t before = book::Book(book).entries();
  REQUIRE(bookTool("build --out " + book + " --positions 820 --depth 3 --quiet").status == 0);
  CHECK(book::Book(book).entries() > before);
  CHECK(bookTool("verify " + book).status == 0);
}

TEST_CASE("book tool: two shards merged make one book with every opening", "[book]") {
  const std::string dir = folder();
  for (const char* shard : {"1/2", "2/2"}) {
    const std::string name = std::string("shard") + shard[0] + ".book";
    const Run run = bookTool("build --out " + dir + "/" + name + " --positions 410 --depth 2 " +
                             "--threads 2 --quiet --shard " + shard);
    INFO(run.out);
    REQUIRE(run.status == 0);
  }
  const Run merged = bookTool("merge --out " + dir + "/merged.book " + dir + "/shard1.book " + dir +
                              "/shard2.book");
  INFO(merged.out);
  REQUIRE(merged.status == 0);
  CHECK(bookTool("verify " + dir + "/merged.book").status == 0);
  CHECK(bookTool("stats " + dir + "/merged.book").out.find("205 of 205") != std::string::npos);
  const Run shard = bookTool("stats " + dir + "/shard1.book");
  CHECK(shard.out.find("103 of 205") != std::string::npos);
}

TEST_CASE("book tool: a damaged book is refused with one error line", "[book]") {
  const std::string book = folder() + "/damaged.book";
  REQUIRE(bookTool("build --out " + book + " --positions 205 --depth 1 --quiet").status == 0);
  fs::resize_file(book, fs::file_size(book) - 1);
  const Run verified = bookTool("verify " + book);
  CHECK(verified.status == 1);
  CHECK(verified.out.rfind("error book " + book + ": size", 0) == 0);
  CHECK(std::count(verified.out.begin(), verified.out.end(), '\n') == 1);
}
