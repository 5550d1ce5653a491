// The files: damaged ones refused with an error naming them, and the batch-scheduler recipe
// (one process per plan step) giving the same files as a one-shot build.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/fen.h"
#include "egdb/database.h"
#include "egdb/storage.h"
#include "egdb_fixture.h"
#include "tests/common/file_text.h"
#include "tests/common/tool_run.h"

using namespace damiera;
using namespace damiera::egdb;
namespace fs = std::filesystem;

namespace {

// A fresh folder removed when the test ends.
struct TempDir {
  explicit TempDir(const std::string& name)
      : path(fs::temp_directory_path() / ("damiera-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path path;
};

void copyDatabase(const fs::path& to) {
  for (const auto& e : fs::directory_iterator(egdb::test::smallDatabase()))
    if (e.path().extension() == ".egdb") fs::copy_file(e.path(), to / e.path().filename());
}

using Run = damiera::tool_test::ToolRun;

Run run(const std::string& arguments) {
  return damiera::tool_test::runTool(DAMIERA_EGDB_TOOL, arguments);
}

Position fen(const char* text) { return *parseFen(text).value; }

}  // namespace

TEST_CASE("egdb files: a truncated slice is refused, naming it, and the rest still works",
          "[egdb]") {
  TempDir dir("egdb-truncated");
  copyDatabase(dir.path);
  const fs::path victim = dir.path / "02-01.egdb";
  fs::resize_file(victim, fs::file_size(victim) - 10);

  CHECK_THROWS_WITH(SliceFile(victim.string(), Material{0, 2, 0, 1}),
                    Catch::Contains(victim.string()) && Catch::Contains("truncated"));
  Database db(dir.path.string(), 4, 1 << 20);
  REQUIRE(db.errors().size() == 1);
  CHECK_THAT(db.errors()[0], Catch::Contains("02-01.egdb") && Catch::Contains("truncated"));
  CHECK(db.pieces() == 2);                      // 3 pieces are no longer complete
  CHECK(db.probe(fen("W:WK18:BK14")));          // 2 pieces still answer
  CHECK_FALSE(db.probe(fen("W:WK1,K2:BK32")));  // the damaged slice does not
  CHECK(db.probe(fen("W:WK1,K2,K3:BK32")));     // other slices do

  const Run verify = run("verify --dir " + dir.path.string() + " --pieces 4");
  CHECK(verify.status == 1);
  CHECK_THAT(verify.output, Catch::Contains("error: egdb file " + victim.string() + ": truncated"));
}

TEST_CASE("egdb files: a damaged block is refused when read, naming the file", "[egdb]") {
  TempDir dir("egdb-flipped");
  copyDatabase(dir.path);
  const fs::path victim = dir.path / "02-02.egdb";
  std::string bytes = damiera::test::fileText(victim);
  for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 16; ++i) bytes[i] ^= 0x5A;
  std::ofstream(victim, std::ios::binary | std::ios::trunc) << bytes;

  Database db(dir.path.string(), 4, 1 << 20);
  CHECK(db.errors().empty());  // the header and index are intact
  int unanswered = 0;
  // Probe positions all over the slice until one falls in the damaged block.
  for (int a = 1; a <= 32 && unanswered == 0; ++a)
    for (int b = 1; b <= 32; ++b) {
      if (a == b || a == 1 || b == 1 || a == 32 || b == 32) continue;
      Position pos;
      pos.put(squareFromNumber(1), Color::White, true);
      pos.put(squareFromNumber(a), Color::White, true);
      pos.put(squareFromNumber(b), Color::Black, true);
      pos.put(squareFromNumber(32), Color::Black, true);
      if (!db.probe(pos)) ++unanswered;
    }
  CHECK(unanswered > 0);
  REQUIRE(db.errors().size() == 1);
  CHECK_THAT(db.errors()[0], Catch::Contains("02-02.egdb") && Catch::Contains("corrupt"));

  const Run verify = run("verify --dir " + dir.path.string() + " --pieces 4");
  CHECK(verify.status == 1);
  CHECK_THAT(verify.output, Catch::Contains("02-02.egdb") && Catch::Contains("corrupt"));
}

TEST_CASE("egdb files: verify passes on the built database", "[egdb][heavy]") {
  const Run verify = run("verify --dir " + egdb::test::smallDatabase() + " --threads 2");
  CHECK(verify.status == 0);
  CHECK_THAT(verify.output,
             Catch::Contains("verify ok: 6408836 positions up to 4 pieces, 0 wrong"));
}

TEST_CASE("egdb files: one process per plan step gives the one-shot build's files",
          "[egdb][heavy]") {
  TempDir dir("egdb-plan");
  const Run plan = run("plan --pieces 4");
  REQUIRE(plan.status == 0);
  std::istringstream lines(plan.output);
  int steps = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    int step, wave;
    std::string slices;
    words >> step >> wave >> slices;
    const std::string name = slices.substr(0, 5);  // "21-10+10-21": either member builds both
    const Run build = run("build --dir " + dir.path.string() + " --slice " + name);
    INFO(build.output);
    REQUIRE(build.status == 0);
    ++steps;
  }
  CHECK(steps == 23);
  // Out of order: a step whose dependencies are missing is refused, naming what is missing.
  TempDir empty("egdb-plan-empty");
  const Run early = run("build --dir " + empty.path.string() + " --slice 11-11");
  CHECK(early.status == 1);
  CHECK_THAT(early.output, Catch::Contains("needs slice") && Catch::Contains("not built"));

  int files = 0;
  for (const auto& e : fs::directory_iterator(egdb::test::smallDatabase())) {
    if (e.path().extension() != ".egdb") continue;
    ++files;
    INFO(e.path().filename().string());
    CHECK(damiera::test::fileText(e.path()) ==
          damiera::test::fileText(dir.path / e.path().filename()));
  }
  CHECK(files == static_cast<int>(slicesUpTo(4).size()));
  for (const auto& e : fs::directory_iterator(dir.path))
    CHECK(e.path().extension() == ".egdb");  // no temporary left behind
}

TEST_CASE("egdb files: --help is what docs/egdb.md shows", "[egdb]") {
  const std::string doc =
      damiera::test::fileText(fs::path(DAMIERA_SOURCE_DIR) / "docs" / "egdb.md");
  const std::size_t begin = doc.find("```\nUsage: damiera-egdb");
  REQUIRE(begin != std::string::npos);
  const std::size_t end = doc.find("```", begin + 3);
  const Run help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.output == doc.substr(begin + 4, end - begin - 4));
}
