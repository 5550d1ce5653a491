// damiera-endings end to end: king endings sampled from drawn games, and a match's games from
// them tallied by the engine's side of the balance, with and without an endgame database.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/common/file_text.h"
#include "tests/tools/match_support.h"

namespace {

namespace fs = std::filesystem;
using damiera::test::RunResult;

const std::string kEndings = DAMIERA_BUILD_DIR "/damiera-endings";
const std::string kEgdb = DAMIERA_BUILD_DIR "/damiera-egdb";

RunResult run(const std::string& program, std::vector<std::string> args) {
  args.insert(args.begin(), program);
  return damiera::test::runProgram(args);
}

fs::path scratchFolder(const std::string& name) {
  const fs::path folder =
      fs::temp_directory_path() / ("damiera-endings-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

std::string write(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
  return path.string();
}

std::string game(const std::string& white, const std::string& black, const std::string& fen,
                 const std::string& result, const std::string& moves,
                 const std::string& termination = "") {
  std::string text = "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result +
                     "\"]\n[GameType \"22\"]\n[FEN \"" + fen + "\"]\n";
  if (!termination.empty()) text += "[Termination \"" + termination + "\"]\n";
  return text + "\n" + moves + (moves.empty() ? "" : " ") + result + "\n\n";
}

// Three kings and a man each, nobody can capture: a level king ending of 8 pieces.
const std::string kLevel8 = "B:WK12,K17,K21,30:B8,K11,K24,K27";
// White a king up (5 against 4), quiet.
const std::string kWhiteBetter = "W:WK1,K7,K11,K15,17:B8,K18,K22,K31";
// Black must capture 22x29, which leaves a level king ending of 8 pieces.
const std::string kBeforeCapture = "B:WK7,K11,K15,17,26:B8,K18,K22,K31";
const std::string kR14 = "draw by threefold repetition (R14)";
const std::string kR15 = "draw: 40 moves each without a capture or a man move (R15)";

}  // namespace

TEST_CASE("damiera-endings sample takes the first king ending of each drawn game, once",
          "[endings]") {
  const fs::path folder = scratchFolder("sample");
  const std::string pdn =
      write(folder / "games.pdn",
            game("a", "b", kLevel8, "1/2-1/2", "1... 11-7") +
                game("a", "b", kLevel8, "1/2-1/2", "") +         // the same position: once
                game("a", "b", kWhiteBetter, "1-0", "1. 7-3") +  // won: not a draw
                game("a", "b", "W:W21-32:B1-12", "1/2-1/2", "1. 22-18") +  // no king ending
                game("a", "b", kBeforeCapture, "1/2-1/2", "1... 22x29 2. 7-3"));
  const std::string out = (folder / "starts.txt").string();
  const RunResult sampled = run(kEndings, {"sample", "-o", out, pdn});
  INFO(sampled.output);
  REQUIRE(sampled.exitCode == 0);
  CHECK(sampled.output.find("2 of 2 king endings") != std::string::npos);
  const std::string text = damiera::test::fileText(out);
  CHECK(text.find("# level, 8 pieces, games.pdn game 1 ply 0\n" + kLevel8 + "\n") !=
        std::string::npos);
  // After the capture, not before it (a position with a capture pending is half an exchange).
  CHECK(text.find("# level, 8 pieces, games.pdn game 5 ply 1\nW:WK7,K11,K15,17:B8,K18,K29,K31\n") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(out + ".partial"));

  // Fewer pieces wanted: none of these.
  const RunResult fewer = run(kEndings, {"sample", "--pieces", "4-6", pdn});
  CHECK(fewer.exitCode == 0);
  CHECK(fewer.output.find("0 of 0 king endings") != std::string::npos);

  // --count chooses by --seed, the same on every run.
  const RunResult one = run(kEndings, {"sample", "--count", "1", "--seed", "7", pdn});
  const RunResult again = run(kEndings, {"sample", "--count", "1", "--seed", "7", pdn});
  CHECK(one.output.find("1 of 2 king endings") != std::string::npos);
  CHECK(one.output == again.output);

  CHECK(run(kEndings, {"sample", "--pieces", "9-6", pdn}).exitCode == 2);
  CHECK(run(kEndings, {"sample", (folder / "missing.pdn").string()}).exitCode == 1);
  CHECK(run(kEndings, {"shuffle", pdn}).exitCode == 2);
  fs::remove_all(folder);
}

TEST_CASE("damiera-endings report tallies the engine's games by its side of the balance",
          "[endings]") {
  const fs::path folder = scratchFolder("report");
  const std::string pdn =
      write(folder / "match.pdn",
            game("main", "other", kLevel8, "1/2-1/2", "1... 11-7", kR14) +
                game("main", "other", kWhiteBetter, "1-0", "1. 7-3") +            // main ahead, won
                game("other", "main", kWhiteBetter, "1/2-1/2", "1. 7-3", kR15) +  // main behind
                game("main", "other", "W:W21-32:B1-12", "1-0", "") +              // no king ending
                game("x", "y", kLevel8, "1-0", ""));                              // not main's
  const RunResult report = run(kEndings, {"report", "--engine", "main", pdn});
  INFO(report.output);
  REQUIRE(report.exitCode == 0);
  CHECK(report.output.find("level         1     0     1     0   50.0%      1      0     1.0\n") !=
        std::string::npos);
  CHECK(report.output.find("ahead         1     1     0     0  100.0%      0      0     1.0\n") !=
        std::string::npos);
  CHECK(report.output.find("behind        1     0     1     0   50.0%      0      1     1.0\n") !=
        std::string::npos);
  CHECK(report.output.find("1 games left out: their start is no king ending") != std::string::npos);
  CHECK(report.output.find("1 games left out: main did not play them") != std::string::npos);
  CHECK(run(kEndings, {"report", pdn}).exitCode == 2);  // which engine?
  fs::remove_all(folder);
}

TEST_CASE("damiera-endings report --egdb: the first database position, and what became of it",
          "[endings]") {
  const fs::path folder = scratchFolder("egdb");
  const std::string db = (folder / "db").string();
  REQUIRE(run(kEgdb, {"build", "--dir", db, "--pieces", "3"}).exitCode == 0);
  // 2 kings each, quiet; 10-14 offers a king, 18x11 takes it: White's two kings against one
  // king and ... White to move in W:WK1:BK11,K32, which the database says is lost for White.
  const std::string start = "W:WK1,K10:BK18,K32";
  const RunResult probe = run(kEgdb, {"probe", "--dir", db, "W:WK1:BK11,K32"});
  REQUIRE(probe.output.rfind("W:WK1:BK11,K32: loss", 0) == 0);
  const std::string pdn =
      write(folder / "match.pdn",
            game("main", "other", start, "0-1", "1. 10-14 18x11") +  // lost, as it had to be
                game("other", "main", start, "1/2-1/2", "1. 10-14 18x11", kR15));  // won, drawn
  const RunResult report =
      run(kEndings, {"report", "--engine", "main", "--pieces", "3-4", "--egdb", db, pdn});
  INFO(report.output);
  REQUIRE(report.exitCode == 0);
  CHECK(report.output.find("The first position of 3 pieces or fewer") != std::string::npos);
  // main White: reached 1, lost for it, not held. main Black: its own capture into a win it
  // did not convert.
  CHECK(report.output.find("level          2     1         0      1     0      0          0\n") !=
        std::string::npos);
  const RunResult misses = run(
      kEndings, {"report", "--engine", "main", "--pieces", "3-4", "--egdb", db, "--misses", pdn});
  CHECK(misses.output.find("game 2: W:WK1:BK11,K32 won for main in ") != std::string::npos);
  CHECK(misses.output.find("game 1:") == std::string::npos);  // lost, as it had to be
  CHECK(run(kEndings, {"report", "--engine", "main", "--egdb", (folder / "none").string(), pdn})
            .exitCode == 1);
  fs::remove_all(folder);
}
