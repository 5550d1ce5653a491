// damiera-train end to end on a small synthetic data set: it learns (the training loss goes
// down; 400 games are too few to generalise, which is not what this checks), it is deterministic
// (same data and seed: the same bytes), it writes a whole weights file, and it refuses data it
// cannot use with one line and exit code 1.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "tests/common/file_text.h"
#include "tests/common/tool_run.h"
#include "train/sample.h"
#include "train/sample_file.h"

using namespace damiera;
using namespace damiera::train;
namespace fs = std::filesystem;

namespace {

fs::path scratchFolder(const std::string& name) {
  const fs::path dir = fs::path(DAMIERA_BUILD_DIR) / "train-tests" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Random games; the winner is whoever has more material when the game stops (a rule the
// hand-made material term already knows, so the fit starts from a sensible place), the score
// is the material difference. Whole games, each starting with kGameStart.
std::vector<Sample> syntheticGames(int games, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Sample> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    std::vector<Sample> game;
    const int length = 20 + static_cast<int>(rng() % 60);
    for (int ply = 0; ply < length; ++ply) {
      MoveList moves;
      generateMoves(pos, moves);
      if (moves.empty()) break;
      game.push_back(sampleOf(pos, ply));
      pos = pos.after(moves[rng() % moves.size()]);
    }
    const int material = popcount(pos.pieces(Color::White)) + popcount(pos.kings(Color::White)) -
                         popcount(pos.pieces(Color::Black)) - popcount(pos.kings(Color::Black));
    const int whiteResult = material > 0 ? 1 : material < 0 ? -1 : 0;
    for (std::size_t i = 0; i < game.size(); ++i) {
      Sample& s = game[i];
      const int sign = s.sideToMove == Color::White ? 1 : -1;
      s.result = static_cast<std::int8_t>(sign * whiteResult);
      s.score = static_cast<std::int16_t>(sign * 100 * material);
      if (i == 0) s.flags |= kGameStart;
      out.push_back(s);
    }
  }
  return out;
}

using Run = damiera::tool_test::ToolRun;

Run runTrainer(const std::string& arguments) {
  return damiera::tool_test::runTool(DAMIERA_TRAIN_TOOL, arguments);
}

double trainLossAfter(const std::string& output, const std::string& line) {
  std::smatch m;
  const std::regex pattern(line + ": train loss ([0-9.]+) validation loss [0-9.]+");
  REQUIRE(std::regex_search(output, m, pattern));
  return std::stod(m[1]);
}

}  // namespace

TEST_CASE("damiera-train learns, deterministically, and writes a whole weights file",
          "[train][trainer][heavy]") {
  const fs::path dir = scratchFolder("trainer");
  writeSampleFile(dir / "games.samples", syntheticGames(400, 5));
  const std::string common = "--data " + (dir / "games.samples").string() +
                             " --epochs 4 --batch 512 --validation-every 5 --seed 3 --out ";
  const Run first = runTrainer(common + (dir / "a.weights").string());
  INFO(first.output);
  REQUIRE(first.status == 0);
  CHECK(trainLossAfter(first.output, "epoch 4") < trainLossAfter(first.output, "start") - 0.01);
  const Run second = runTrainer(common + (dir / "b.weights").string());
  REQUIRE(second.status == 0);
  const std::string a = damiera::test::fileText(dir / "a.weights");
  CHECK(a.size() == 241532);
  CHECK(a.substr(0, 8) == "DAMEVAL2");
  CHECK(a == damiera::test::fileText(dir / "b.weights"));
  CHECK_FALSE(fs::exists(dir / "a.weights.tmp"));
  // Another seed shuffles differently: other weights.
  const Run other = runTrainer("--data " + (dir / "games.samples").string() +
                               " --epochs 4 --batch 512 --validation-every 5 --seed 4 --out " +
                               (dir / "c.weights").string());
  REQUIRE(other.status == 0);
  CHECK(damiera::test::fileText(dir / "c.weights") != a);
  // --games: the first games only, so a run can be repeated while self-play adds chunks.
  const Run part = runTrainer("--data " + (dir / "games.samples").string() +
                              " --games 100 --epochs 1 --out " + (dir / "d.weights").string());
  REQUIRE(part.status == 0);
  CHECK(part.output.find(" in 100 games;") != std::string::npos);
  // --king-tables: the tables left out keep their start (zero from the hand-made start).
  // The king tables are the file's last 2 x 1,312 int16 before the 8-byte checksum.
  const auto kingTables = [](const std::string& file) {
    constexpr std::size_t kKingBytes = 2 * 2 * 1312;
    return file.substr(file.size() - 8 - kKingBytes, kKingBytes);
  };
  CHECK(kingTables(a).find_first_not_of('\0') != std::string::npos);
  const Run none = runTrainer(common + (dir / "e.weights").string() + " --king-tables none");
  REQUIRE(none.status == 0);
  const std::string e = damiera::test::fileText(dir / "e.weights");
  CHECK(kingTables(e).find_first_not_of('\0') == std::string::npos);
  CHECK(e != a);
}

TEST_CASE("damiera-train refuses data it cannot use, and writes nothing", "[train][trainer]") {
  const fs::path dir = scratchFolder("trainer-bad");
  std::ofstream(dir / "junk.samples") << "not a sample file";
  const Run junk = runTrainer("--data " + (dir / "junk.samples").string() + " --out " +
                              (dir / "w.weights").string());
  CHECK(junk.status == 1);
  CHECK(junk.output.find("junk.samples") != std::string::npos);
  const Run missing = runTrainer("--out " + (dir / "w.weights").string());
  CHECK(missing.status == 2);
  CHECK(missing.output.find("--data") != std::string::npos);
  const Run unknownTable = runTrainer("--data " + (dir / "junk.samples").string() + " --out " +
                                      (dir / "w.weights").string() + " --king-tables kings");
  CHECK(unknownTable.status == 2);
  CHECK(unknownTable.output.find("--king-tables: unknown table 'kings'") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "w.weights"));
}
