// The CheckerBoard engine's settings from one session to the next
// (src/checkerboard/settings_file.h): CheckerBoard keeps none, so the engine does.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "checkerboard/settings_file.h"
#include "tests/checkerboard/cb_front_end_calls.h"
#include "tests/common/file_text.h"
#include "tests/egdb/egdb_fixture.h"

using namespace damiera;
using namespace damiera::cb;
using namespace damiera::cb::test;
namespace fs = std::filesystem;

namespace {

// A folder of its own under the build folder, removed before and after: one per test case, as
// ctest runs them side by side.
struct SettingsFolder {
  explicit SettingsFolder(const std::string& name)
      : folder(fs::path(DAMIERA_BUILD_DIR) / ("cb-settings-test-" + name)),
        file(folder / "Damiera" / "damiera-cb-settings.txt") {
    fs::remove_all(folder);
  }
  ~SettingsFolder() { fs::remove_all(folder); }
  SettingsFolder(const SettingsFolder&) = delete;
  SettingsFolder& operator=(const SettingsFolder&) = delete;

  const fs::path folder;
  const fs::path file;
};

}  // namespace

TEST_CASE("Settings file: every remembered setting is there in the next session",
          "[checkerboard][egdb]") {
  const SettingsFolder where("next-session");
  const fs::path& file = where.file;
  const std::string dir = egdb::test::smallDatabase();
  {
    cb::FrontEnd engine(file);
    CHECK(ask(engine, "get hashsize").reply == "64");
    CHECK(!fs::exists(file));  // nothing set yet, nothing written
    for (const std::string& command : std::vector<std::string>{
             "set hashsize 16", "set searchthreads 2", "set depth 3", "set level 7",
             "set contempt -15", "set allscores 1", "set dbmbytes 16", "set max_dbpieces 5",
             "set enable_wld 0", "set dbpath " + dir}) {
      const Answer a = ask(engine, command.c_str());
      INFO(command << ": " << a.reply);
      CHECK(a.result == 1);
      CHECK(a.reply.find("not remembered") == std::string::npos);
    }
    // Refused commands and per-move messages do not rewrite the file: the line added here
    // (which a rewrite would drop) stays.
    std::ofstream(file, std::ios::binary | std::ios::app) << "# still here\r\n";
    CHECK(ask(engine, "set hashsize 0").result == 0);
    CHECK(ask(engine, ("set dbpath " + dir + "/no-such-folder").c_str()).result == 0);
    CHECK(ask(engine, "set gamehist W:W21:B1").result == 1);
    CHECK(ask(engine, ("set check_wld_dir " + dir).c_str()).result == 1);
    CHECK(damiera::test::fileText(file).find("# still here") != std::string::npos);
  }
  // Written whole, under its own name only: no partial file left beside it.
  CHECK(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()) == 1);

  cb::FrontEnd next(file);
  CHECK(ask(next, "get hashsize").reply == "16");
  CHECK(ask(next, "get searchthreads").reply == "2");
  CHECK(ask(next, "get depth").reply == "3");
  CHECK(ask(next, "get level").reply == "7");
  CHECK(ask(next, "get contempt").reply == "-15");
  CHECK(ask(next, "get allscores").reply == "1");
  CHECK(ask(next, "get dbmbytes").reply == "16");
  CHECK(ask(next, "get max_dbpieces").reply == "5");
  CHECK(ask(next, "get enable_wld").reply == "0");
  CHECK(ask(next, "get dbpath").reply == dir);
  // The database is open again, not just named: switched on, it proves the win.
  ask(next, "set enable_wld 1");
  ask(next, "set level 20");
  ask(next, "set depth 4");
  CHECK(std::string(getMove(next, "W:WK24,K32:BK30", 10.0).status).find("db win") !=
        std::string::npos);
}

TEST_CASE("Settings file: a line refused at the start is kept until the user sets that setting",
          "[checkerboard][egdb]") {
  const SettingsFolder where("kept-lines");
  const fs::path& file = where.file;
  const std::string gone = where.folder.string() + "/unplugged-drive";
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary)
      << "set hashsize 8\r\n"
      << "set dbpath " << gone << "\n"  // not there now: refused
      << "set level 99\n"               // out of range: refused
      << "set gamehist W:W21:B1\n"      // not a remembered setting: skipped
      << "get movelist W:W21:B1\n"
      << "garbage \x01\x02\xff\n"
      << std::string(5000, 'x') << "\n"
      << "set searchthreads 3";  // no newline at the end
  {
    cb::FrontEnd engine(file);
    CHECK(ask(engine, "get hashsize").reply == "8");
    CHECK(ask(engine, "get dbpath").reply.empty());
    CHECK(ask(engine, "get level").reply == "20");
    CHECK(ask(engine, "get searchthreads").reply == "3");
    CHECK(getMove(engine, kStart, 0.05).result == kUnknown);  // and it plays

    // Another change rewrites the file, and the folder not found this time is still in it.
    REQUIRE(ask(engine, "set hashsize 16").result == 1);
    const std::string written = damiera::test::fileText(file);
    CHECK(written.find("set hashsize 16\r\n") != std::string::npos);
    CHECK(written.find("set dbpath " + gone + "\r\n") != std::string::npos);
    CHECK(written.find("set level 99") != std::string::npos);
    CHECK(written.find("gamehist") == std::string::npos);
    CHECK(written.find("garbage") == std::string::npos);

    // Once the user sets it, the new value is what is kept.
    REQUIRE(ask(engine, "set dbpath").result == 1);
    CHECK(damiera::test::fileText(file).find("set dbpath\r\n") != std::string::npos);
    CHECK(damiera::test::fileText(file).find(gone) == std::string::npos);
  }
  // The drive is plugged in: the line kept in the file is taken at the next start.
  std::ofstream(file, std::ios::binary) << "set dbpath " << egdb::test::smallDatabase() << "\n";
  cb::FrontEnd next(file);
  CHECK(ask(next, "get dbpath").reply == egdb::test::smallDatabase());
}

TEST_CASE("Settings file: too large to be ours, or impossible to write", "[checkerboard]") {
  const SettingsFolder where("bad-files");
  const fs::path& file = where.file;

  SECTION("a file too large to be ours is ignored") {
    fs::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out << "set hashsize 8\n" << std::string(kMaxSettingsFileBytes, '#') << "\n";
    out.close();
    cb::FrontEnd engine(file);
    CHECK(ask(engine, "get hashsize").reply == "64");
  }

  SECTION("a file that cannot be written: the setting is taken and the reply says so") {
    fs::create_directories(where.folder);
    std::ofstream(where.folder / "Damiera") << "a file where the folder should be";
    cb::FrontEnd engine(file);
    const Answer a = ask(engine, "set hashsize 16");
    CHECK(a.result == 1);
    CHECK(a.reply.rfind("hashsize 16 MB (not remembered: cannot make ", 0) == 0);
    CHECK(ask(engine, "get hashsize").reply == "16");
  }

  SECTION("without a settings file nothing is read or written") {
    cb::FrontEnd engine;
    CHECK(ask(engine, "set hashsize 16").reply == "hashsize 16 MB");
    CHECK(!fs::exists(where.folder));
  }
}
