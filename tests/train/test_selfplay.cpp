// damiera-selfplay (tools/selfplay, docs/selfplay.md): a tiny run at depth 2 and the files it
// leaves, checked here with the rules themselves; reruns resume and reproduce.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/square.h"
#include "tests/common/file_text.h"
#include "tests/common/tool_run.h"
#include "train/sample.h"
#include "train/sample_file.h"

using namespace damiera;
using namespace damiera::train;
namespace fs = std::filesystem;

namespace {

using Run = damiera::tool_test::ToolRun;

Run run(const std::string& arguments) {
  return damiera::tool_test::runTool(DAMIERA_SELFPLAY_TOOL, arguments);
}

fs::path scratchFolder(const std::string& name) {
  const fs::path dir = fs::path(DAMIERA_BUILD_DIR) / "train-tests" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

const std::string kOpenings = std::string(DAMIERA_SOURCE_DIR) + "/tools/openings/3ply.txt";

// By default 5 games at depth 2 in chunks of 3: out.0000 (3 games) and out.0001 (2 games).
std::string tinyRun(const fs::path& out, const std::string& extra = "", int games = 5,
                    int seed = 7) {
  return "--out " + out.string() + " --games " + std::to_string(games) +
         " --depth 2 --chunk-games 3 --seed " + std::to_string(seed) + " --openings " + kOpenings +
         " " + extra;
}

std::vector<std::vector<Sample>> splitGames(const std::vector<Sample>& samples) {
  std::vector<std::vector<Sample>> games;
  for (const Sample& s : samples) {
    if (s.flags & kGameStart) games.emplace_back();
    REQUIRE(!games.empty());  // a file starts with a game's first record
    games.back().push_back(s);
  }
  return games;
}

int whiteResult(const Sample& s) { return s.sideToMove == Color::White ? s.result : -s.result; }

}  // namespace

TEST_CASE("selfplay: a tiny run writes whole games of sound records", "[selfplay]") {
  const fs::path dir = scratchFolder("selfplay-tiny");
  const Run played = run(tinyRun(dir / "sp", "--threads 2"));
  INFO(played.output);
  REQUIRE(played.status == 0);
  CHECK_THAT(played.output, Catch::Contains("played 5 games"));

  const std::vector<fs::path> files = sampleFiles(dir / "sp");
  REQUIRE(files == std::vector<fs::path>{dir / "sp.0000", dir / "sp.0001"});
  std::size_t games[2] = {0, 0};
  for (int f = 0; f < 2; ++f) {
    for (const std::vector<Sample>& game : splitGames(readSampleFile(files[f]))) {
      ++games[f];
      REQUIRE(game.size() >= 1);
      // The opening (3 plies) and the random plies (6 by default) come first.
      CHECK(game.front().ply == 9);
      for (std::size_t i = 0; i < game.size(); ++i) {
        const Sample& s = game[i];
        INFO("file " << f << " game " << games[f] << " record " << i);
        REQUIRE(validate(s).empty());  // no men on their own last row, no square used twice...
        const Position pos = positionOf(s);
        CHECK(((s.flags & kQuiet) != 0) == !hasCapture(pos));  // R6
        CHECK(whiteResult(s) == whiteResult(game.front()));    // one result per game
        CHECK((s.flags & kAdjudicated) == (game.front().flags & kAdjudicated));
        CHECK(((s.flags & kGameStart) != 0) == (i == 0));
        if (i == 0) continue;
        // Each record is one legal move after the one before: every move of the game is there.
        CHECK(s.ply == std::min(game[i - 1].ply + 1, kMaxStoredPly));  // capped
        const Position before = positionOf(game[i - 1]);
        MoveList moves;
        generateMoves(before, moves);
        CHECK(std::any_of(moves.begin(), moves.end(),
                          [&](const Move& m) { return before.after(m) == pos; }));
      }
      // A game played out to a win ends by R13: the side to move at the last record made the
      // last move, which left the other side without a move (or a piece), and won.
      const Sample& last = game.back();
      if (!(last.flags & kAdjudicated) && last.result != 0) {
        MoveList moves;
        generateMoves(positionOf(last), moves);
        bool endsGame = false;
        for (const Move& m : moves) {
          const Position next = positionOf(last).after(m);
          endsGame = endsGame || !hasLegalMove(next);
        }
        CHECK(last.result == 1);  // the side that made the last move won (R13)
        CHECK(endsGame);
      }
    }
  }
  CHECK(games[0] == 3);
  CHECK(games[1] == 2);

  const Run check = run("--check " + dir.string());
  INFO(check.output);
  CHECK(check.status == 0);
  CHECK_THAT(check.output, Catch::Contains("2 files, 5 games") && Catch::Contains("check ok"));
}

TEST_CASE("selfplay: reruns resume, and the games do not depend on the threads",
          "[selfplay][heavy]") {
  const fs::path dir = scratchFolder("selfplay-resume");
  REQUIRE(run(tinyRun(dir / "a", "--threads 2")).status == 0);
  REQUIRE(run(tinyRun(dir / "b", "--threads 1")).status == 0);
  const std::string first = damiera::test::fileText(dir / "a.0000");
  const std::string second = damiera::test::fileText(dir / "a.0001");
  CHECK(damiera::test::fileText(dir / "b.0000") == first);
  CHECK(damiera::test::fileText(dir / "b.0001") == second);

  SECTION("a complete run plays nothing more") {
    const Run again = run(tinyRun(dir / "a"));
    CHECK(again.status == 0);
    CHECK_THAT(again.output, Catch::Contains("nothing to play: 5 games"));
  }
  SECTION("a missing or damaged chunk is played again, the same") {
    fs::remove(dir / "a.0001");
    std::string damaged = first;
    damaged[100] ^= 1;
    std::ofstream(dir / "a.0000", std::ios::binary | std::ios::trunc) << damaged;
    std::ofstream(dir / "a.0002.tmp") << "left by an interrupted run";
    const Run resumed = run(tinyRun(dir / "a"));
    INFO(resumed.output);
    CHECK(resumed.status == 0);
    CHECK_THAT(resumed.output, Catch::Contains("checksum differs: playing it again") &&
                                   Catch::Contains("played 5 games"));
    CHECK(damiera::test::fileText(dir / "a.0000") == first);
    CHECK(damiera::test::fileText(dir / "a.0001") == second);
  }
  SECTION("more games extend the last chunk and add new ones") {
    const Run more = run(tinyRun(dir / "a", "", 7));
    INFO(more.output);
    CHECK(more.status == 0);
    CHECK_THAT(more.output,
               Catch::Contains("3 of 7 games already") && Catch::Contains("played 4 games"));
    CHECK(damiera::test::fileText(dir / "a.0000") == first);
    // The chunk now holds games 3..5; its first two games are the ones it held before.
    const std::vector<Sample> before = readSampleFile(dir / "b.0001");
    const std::vector<Sample> after = readSampleFile(dir / "a.0001");
    REQUIRE(after.size() > before.size());
    CHECK(std::equal(before.begin(), before.end(), after.begin()));
    CHECK(fs::exists(dir / "a.0002"));
  }
  SECTION("other settings are refused, naming the difference") {
    const Run other = run(tinyRun(dir / "a", "", 5, 9));
    CHECK(other.status == 1);
    CHECK_THAT(other.output, Catch::Contains("played with other settings") &&
                                 Catch::Contains("seed 7") && Catch::Contains("seed 9"));
  }
  SECTION("--check finds a damaged file") {
    std::string damaged = second;
    damaged[40] ^= 1;
    std::ofstream(dir / "a.0001", std::ios::binary | std::ios::trunc) << damaged;
    const Run check = run("--check " + (dir / "a").string());
    CHECK(check.status == 1);
    CHECK_THAT(check.output,
               Catch::Contains("checksum differs") && Catch::Contains("check FAILED"));
  }
}

TEST_CASE("selfplay: the node jitter changes the games, reproducibly", "[selfplay]") {
  const fs::path dir = scratchFolder("selfplay-jitter");
  const auto play = [&](const std::string& name, const std::string& jitter) {
    const Run r = run("--out " + (dir / name).string() +
                      " --games 2 --chunk-games 2 --nodes 300 --seed 3 --node-jitter " + jitter);
    INFO(r.output);
    REQUIRE(r.status == 0);
    return damiera::test::fileText(dir / (name + ".0000"));
  };
  const std::string fixed = play("fixed", "0");
  const std::string jittered = play("jittered", "30");
  CHECK(jittered != fixed);
  CHECK(play("jittered-again", "30") == jittered);
  CHECK(play("fixed-again", "0") == fixed);
}

TEST_CASE("selfplay: shards split the games, each with its own seed and files", "[selfplay]") {
  const fs::path dir = scratchFolder("selfplay-shards");
  for (int k = 1; k <= 2; ++k) {
    const Run r = run(tinyRun(dir / "s", "--shard " + std::to_string(k) + "/2"));
    INFO(r.output);
    REQUIRE(r.status == 0);
    // 5 games: shard 1 plays 3 (one chunk of 3), shard 2 plays 2.
    CHECK_THAT(r.output, Catch::Contains(k == 1 ? "played 3 games" : "played 2 games"));
  }
  CHECK(fs::exists(dir / "s-shard1of2.0000"));
  CHECK(fs::exists(dir / "s-shard2of2.0000"));
  CHECK_FALSE(fs::exists(dir / "s-shard1of2.0001"));
  // Another seed each: the shards' first games are not the same game.
  const std::vector<Sample> first = readSampleFile(dir / "s-shard1of2.0000");
  const std::vector<Sample> second = readSampleFile(dir / "s-shard2of2.0000");
  REQUIRE(!first.empty());
  REQUIRE(!second.empty());
  CHECK(splitGames(first)[0] != splitGames(second)[0]);
  const Run check = run("--check " + dir.string());
  CHECK(check.status == 0);
  CHECK_THAT(check.output, Catch::Contains("2 files, 5 games"));
  // A shard run again has nothing left to play.
  CHECK_THAT(run(tinyRun(dir / "s", "--shard 2/2")).output, Catch::Contains("nothing to play"));
}

TEST_CASE("selfplay: with --egdb a game ends at its first position in the database, with its value",
          "[selfplay][egdb]") {
  const fs::path dir = scratchFolder("selfplay-egdb");
  const std::string db = (dir / "db").string();
  REQUIRE(
      damiera::tool_test::runTool(DAMIERA_EGDB_TOOL, "build --dir " + db + " --pieces 3").status ==
      0);
  // Two kings against White's one: lost for White (damiera-egdb probe says "loss 6"). One king
  // each in the far corners: drawn ("draw"; other lone kings can be won).
  const fs::path openings = dir / "openings.txt";
  std::ofstream(openings) << "W:WK1:BK11,K32\nW:WK4:BK29\n";
  const std::string common = "--out " + (dir / "sp").string() + " --games 4 --depth 2 --seed 3" +
                             " --random-plies 0 --balance 100000 --openings " + openings.string();
  const Run played = run(common + " --egdb " + db);
  INFO(played.output);
  REQUIRE(played.status == 0);
  int lost = 0, drawn = 0;
  for (const std::vector<Sample>& game : splitGames(readSampleFile(dir / "sp.0000"))) {
    REQUIRE(game.size() == 1);  // the start is in the database: one record, and the end
    const Sample& s = game.front();
    CHECK((s.flags & kAdjudicated) != 0);
    const int pieces = popcount(positionOf(s).occupied());
    if (pieces == 3) {
      CHECK(whiteResult(s) == -1);
      CHECK(s.score < 0);  // the search probed it too: a database loss, a forced score
      CHECK((s.flags & kScoreForced) != 0);
      ++lost;
    } else {
      CHECK(whiteResult(s) == 0);
      ++drawn;
    }
  }
  CHECK(lost + drawn == 4);
  CHECK(lost > 0);
  CHECK(drawn > 0);
  CHECK_THAT(damiera::test::fileText(dir / "sp.settings"), Catch::Contains("egdb-pieces 3\n"));

  // Played out instead: the games go on past their start.
  const fs::path out = dir / "out";
  const Run playedOut = run("--out " + out.string() + " --games 2 --depth 2 --seed 3" +
                            " --random-plies 0 --balance 100000 --openings " + openings.string() +
                            " --egdb " + db + " --no-adjudication");
  REQUIRE(playedOut.status == 0);
  for (const std::vector<Sample>& game : splitGames(readSampleFile(dir / "out.0000")))
    CHECK(game.size() > 1);

  CHECK_THAT(run(common + " --egdb " + (dir / "nothing").string()).output,
             Catch::Contains("--egdb"));
}

TEST_CASE("selfplay: bad options give one clear error", "[selfplay]") {
  CHECK(run("--games 3").status == 2);
  CHECK_THAT(run("--games 3").output, Catch::Contains("--out FILE is required"));
  CHECK_THAT(run("--out x --nodes 5").output, Catch::Contains("--nodes must be at least 100"));
  CHECK_THAT(run("--out x --nodes 0").output, Catch::Contains("--nodes 0 needs --depth D"));
  CHECK_THAT(run("--out x --node-jitter 60").output,
             Catch::Contains("--node-jitter must be at most 50"));
  CHECK_THAT(run("--out x --shard 3/2").output,
             Catch::Contains("--shard wants K/N with 1 <= K <= N (e.g. 3/8), not '3/2'"));
  CHECK_THAT(run("--out x --shard 2").output, Catch::Contains("--shard wants K/N"));
  CHECK_THAT(run("--out x --games 2 --shard 3/3").output,
             Catch::Contains("--games 2 leaves shard 3 of 3 no game"));
  CHECK_THAT(run("--out x --bogus").output, Catch::Contains("unrecognised option '--bogus'"));
  const fs::path dir = scratchFolder("selfplay-bad-openings");
  const Run missing = run("--out " + (dir / "x").string() + " --openings /nonexistent/file");
  CHECK(missing.status == 1);
  CHECK_THAT(missing.output, Catch::Contains("/nonexistent/file"));
}

TEST_CASE("selfplay: --help is what docs/selfplay.md shows", "[selfplay]") {
  const std::string doc =
      damiera::test::fileText(fs::path(DAMIERA_SOURCE_DIR) / "docs" / "selfplay.md");
  const std::size_t begin = doc.find("```\nUsage: damiera-selfplay");
  REQUIRE(begin != std::string::npos);
  const std::size_t end = doc.find("```", begin + 3);
  const Run help = run("--help");
  CHECK(help.status == 0);
  CHECK(help.output == doc.substr(begin + 4, end - begin - 4));
}
