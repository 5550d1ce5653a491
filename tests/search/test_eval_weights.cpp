// The learned evaluation's features and weights: colour symmetry by construction over many
// positions with arbitrary weights, the region indices, the hand-only weights reproducing the
// hand terms, and the weights file (round trip, every kind of damage refused).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "search/eval.h"
#include "test_util.h"

using namespace damiera;
using namespace damiera::test;

namespace {

// Positions from random games (every ply a uniformly random legal move), kings included.
std::vector<Position> randomGamePositions(int games, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Position> positions;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      generateMoves(pos, moves);
      if (moves.empty()) break;
      positions.push_back(pos);
      pos = pos.after(moves[random() % moves.size()]);
    }
  }
  return positions;
}

std::shared_ptr<EvalWeights> randomWeights(std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> multiplier(-3000, 3000), entry(-2000, 2000);
  auto w = std::make_shared<EvalWeights>();
  for (auto& phase : w->terms)
    for (auto& v : phase) v = static_cast<std::int16_t>(multiplier(random));
  for (auto& phase : w->patterns)
    for (auto& region : phase)
      for (auto& v : region) v = static_cast<std::int16_t>(entry(random));
  for (auto& phase : w->kings) {
    for (auto& v : phase.squares) v = static_cast<std::int16_t>(entry(random));
    for (auto& v : phase.freedom) v = static_cast<std::int16_t>(entry(random));
    for (auto& v : phase.signature) v = static_cast<std::int16_t>(entry(random));
    for (auto& v : phase.tempo) v = static_cast<std::int16_t>(entry(random));
  }
  return w;
}

std::string fileBytes(const std::vector<std::uint8_t>& bytes) {
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

TEST_CASE("Learned evaluation: colour symmetric for any weights, over random games",
          "[search][eval]") {
  const std::vector<Position> positions = randomGamePositions(200, 7);
  REQUIRE(positions.size() > 10000);
  const auto weights = randomWeights(11);
  int kingPositions = 0;
  for (const Position& pos : positions) {
    const Position twin = colourFlipped(pos);
    const EvalFeatures f = extractFeatures(pos);
    const EvalFeatures g = extractFeatures(twin);
    INFO(pos.key());
    REQUIRE(f.whiteIndex == g.blackIndex);
    REQUIRE(f.blackIndex == g.whiteIndex);
    REQUIRE(f.kings.kingSquares[0] == g.kings.kingSquares[1]);
    REQUIRE(f.kings.kingSquares[1] == g.kings.kingSquares[0]);
    REQUIRE(f.kings.freedom[0] == g.kings.freedom[1]);
    REQUIRE(f.kings.signature[0] == g.kings.signature[1]);
    REQUIRE(f.kings.tempo == g.kings.tempo);
    REQUIRE(f.kings.tempoSign == -g.kings.tempoSign);
    REQUIRE(evaluate(twin, *weights) == evaluate(pos, *weights));
    REQUIRE(evaluate(twin) == evaluate(pos));
    kingPositions += pos.allKings() != 0;
  }
  CHECK(kingPositions > 1000);  // the random games reach endings with kings
}

TEST_CASE("Learned evaluation: a region's index is its men in base 3", "[search][eval]") {
  // The north-west box is rows 8..5, files a..d: squares 1, 2, 5, 6, 9, 10, 13, 14.
  // White men on 5 and 14 (own = 1), Black man on 2 (enemy = 2); kings count as empty.
  const EvalFeatures f = extractFeatures(fen("W:W5,14,K9:B2,20"));
  // Digits in ascending square order: 1:0, 2:2, 5:1, 6:0, 9:0 (king), 10:0, 13:0, 14:1.
  CHECK(f.whiteIndex[0] == 2 * 3 + 1 * 9 + 1 * 2187);
  // Black's south-east box seen from its side is White's north-west turned half a turn: the
  // squares 33 - n: 32, 31, 28, 27, 24, 23, 20, 19. Black's man on 20 is its 7th square.
  CHECK(f.blackIndex[0] == 1 * 729);
  CHECK(f.pieces == 5);
}

TEST_CASE("Learned evaluation: hand-only weights are the hand terms exactly", "[search][eval]") {
  const EvalWeights handOnly = EvalWeights::handOnly();
  for (const Position& pos : randomGamePositions(20, 3)) {
    const EvalFeatures f = extractFeatures(pos);
    int sum = 0;
    for (int term : f.terms) sum += term;
    const int white = std::clamp(sum * f.scale / kEvalScaleFull, -kEvalLimit, kEvalLimit);
    REQUIRE(evaluate(pos, handOnly) == (pos.sideToMove() == Color::White ? white : -white));
  }
}

TEST_CASE("Evaluation weights file: round trip, and damage refused with a reason",
          "[search][eval]") {
  const auto weights = randomWeights(5);
  const std::vector<std::uint8_t> bytes = serializeEvalWeights(*weights);
  CHECK(bytes.size() == 241532);
  const auto back = parseEvalWeights(fileBytes(bytes));
  CHECK(back->terms == weights->terms);
  CHECK(back->patterns == weights->patterns);
  for (int p = 0; p < kPhaseCount; ++p) {
    CHECK(back->kings[p].squares == weights->kings[p].squares);
    CHECK(back->kings[p].freedom == weights->kings[p].freedom);
    CHECK(back->kings[p].signature == weights->kings[p].signature);
    CHECK(back->kings[p].tempo == weights->kings[p].tempo);
  }

  auto refused = [](const std::string& text, const std::string& reason) {
    INFO(reason);
    CHECK_THROWS_WITH(parseEvalWeights(text), Catch::Contains(reason));
  };
  refused("", "0 bytes, expected 241532");
  refused(fileBytes(bytes).substr(0, bytes.size() - 1), "expected 241532");
  std::vector<std::uint8_t> damaged = bytes;
  damaged[0] = 'X';
  refused(fileBytes(damaged), "no DAMEVAL2 header");
  damaged = bytes;
  damaged[8 + 4 * 6] = 99;  // another number of signature entries
  refused(fileBytes(damaged), "another shape");
  damaged = bytes;
  damaged[8] = 11;  // another number of hand terms
  refused(fileBytes(damaged), "another shape");
  damaged = bytes;
  damaged[1000] ^= 1;
  refused(fileBytes(damaged), "checksum");

  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("damiera-eval-weights-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "w.weights").string();
  saveEvalWeights(*weights, path);
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
  CHECK(loadEvalWeights(path)->patterns == weights->patterns);
  CHECK_THROWS_WITH(loadEvalWeights((dir / "missing").string()), Catch::Contains("cannot read"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("A weights file from before the king tables (DAMEVAL1) loads with them zero",
          "[search][eval]") {
  // Generations 1 and 2 were written so: magic, four shape numbers, terms, regions, checksum.
  const auto weights = randomWeights(9);
  std::vector<std::uint8_t> old = {'D', 'A', 'M', 'E', 'V', 'A', 'L', '1'};
  auto put = [&](std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) old.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  };
  for (int n : {int{kHandTermCount}, kRegionCount, kRegionEntries, kPhaseCount}) put(n, 4);
  for (const auto& phase : weights->terms)
    for (std::int16_t v : phase) put(static_cast<std::uint16_t>(v), 2);
  for (const auto& phase : weights->patterns)
    for (const auto& region : phase)
      for (std::int16_t v : region) put(static_cast<std::uint16_t>(v), 2);
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::uint8_t b : old) hash = (hash ^ b) * 0x100000001b3ull;
  put(hash, 8);
  REQUIRE(old.size() == 236268);
  const auto back = parseEvalWeights(fileBytes(old));
  CHECK(back->terms == weights->terms);
  CHECK(back->patterns == weights->patterns);
  for (const auto& phase : back->kings) {
    CHECK(std::all_of(phase.squares.begin(), phase.squares.end(), [](int v) { return v == 0; }));
    CHECK(
        std::all_of(phase.signature.begin(), phase.signature.end(), [](int v) { return v == 0; }));
  }
  old[100] ^= 1;
  CHECK_THROWS_WITH(parseEvalWeights(fileBytes(old)), Catch::Contains("checksum"));
}

TEST_CASE("King tables: squares on the own board, freedom, signature, tempo parity",
          "[search][eval]") {
  // White king on 18 (next to 13, 14, 21, 22) with own men on 14 and 21: two empty squares.
  // Black king on 1 (its own square 32), in the corner: one square next to it, 5, empty.
  const KingFeatures k = extractFeatures(fen("W:WK18,14,21:BK1,6")).kings;
  CHECK(k.kingSquares[0] == 1u << 17);
  CHECK(k.kingSquares[1] == 1u << 31);
  CHECK(k.freedom[0][2] == 1);
  CHECK(k.freedom[1][1] == 1);
  CHECK(k.signature[0] == signatureIndex(2, 1, 1, 1));
  CHECK(k.signature[1] == signatureIndex(1, 1, 2, 1));
  CHECK(k.tempoSign == 0);  // kings on the board: no tempo entry
  // Men only: White men on 22 (row 5 from the top: 2 rows advanced) and 13 (row 3: 4 rows), a
  // Black man on 9 (row 2: 2 rows): the tempo count 8 is even; Black to move.
  const KingFeatures men = extractFeatures(fen("B:W22,13:B9")).kings;
  CHECK(men.tempo == 0 * kTempoMenEntries + 3);
  CHECK(men.tempoSign == -1);
  // One row more for White: odd.
  CHECK(extractFeatures(fen("B:W18,13:B9")).kings.tempo == 1 * kTempoMenEntries + 3);
  // Many men: both signatures are the capped one and cancel.
  const KingFeatures start = extractFeatures(Position::start()).kings;
  CHECK(start.signature[0] == start.signature[1]);
}

TEST_CASE("The embedded weights parse and keep the start position level", "[search][eval]") {
  const EvalWeights& w = embeddedEvalWeights();
  const EvalReport report = explainEvaluation(Position::start(), w);
  CHECK(std::abs(report.total) < 50);
  // Material must still mean something after training.
  CHECK(evaluate(fen("W:W22,23,24:B10,11")) > 50);
}
