// Training records (src/train/sample.h) and their files (src/train/sample_file.h), as
// documented in docs/selfplay.md.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "train/sample.h"
#include "train/sample_file.h"

using namespace damiera;
using namespace damiera::train;
namespace fs = std::filesystem;

namespace {

Position fen(const char* text) {
  auto parsed = parseFen(text);
  REQUIRE(parsed);
  return *parsed.value;
}

// A fresh empty folder in the build tree for one test.
fs::path scratchFolder(const std::string& name) {
  const fs::path dir = fs::path(DAMIERA_BUILD_DIR) / "train-tests" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Positions of random games from the start: men, kings, captures, both sides to move.
std::vector<Sample> randomGameSamples(int games, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Sample> out;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generateMoves(pos, moves);
      if (moves.empty()) break;
      Sample s = sampleOf(pos, ply);
      s.score = static_cast<std::int16_t>(static_cast<int>(rng() % 4001) - 2000);
      s.result = static_cast<std::int8_t>(static_cast<int>(rng() % 3) - 1);
      out.push_back(s);
      pos = pos.after(moves[static_cast<int>(rng() % moves.size())]);
    }
  }
  return out;
}

std::vector<char> bytesOf(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void writeBytes(const fs::path& p, const std::vector<char>& bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_CASE("square sets use Italian square numbers: bit n-1 is square n (R2)", "[train]") {
  for (int n = 1; n <= kNumSquares; ++n) {
    CHECK(toSquareSet(bit(squareFromNumber(n))) == (SquareSet{1} << (n - 1)));
    CHECK(toBitboard(SquareSet{1} << (n - 1)) == bit(squareFromNumber(n)));
  }
  CHECK(toSquareSet(kPlayable) == 0xFFFFFFFFu);
}

TEST_CASE("a sample of the start position (R3)", "[train]") {
  const Sample s = sampleOf(Position::start(), 0);
  CHECK(s.whiteMen == 0xFFF00000u);  // squares 21..32
  CHECK(s.blackMen == 0x00000FFFu);  // squares 1..12
  CHECK(s.whiteKings == 0);
  CHECK(s.blackKings == 0);
  CHECK(s.sideToMove == Color::White);
  CHECK(s.flags == kQuiet);
  CHECK(validate(s).empty());
  CHECK(positionOf(s) == Position::start());
  CHECK(positionOf(s).key() == Position::start().key());
}

TEST_CASE("a record is 24 little-endian bytes at the documented offsets", "[train]") {
  Sample s;
  s.whiteMen = 0x04030201u;
  s.whiteKings = 0x08070605u;
  s.blackMen = 0x0C0B0A09u;
  s.blackKings = 0x100F0E0Du;
  s.sideToMove = Color::Black;
  s.flags = kScoreForced;
  s.score = -2;
  s.result = -1;
  s.ply = 200;
  const Record r = encode(s);
  const Record expected = {1,  2,  3,  4,  5, 6, 7,    8,    9,    10,  11, 12,
                           13, 14, 15, 16, 1, 2, 0xFE, 0xFF, 0xFF, 200, 0,  0};
  CHECK(r == expected);
  CHECK(decode(r) == s);
}

TEST_CASE("the quiet flag says whether the side to move must capture (R6)", "[train]") {
  // White 22 faces black 18 with 15 empty: 22x15 is forced.
  const Position capture = fen("W:W22:B18");
  REQUIRE(hasCapture(capture));
  CHECK((sampleOf(capture, 10).flags & kQuiet) == 0);
  const Position quiet = fen("W:W22:B5");
  CHECK((sampleOf(quiet, 10).flags & kQuiet) != 0);
  CHECK(sampleOf(quiet, 1000).ply == kMaxStoredPly);
}

TEST_CASE("validate rejects positions a game cannot reach", "[train]") {
  Sample good = sampleOf(fen("B:W22,K3:B18,K30"), 7);
  REQUIRE(validate(good).empty());
  CHECK(positionOf(good) == fen("B:W22,K3:B18,K30"));

  Sample s = good;
  s.whiteMen |= SquareSet{1} << 1;  // a white man on square 2 (rank 8): R12 crowns it
  CHECK(validate(s) == "a white man on rank 8");
  s = good;
  s.blackMen |= SquareSet{1} << 30;  // a black man on square 31 (rank 1)
  CHECK(validate(s) == "a black man on rank 1");
  s = good;
  s.blackMen |= s.whiteMen;
  CHECK(validate(s) == "a square holds two pieces");
  s = good;
  s.flags ^= kQuiet;
  CHECK(validate(s) == "quiet flag disagrees with the position (R6)");
  s = good;
  s.result = 2;
  CHECK(validate(s) == "result outside -1..1");
  s = good;
  s.flags |= 0x80;
  CHECK(validate(s) == "unknown flag bits");
}

TEST_CASE("sample files round-trip and leave no temporary behind", "[train]") {
  const fs::path dir = scratchFolder("round-trip");
  const std::vector<Sample> samples = randomGameSamples(20, 1);
  REQUIRE(samples.size() > 1000);
  for (const Sample& s : samples) REQUIRE(validate(s).empty());
  const fs::path file = dir / "games.0000";
  writeSampleFile(file, samples);
  CHECK(fs::file_size(file) == kHeaderSize + samples.size() * kRecordSize);
  CHECK(!fs::exists(dir / "games.0000.tmp"));
  CHECK(readSampleFile(file) == samples);
  CHECK(sampleFileCount(file) == samples.size());

  writeSampleFile(dir / "empty", {});
  CHECK(readSampleFile(dir / "empty").empty());
}

TEST_CASE("foreign, truncated and damaged sample files give a clear error", "[train]") {
  const fs::path dir = scratchFolder("errors");
  const fs::path good = dir / "good";
  writeSampleFile(good, randomGameSamples(2, 2));
  const std::vector<char> bytes = bytesOf(good);
  const fs::path bad = dir / "bad";
  using Catch::Matchers::Contains;

  SECTION("missing") {
    CHECK_THROWS_WITH(readSampleFile(dir / "none"), Contains("none: cannot be opened"));
  }
  SECTION("empty") {
    writeBytes(bad, {});
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("too short to be a sample file"));
  }
  SECTION("foreign") {
    writeBytes(bad, std::vector<char>(100, 'x'));
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("not a sample file (wrong magic)"));
  }
  SECTION("truncated header") {
    writeBytes(bad, std::vector<char>(bytes.begin(), bytes.begin() + 20));
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("truncated header"));
  }
  SECTION("truncated records") {
    writeBytes(bad, std::vector<char>(bytes.begin(), bytes.end() - 5));
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("truncated"));
    CHECK_THROWS_WITH(sampleFileCount(bad), Contains("truncated"));
  }
  SECTION("trailing garbage") {
    std::vector<char> longer = bytes;
    longer.push_back(0);
    writeBytes(bad, longer);
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("trailing garbage"));
  }
  SECTION("a damaged record") {
    std::vector<char> damaged = bytes;
    damaged[kHeaderSize + 5 * kRecordSize + 3] ^= 0x10;
    writeBytes(bad, damaged);
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("damaged: the records' checksum differs"));
  }
  SECTION("another version") {
    std::vector<char> other = bytes;
    other[8] = 2;
    writeBytes(bad, other);
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("version 2, this reader knows version 1"));
  }
  SECTION("another record size") {
    std::vector<char> other = bytes;
    other[12] = 32;
    writeBytes(bad, other);
    CHECK_THROWS_WITH(readSampleFile(bad), Contains("record size 32, expected 24"));
  }
  CHECK(readSampleFile(good).size() == (bytes.size() - kHeaderSize) / kRecordSize);
}

TEST_CASE("sampleFiles finds a file, a folder's sample files, or a chunk set", "[train]") {
  const fs::path dir = scratchFolder("listing");
  const std::vector<Sample> samples = randomGameSamples(1, 3);
  writeSampleFile(dir / "run.0001", samples);
  writeSampleFile(dir / "run.0000", samples);
  writeSampleFile(dir / "other.0000", samples);
  writeBytes(dir / "README.txt", {'h', 'i'});
  writeBytes(dir / "run.0002.tmp", bytesOf(dir / "run.0000"));  // an interrupted write

  CHECK(sampleFiles(dir / "run.0001") == std::vector<fs::path>{dir / "run.0001"});
  CHECK(sampleFiles(dir / "run") == std::vector<fs::path>{dir / "run.0000", dir / "run.0001"});
  CHECK(sampleFiles(dir) ==
        std::vector<fs::path>{dir / "other.0000", dir / "run.0000", dir / "run.0001"});
  CHECK_THROWS_WITH(sampleFiles(dir / "nothing"), Catch::Matchers::Contains("no sample files"));
}
