// Perft against docs/rules.md's published counts, and the two ways of counting duplicate captures.
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "core/move_count.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "test_support.h"

namespace damiera {
namespace {

using test::boardFromFen;

// counts[d - 1] is the perft at depth d.
void checkPerft(const Position& pos, PerftMode mode, const std::vector<std::uint64_t>& counts) {
  INFO("position " << test::fenOf(pos) << ", "
                   << (mode == PerftMode::KeepDuplicates ? "keep" : "drop") << " duplicates");
  for (int depth = 1; depth <= static_cast<int>(counts.size()); ++depth) {
    INFO("depth " << depth);
    CHECK(perft(pos, depth, mode) == counts[depth - 1]);
  }
}

// docs/rules.md's published positions.
constexpr const char* kPosition1 = "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3";
constexpr const char* kPosition2 = "B:W30,21,22,17,20,K6:B25,28,9,5,1,3";
constexpr const char* kPosition3 = "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4";

TEST_CASE("Perft from the start position to depth 9, both modes", "[perft][heavy]") {
  // docs/rules.md: the two modes agree up to depth 11.
  const std::vector<std::uint64_t> counts = {7,     49,     302,    1469,   7361,
                                             36473, 177532, 828783, 3860875};
  checkPerft(Position::start(), PerftMode::KeepDuplicates, counts);
  checkPerft(Position::start(), PerftMode::DropDuplicates, counts);
}

TEST_CASE("Perft of the published test positions", "[perft]") {
  SECTION("position 1") {
    checkPerft(boardFromFen(kPosition1), PerftMode::KeepDuplicates,
               {5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177, 628686});
    // Not published: from an independent reference generator written for these tests. The
    // first duplicate captures appear at depth 10.
    checkPerft(boardFromFen(kPosition1), PerftMode::DropDuplicates,
               {5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164173, 628666});
  }
  SECTION("position 2") {
    const std::vector<std::uint64_t> counts = {6, 47, 271, 1916, 10810, 73137, 389809, 2469050};
    checkPerft(boardFromFen(kPosition2), PerftMode::KeepDuplicates, counts);
    // Not published: the reference generator finds no duplicates this shallow.
    checkPerft(boardFromFen(kPosition2), PerftMode::DropDuplicates, counts);
  }
  SECTION("position 3, where depth 7 needs P4's second-king comparison") {
    const std::vector<std::uint64_t> counts = {13, 112, 828, 6756, 46241, 368908, 2468110};
    checkPerft(boardFromFen(kPosition3), PerftMode::KeepDuplicates, counts);
    // Not published: the reference generator finds no duplicates this shallow.
    checkPerft(boardFromFen(kPosition3), PerftMode::DropDuplicates, counts);
  }
}

TEST_CASE("perftDivide lists the root moves in legalmoves order and sums to perft", "[perft]") {
  const std::vector<Position> positions = {Position::start(), boardFromFen(kPosition1),
                                           boardFromFen(kPosition2), boardFromFen(kPosition3),
                                           boardFromFen("W:WK27:B1,14,15,22,23")};
  for (const Position& pos : positions) {
    for (PerftMode mode : {PerftMode::KeepDuplicates, PerftMode::DropDuplicates}) {
      const bool keep = mode == PerftMode::KeepDuplicates;
      INFO("position " << test::fenOf(pos) << (keep ? ", keep" : ", drop") << " duplicates");
      // The root moves: every path when keeping duplicates, else the first path of each result.
      std::vector<std::string> expected;
      const std::vector<PathMove> paths = generatePathMoves(pos);
      for (std::size_t i = 0; i < paths.size(); ++i) {
        bool firstOfItsResult = true;
        for (std::size_t j = 0; j < i; ++j)
          if (paths[j].move == paths[i].move) firstOfItsResult = false;
        if (keep || firstOfItsResult) expected.push_back(test::pathText(paths[i]));
      }
      for (int depth = 1; depth <= 4; ++depth) {
        INFO("depth " << depth);
        const std::vector<PerftDivideEntry> entries = perftDivide(pos, depth, mode);
        std::vector<std::string> listed;
        std::uint64_t sum = 0;
        for (const PerftDivideEntry& e : entries) {
          listed.push_back(test::pathText(e.move));
          sum += e.nodes;
          // Each entry counts the leaves below its own move.
          const std::uint64_t below =
              depth == 1 ? 1 : perft(pos.after(e.move.move), depth - 1, mode);
          CHECK(e.nodes == below);
        }
        CHECK(listed == expected);
        CHECK(sum == perft(pos, depth, mode));
      }
    }
  }
}

TEST_CASE("Perft counts two paths to the same result twice or once by mode", "[perft]") {
  SECTION("a king's loop around four men, both ways round") {
    // King 27 takes 22, 14, 15, 23 around the diamond either way and ends on 27 (R11): two
    // paths, one result. Black's man 1 then has the one move 1-5.
    const Position pos = boardFromFen("W:WK27:B1,14,15,22,23");
    MoveList list;
    generateMoves(pos, list);
    REQUIRE(list.size() == 1);
    CHECK(list[0].paths == 2);
    checkPerft(pos, PerftMode::KeepDuplicates, {2, 2});
    checkPerft(pos, PerftMode::DropDuplicates, {1, 1});
    CHECK(countMoves(pos, true) == 2);
    CHECK(countMoves(pos, false) == 1);
  }
  SECTION("a figure of eight through the same square twice") {
    // King 26 takes 22, then the ring 14, 6, 7, 15 or 15, 7, 6, 14 back to 19, then 23 to 28.
    // Black's man 1 (added) then moves 1-5; White's king on 28 has 23, 24, 31, 32.
    const Position pos = boardFromFen("W:WK26:B1,6,7,14,15,22,23");
    MoveList list;
    generateMoves(pos, list);
    REQUIRE(list.size() == 1);
    CHECK(list[0].paths == 2);
    checkPerft(pos, PerftMode::KeepDuplicates, {2, 2, 8});
    checkPerft(pos, PerftMode::DropDuplicates, {1, 1, 4});
  }
}

// The last plies counted the slow way: every landing path from the notation generator (which
// records paths and shares no counting code with countMoves and countReplies).
std::uint64_t leavesByPaths(const Position& pos, bool keepDuplicates) {
  const std::vector<PathMove> paths = generatePathMoves(pos);
  if (keepDuplicates) return paths.size();
  std::set<std::tuple<Bitboard, Square, Square>> results;
  for (const PathMove& m : paths) results.insert({m.move.captured, m.move.from, m.move.to});
  return results.size();
}

std::uint64_t repliesByPaths(const Position& pos, bool keepDuplicates) {
  std::uint64_t count = 0;
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& m : moves)
    count += leavesByPaths(pos.after(m), keepDuplicates) * (keepDuplicates ? m.paths : 1);
  return count;
}

// Random boards, many with kings and pieces close together: threats, pieces that can be
// jumped on arrival or by the square they leave, crowning steps (R12), men and kings of both
// sides taking each other or not (R8).
Position randomBoard(std::mt19937& rng) {
  Position pos;
  const unsigned density = 2 + rng() % 5;  // of 8: how full the board is
  const unsigned kings = rng() % 5;        // of 8: how many pieces are kings
  int count[2] = {0, 0};
  for (int n = 1; n <= kNumSquares; ++n) {
    if (rng() % 8 >= density) continue;
    const Color c = rng() % 2 ? Color::White : Color::Black;
    if (count[static_cast<int>(c)] == 12) continue;  // R3: twelve pieces a side at most
    const Square s = squareFromNumber(n);
    const bool onPromotionRow = (bit(s) & promotionRow(c)) != 0;
    pos.put(s, c, onPromotionRow || rng() % 8 < kings);
    ++count[static_cast<int>(c)];
  }
  pos.setSideToMove(rng() % 2 ? Color::White : Color::Black);
  return pos;
}

TEST_CASE("Bulk counting of the last two plies equals counting every path", "[perft]") {
  std::mt19937 rng(20261201);
  int quietParents = 0;
  for (int round = 0; round < 20000; ++round) {
    const Position pos = randomBoard(rng);
    if (!hasCapture(pos)) ++quietParents;
    for (const bool keep : {true, false}) {
      INFO(test::fenOf(pos) << (keep ? " keep" : " drop"));
      REQUIRE(countMoves(pos, keep) == leavesByPaths(pos, keep));
      REQUIRE(countReplies(pos, keep) == repliesByPaths(pos, keep));
    }
  }
  CHECK(quietParents > 5000);  // the bulk count's case, not only the capture one
}

}  // namespace
}  // namespace damiera
