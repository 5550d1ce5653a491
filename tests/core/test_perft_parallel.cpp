// Perft with a table and threads gives the same counts, in the same order, as plain perft,
// and stops when asked.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/perft.h"
#include "core/perft_parallel.h"
#include "core/perft_table.h"
#include "test_support.h"

namespace damiera {
namespace {

using test::boardFromFen;

struct Run {
  bool completed = false;
  std::vector<std::string> moves;
  std::vector<std::uint64_t> counts;
  std::uint64_t total = 0;
};

PerftSettings settingsOf(PerftMode mode, std::size_t hashMegabytes, int threads) {
  PerftSettings settings;
  settings.mode = mode;
  settings.hashMegabytes = hashMegabytes;
  settings.threads = threads;
  return settings;
}

Run run(const Position& pos, int depth, const PerftSettings& settings,
        const std::function<bool()>& stop = {}) {
  Run r;
  r.completed = perftDivide(pos, depth, settings, stop, [&](const PerftDivideEntry& e) {
    r.moves.push_back(test::pathText(e.move));
    r.counts.push_back(e.nodes);
    r.total += e.nodes;
  });
  return r;
}

TEST_CASE("Perft with hash and threads matches plain perft, divide order included",
          "[perft][parallel]") {
  const std::vector<std::pair<Position, int>> cases = {
      {Position::start(), 8},
      {boardFromFen("W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3"), 10},
      {boardFromFen("B:W30,21,22,17,20,K6:B25,28,9,5,1,3"), 7},
      {boardFromFen("W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4"), 6},
      {boardFromFen("W:WK27:B1,14,15,22,23"), 3},  // duplicate captures at the root
  };
  for (const auto& [pos, maxDepth] : cases) {
    for (PerftMode mode : {PerftMode::KeepDuplicates, PerftMode::DropDuplicates}) {
      for (int depth : {1, 2, 3, maxDepth}) {
        INFO("position " << test::fenOf(pos) << " depth " << depth
                         << (mode == PerftMode::KeepDuplicates ? " keep" : " unique"));
        const std::vector<PerftDivideEntry> plain = perftDivide(pos, depth, mode);
        std::vector<std::string> moves;
        std::vector<std::uint64_t> counts;
        for (const PerftDivideEntry& e : plain) {
          moves.push_back(test::pathText(e.move));
          counts.push_back(e.nodes);
        }
        for (const PerftSettings& settings : {settingsOf(mode, 0, 1), settingsOf(mode, 1, 1),
                                              settingsOf(mode, 0, 3), settingsOf(mode, 4, 2)}) {
          INFO("hash " << settings.hashMegabytes << " threads " << settings.threads);
          const Run r = run(pos, depth, settings);
          CHECK(r.completed);
          CHECK(r.moves == moves);
          CHECK(r.counts == counts);
          CHECK(r.total == perft(pos, depth, mode));
        }
      }
    }
  }
}

TEST_CASE("Perft with the table: a second run is all hits and still exact", "[perft][parallel]") {
  // 1 MB at depth 9 overflows the table many times: replacement must never corrupt a count.
  const Run r = run(Position::start(), 9, settingsOf(PerftMode::KeepDuplicates, 1, 2));
  CHECK(r.total == 3860875);
  const Run u = run(Position::start(), 9, settingsOf(PerftMode::DropDuplicates, 1, 1));
  CHECK(u.total == 3860875);
}

TEST_CASE("Perft with a table made beforehand fills it with exact subtree counts",
          "[perft][parallel]") {
  PerftSettings settings = settingsOf(PerftMode::KeepDuplicates, 0, 1);
  settings.table = std::make_shared<PerftTable>(16);
  CHECK(run(Position::start(), 8, settings).total == 828783);
  // The work is split two plies down: the first reply to the first root move is a task of
  // depth 6, counted through the table.
  MoveList moves;
  generateMoves(Position::start(), moves);
  const Position child = Position::start().after(moves[0]);
  generateMoves(child, moves);
  const Position grandchild = child.after(moves[0]);
  CHECK(settings.table->probe(grandchild.key(), 6) ==
        std::optional<std::uint64_t>(perft(grandchild, 6, PerftMode::KeepDuplicates)));
  CHECK(run(Position::start(), 8, settings).total == 828783);  // now from the table
}

TEST_CASE("PerftTable keeps counts by position and depth", "[perft][parallel]") {
  PerftTable table(1);
  CHECK_FALSE(table.probe(12345, 3));
  table.store(12345, 3, 777);
  CHECK(table.probe(12345, 3) == std::optional<std::uint64_t>(777));
  CHECK_FALSE(table.probe(12345, 4));  // same position, other depth
  CHECK_FALSE(table.probe(12346, 3));
  table.store(12345, 4, 0);  // a zero count (no legal move) is a count too
  CHECK(table.probe(12345, 4) == std::optional<std::uint64_t>(0));
}

TEST_CASE("Perft with threads or one thread stops when asked, entries so far complete",
          "[perft][parallel]") {
  const std::vector<PerftDivideEntry> exact =
      perftDivide(Position::start(), 7, PerftMode::KeepDuplicates);
  for (int threads : {1, 2}) {
    INFO("threads " << threads);
    int asked = 0;
    // Stop at the third question: long before depth 14 could finish.
    const Run r = run(Position::start(), 14, settingsOf(PerftMode::KeepDuplicates, 0, threads),
                      [&] { return ++asked >= 3; });
    CHECK_FALSE(r.completed);
    CHECK(asked >= 3);
    CHECK(r.moves.size() < exact.size());
  }
  // Asked but never stopping: completes.
  int asked = 0;
  const Run r = run(Position::start(), 7, settingsOf(PerftMode::KeepDuplicates, 0, 2), [&] {
    ++asked;
    return false;
  });
  CHECK(r.completed);
  CHECK(r.total == 177532);
}

}  // namespace
}  // namespace damiera
