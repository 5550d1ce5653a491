// damiera-analyse as a user runs it: the blunder marked in the PDN and the page, a malformed
// game named and the others analysed, a rerun that skips the games done, --jobs that changes
// nothing but the speed, and a headless-Chromium screenshot of a report
// (build/analysis-test/report.png).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "analysis/annotated_pdn.h"
#include "analysis/pdn_games.h"
#include "core/notation.h"
#include "tests/analysis/test_games.h"
#include "tests/common/file_text.h"
#include "tests/common/skip_test.h"
#include "tests/common/tool_run.h"
#include "tests/common/toolchain_group.h"

using namespace damiera;
using damiera::tool_test::runTool;
namespace fs = std::filesystem;

namespace {

const std::string kAnalyse = DAMIERA_BUILD_DIR "/damiera-analyse";

// A folder of its own for a test case, emptied first; kept afterwards for a look.
fs::path testFolder(const std::string& name) {
  const fs::path folder = fs::path(DAMIERA_BUILD_DIR) / "analysis-test" / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

constexpr const char* kMalformed = R"([Event "analysis test"]
[White "Bad"]
[Black "Record"]

1. 22-18 11-14 2. 18-13 *

)";

struct Games {
  analysis_test::BlunderGame blunder = analysis_test::engineGame(30, true);
  analysis_test::BlunderGame clean = analysis_test::engineGame(24, false);
};

const Games& games() {
  static const Games made;
  return made;
}

}  // namespace

TEST_CASE("damiera-analyse marks the blunder, names a malformed game and analyses the others",
          "[analysis][tool]") {
  const fs::path folder = testFolder("tool");
  const analysis_test::BlunderGame& blunder = games().blunder;
  REQUIRE(blunder.blunderPly);
  writeFile(folder / "in.pdn", writePdn(blunder.pdn) + kMalformed + writePdn(games().clean.pdn));
  const std::string command = "--depth 6 -o " + (folder / "out.pdn").string() + " --html " +
                              (folder / "html").string() + " " + (folder / "in.pdn").string();
  const auto run = runTool(kAnalyse, command);
  INFO(run.output);
  CHECK(run.status == 1);
  // One error, naming the game (number, players, line) and the move.
  CHECK(count(run.output, "error") == 1);
  CHECK(run.output.find("error " + (folder / "in.pdn").string() +
                        ": game 2 (Bad - Record, line ") != std::string::npos);
  CHECK(run.output.find("move 2. '18-13'") != std::string::npos);

  std::string out = damiera::test::fileText(folder / "out.pdn");
  const std::vector<analysis::PdnEntry> written = analysis::splitPdn(out);
  REQUIRE(written.size() == 2);
  CHECK(written[0].game.tag("White") == "Blunderer");
  CHECK(written[1].game.tag("White") == "Engine");
  std::replace(out.begin(), out.end(), '\n', ' ');
  CHECK(count(out, "??") == 1);
  const std::string played = formatMove(blunder.pdn.moves[*blunder.blunderPly]);
  CHECK(out.find(played + "?? {[%eval") != std::string::npos);
  Position before = blunder.pdn.start;
  for (std::size_t i = 0; i < *blunder.blunderPly; ++i)
    before = before.after(blunder.pdn.moves[i].move);
  const std::string best = formatMove(before, blunder.best);
  CHECK(out.find(best + " was best") != std::string::npos);

  // Pages for the games analysed, by their place in the input; none for the malformed one.
  const std::string page = damiera::test::fileText(folder / "html" / "game-001.html");
  CHECK(page.find("id=\"ply-" + std::to_string(*blunder.blunderPly + 1) + "\"") !=
        std::string::npos);
  CHECK(page.find("Better: <b>" + best + "</b>") != std::string::npos);
  CHECK(!fs::exists(folder / "html" / "game-002.html"));
  CHECK(fs::exists(folder / "html" / "game-003.html"));
  CHECK(!fs::exists(folder / "out.pdn.tmp"));
}

TEST_CASE("a rerun of damiera-analyse skips the games already in its output", "[analysis][tool]") {
  const fs::path folder = testFolder("resume");
  writeFile(folder / "in.pdn", writePdn(games().blunder.pdn) + writePdn(games().clean.pdn));
  const std::string files =
      " -o " + (folder / "out.pdn").string() + " " + (folder / "in.pdn").string();
  const auto first = runTool(kAnalyse, "--depth 6" + files);
  INFO(first.output);
  REQUIRE(first.status == 0);
  const std::string full = damiera::test::fileText(folder / "out.pdn");
  const std::vector<analysis::PdnEntry> done = analysis::splitPdn(full);
  REQUIRE(done.size() == 2);

  // The same run again: nothing to do, the output as it was.
  const auto again = runTool(kAnalyse, "--depth 3" + files);
  INFO(again.output);
  CHECK(again.status == 0);
  CHECK(again.output.find("2 of 2 games already in") != std::string::npos);
  CHECK(damiera::test::fileText(folder / "out.pdn") == full);

  // An output that lost its second game (as after an interruption): only that one is
  // analysed, here at another depth, which its Annotator tag shows; the first is kept as it was.
  writeFile(folder / "out.pdn", done[0].text);
  const auto resumed = runTool(kAnalyse, "--depth 3" + files);
  INFO(resumed.output);
  CHECK(resumed.status == 0);
  CHECK(resumed.output.find("1 of 2 games already in") != std::string::npos);
  const std::vector<analysis::PdnEntry> now =
      analysis::splitPdn(damiera::test::fileText(folder / "out.pdn"));
  REQUIRE(now.size() == 2);
  CHECK(now[0].text == done[0].text);
  CHECK(now[1].game.tag("Annotator") == "damiera-analyse (depth 3)");
  CHECK(analysis::gameKey(now[1].game) == analysis::gameKey(done[1].game));
}

TEST_CASE("damiera-analyse gives the same analysis with games side by side, from stdin",
          "[analysis][tool]") {
  const fs::path folder = testFolder("jobs");
  writeFile(folder / "in.pdn", writePdn(games().blunder.pdn) + writePdn(games().clean.pdn));
  const auto one = runTool(kAnalyse, "--nodes 3000 --quiet < " + (folder / "in.pdn").string());
  const auto two =
      runTool(kAnalyse, "--nodes 3000 --quiet --jobs 2 - < " + (folder / "in.pdn").string());
  INFO(one.output);
  CHECK(one.status == 0);
  CHECK(two.status == 0);
  CHECK(one.output == two.output);
  CHECK(count(one.output, "[Annotator \"damiera-analyse (nodes 3000)\"]") == 2);
  // An output that is not a plain file is written to, not replaced (the speed figures' runs).
  const auto discarded =
      runTool(kAnalyse, "--nodes 3000 -o /dev/null " + (folder / "in.pdn").string());
  INFO(discarded.output);
  CHECK(discarded.status == 0);
  CHECK(fs::is_character_file("/dev/null"));
  CHECK(discarded.output.find("56 positions of 2 games in ") != std::string::npos);
}

TEST_CASE("damiera-analyse scores endings from an endgame database", "[analysis][tool]") {
  const fs::path folder = testFolder("egdb");
  const auto built = runTool(DAMIERA_BUILD_DIR "/damiera-egdb",
                             "build --pieces 3 --dir " + (folder / "db").string());
  INFO(built.output);
  REQUIRE(built.status == 0);
  // A king and a man against a man: won, but deeper than a depth-4 search proves.
  writeFile(folder / "in.pdn", "[FEN \"W:WK22,26:B12\"]\n\n1. 22-18 12-16 2. 18-14 *\n");
  const std::string input = " --quiet " + (folder / "in.pdn").string();
  auto with = runTool(kAnalyse, "--depth 4 --egdb " + (folder / "db").string() + input);
  INFO(with.output);
  std::replace(with.output.begin(), with.output.end(), '\n', ' ');
  CHECK(with.status == 0);
  CHECK(with.output.find("[Annotator \"damiera-analyse (depth 4, egdb 3)\"]") != std::string::npos);
  CHECK(count(with.output, "{[%eval 199.") == 4);  // all four positions: a database win for White
  const auto without = runTool(kAnalyse, "--depth 4" + input);
  CHECK(without.output.find("{[%eval 199.") == std::string::npos);
  const auto missing = runTool(kAnalyse, "--egdb " + (folder / "nothing").string() + input);
  CHECK(missing.status == 2);
}

TEST_CASE("damiera-analyse refuses bad arguments", "[analysis][tool]") {
  for (const char* args : {"--depth 0", "--jobs 0", "--threads 0", "--nodes 0",
                           "--mistake 30 --blunder 20", "--frobnicate"}) {
    INFO(args);
    const auto run = runTool(kAnalyse, std::string(args) + " < /dev/null");
    CHECK(run.status == 2);
    CHECK(run.output.find("Try 'damiera-analyse --help'") != std::string::npos);
  }
  const auto missing = runTool(kAnalyse, "/nonexistent/games.pdn");
  CHECK(missing.status == 1);
  CHECK(missing.output.find("error /nonexistent/games.pdn: cannot read the file") !=
        std::string::npos);
}

TEST_CASE("a report renders in headless Chromium (build/analysis-test/report.png)",
          "[analysis][tool][web]") {
  if (const auto missing = test_kit::toolchainGroupMissing("web")) {
    test_kit::reportSkipped(*missing);
    return;
  }
  const char* chromium = nullptr;
  for (const char* path : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(path)) chromium = path;
  if (!chromium) {
    test_kit::reportSkipped("chromium is not installed (tools/setup installs it)");
    return;
  }
  const fs::path folder = testFolder("report");
  writeFile(folder / "in.pdn", writePdn(games().blunder.pdn));
  const auto run =
      runTool(kAnalyse, "--depth 6 --quiet -o " + (folder / "out.pdn").string() + " --html " +
                            folder.string() + " " + (folder / "in.pdn").string());
  REQUIRE(run.status == 0);
  const fs::path shot = fs::path(DAMIERA_BUILD_DIR) / "analysis-test" / "report.png";
  fs::remove(shot);
  // As tests/web/test-page: as root (CI, this machine) Chromium runs only without its sandbox.
  // A phone's width, to see the fluid layout.
  const std::string flags = std::string(getuid() == 0 ? "--no-sandbox " : "") +
                            "--headless --disable-gpu --hide-scrollbars --window-size=420,1400 ";
  const auto shooting = runTool(std::string("timeout 120 ") + chromium,
                                flags + "--user-data-dir=" + (folder / "profile").string() +
                                    " --screenshot=" + shot.string() + " file://" +
                                    (folder / "game-001.html").string());
  INFO(shooting.output);
  CHECK(shooting.status == 0);
  REQUIRE(fs::exists(shot));
  CHECK(damiera::test::fileText(shot).substr(0, 4) == "\x89PNG");
  CHECK(fs::file_size(shot) > 10000);  // a page with a graph and boards, not a blank one
}
