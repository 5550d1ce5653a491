// The endgame database the CheckerBoard engine builds itself (src/checkerboard/database_build.h,
// set dbbuild): in the background, held while paused, stopped with whole slices only, resumed
// without rebuilding what is there, verified, then used. 2..3 pieces: a fraction of a second.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "checkerboard/database_build.h"
#include "checkerboard/front_end.h"
#include "egdb/material.h"
#include "egdb_build/build_driver.h"
#include "tests/checkerboard/cb_front_end_calls.h"

using namespace damiera;
using namespace damiera::cb::test;
namespace fs = std::filesystem;

namespace {

fs::path freshFolder(const std::string& name) {
  const fs::path folder = fs::path(DAMIERA_BUILD_DIR) / ("cb-dbbuild-" + name);
  fs::remove_all(folder);
  return folder;
}

// The files of a folder by name, with their last write times (none if it does not exist).
std::map<std::string, fs::file_time_type> filesIn(const fs::path& folder) {
  std::map<std::string, fs::file_time_type> files;
  if (!fs::exists(folder)) return files;
  for (const auto& entry : fs::directory_iterator(folder))
    files[entry.path().filename().string()] = entry.last_write_time();
  return files;
}

bool onlyWholeSlices(const fs::path& folder) {
  for (const auto& [name, time] : filesIn(folder))
    if (name.size() < 5 || name.substr(name.size() - 5) != ".egdb") return false;
  return true;
}

// Waits (at most a generous minute: a hang fails instead of blocking) until `ready()`.
template <class Ready>
bool waitFor(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!ready()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

// A DatabaseBuild and what its `done` received.
struct Build {
  std::mutex mutex;
  int finished = 0;
  std::shared_ptr<egdb::Database> database;
  cb::DatabaseBuild build{[this](const fs::path&, std::shared_ptr<egdb::Database> db) {
    std::lock_guard lock(mutex);
    ++finished;
    database = std::move(db);
  }};
  int finishedCount() {
    std::lock_guard lock(mutex);
    return finished;
  }
};

}  // namespace

TEST_CASE("Database build: 2..3 pieces in the background, verified, then handed over",
          "[checkerboard][dbbuild]") {
  const fs::path folder = freshFolder("whole");
  Build b;
  CHECK(b.build.status() == "idle");
  REQUIRE(!b.build.start(folder, 3));
  CHECK(b.build.start(folder, 3).value_or("").find("a build runs already") == 0);
  REQUIRE(waitFor([&] { return !b.build.running(); }));
  CHECK(b.build.status() == "done 2..3");
  REQUIRE(b.finishedCount() == 1);
  CHECK(b.database->pieces() == 3);
  CHECK(b.database->errors().empty());
  CHECK(onlyWholeSlices(folder));
  CHECK(filesIn(folder).size() == static_cast<std::size_t>(b.database->slices()));
}

TEST_CASE("Database build: paused, it writes nothing until resumed", "[checkerboard][dbbuild]") {
  const fs::path folder = freshFolder("paused");
  Build b;
  b.build.pause();  // as getmove() does
  REQUIRE(!b.build.start(folder, 3));
  // Its thread holds at its first unit of work: nothing is written while the pause lasts.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(b.build.running());
  CHECK(b.build.status().rfind("paused: building 2 pieces: 0% (slice 1 of ", 0) == 0);
  CHECK(filesIn(folder).empty());
  b.build.pause();  // pauses are counted: two getmove() at once
  b.build.resume();
  CHECK(b.build.status().rfind("paused: ", 0) == 0);
  b.build.resume();
  REQUIRE(waitFor([&] { return !b.build.running(); }));
  CHECK(b.build.status() == "done 2..3");
  CHECK(b.finishedCount() == 1);
}

TEST_CASE("Database build: stopped, it leaves whole slices, and resumes without rebuilding them",
          "[checkerboard][dbbuild]") {
  const fs::path folder = freshFolder("resumed");
  const std::size_t pairs = egdb::buildOrder(3).size();
  {
    Build b;  // stopped at once, while held by a pause
    b.build.pause();
    REQUIRE(!b.build.start(folder, 3));
    b.build.stop();
    CHECK(b.build.status() ==
          "stopped at slice 1 of " + std::to_string(pairs) + " of 2..3 (set dbbuild 3 resumes)");
    CHECK(filesIn(folder).empty());
    CHECK(b.finishedCount() == 0);
    b.build.resume();
  }
  {
    Build b;  // stopped anywhere (as a DLL unloaded mid-build): whole slices only
    REQUIRE(!b.build.start(folder, 3));
    REQUIRE(waitFor([&] { return !filesIn(folder).empty(); }));
    b.build.stop();
    CHECK(onlyWholeSlices(folder));
  }
  // The 2-piece slices written by another build stay as they are: nothing is rebuilt.
  egdb::buildAll(folder.string(), 2, 1, {});
  const auto before = filesIn(folder);
  Build b;
  REQUIRE(!b.build.start(folder, 3));
  REQUIRE(waitFor([&] { return !b.build.running(); }));
  CHECK(b.build.status() == "done 2..3");
  const auto after = filesIn(folder);
  for (const auto& [name, time] : before) {
    INFO(name);
    CHECK(after.at(name) == time);
  }
  CHECK(after.size() > before.size());
  CHECK(onlyWholeSlices(folder));
}

TEST_CASE("CheckerBoard set dbbuild: builds, reports, then probes with it",
          "[checkerboard][dbbuild]") {
  const fs::path folder = freshFolder("front-end");
  cb::OwnDatabase own;
  own.folder = folder;
  cb::FrontEnd engine(std::nullopt, {}, own);
  CHECK(ask(engine, "get dbbuild").reply == "idle");
  for (const char* bad : {"set dbbuild 1", "set dbbuild 6", "set dbbuild many", "set dbbuild"}) {
    INFO(bad);
    const Answer a = ask(engine, bad);
    CHECK(a.result == 0);
    CHECK(a.reply.rfind("error: ", 0) == 0);
  }
  CHECK(ask(engine, "get dbbuild").reply == "idle");
  const Answer started = ask(engine, "set dbbuild 3");
  CHECK(started.result == 1);
  CHECK(started.reply ==
        "dbbuild 3: building 2..3 pieces in " + folder.string() + " (get dbbuild: progress)");
  REQUIRE(waitFor([&] { return ask(engine, "get dbbuild").reply == "done 2..3"; }));
  CHECK(ask(engine, "get dbpath").reply == folder.string());
  // Two kings against one: the database proves the win a 2-ply search cannot see.
  CHECK(ask(engine, "set depth 2").result == 1);
  const Call call = getMove(engine, "W:WK24,K32:BK30", 600);
  CHECK(std::string(call.status).find("score db win") != std::string::npos);
  CHECK(ask(engine, "set dbbuild 0").reply == "dbbuild 0: done 2..3");
}

TEST_CASE("CheckerBoard set dbbuild: refused without a folder to build into",
          "[checkerboard][dbbuild]") {
  cb::FrontEnd engine;
  const Answer a = ask(engine, "set dbbuild 3");
  CHECK(a.result == 0);
  CHECK(a.reply == "error: dbbuild: no folder to build into");
}

TEST_CASE("CheckerBoard set dbbuild 0: no build on first use, in this session and the next",
          "[checkerboard][dbbuild]") {
  const fs::path folder = freshFolder("first-use-off");
  const fs::path settings = folder / "damiera-cb-settings.txt";
  cb::OwnDatabase own;
  own.folder = folder / "egdb";
  own.buildOnFirstUse = true;
  {
    cb::FrontEnd engine(settings, {}, own);
    const Answer off = ask(engine, "set dbbuild 0");
    CHECK(off.result == 1);
    CHECK(off.reply == "dbbuild 0: idle");  // remembered: no "(not remembered: ...)"
    getMove(engine, "W:W21:B1", 0.01);
    CHECK(ask(engine, "get dbbuild").reply == "idle");
  }
  // The next load (CheckerBoard restarted) remembers it: its first getmove builds nothing.
  {
    cb::FrontEnd next(settings, {}, own);
    getMove(next, "W:W21:B1", 0.01);
    CHECK(ask(next, "get dbbuild").reply == "idle");
    // A build asked for is the user's wish for the database again: forgotten is the 0.
    REQUIRE(ask(next, "set dbbuild 2").result == 1);
    REQUIRE(waitFor([&] { return ask(next, "get dbbuild").reply == "done 2..2"; }));
  }
  cb::FrontEnd again(settings, {}, own);
  CHECK(ask(again, "get dbpath").reply == own.folder->string());
  fs::remove_all(folder);
}
