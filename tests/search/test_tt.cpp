// The transposition table: store and probe, forced-result scores relative to the node,
// compact moves that decode back to legal moves, replacement and sizing.
#include <sys/mman.h>

#include <catch2/catch.hpp>

#include "search/bench.h"
#include "search/score.h"
#include "search/tt.h"
#include "test_util.h"
#include "tests/common/resident_memory.h"
#include "tests/common/skip_test.h"

using namespace damiera;
using namespace damiera::test;
using damiera::test_memory::residentMb;

TEST_CASE("TT: what is stored is probed back", "[search][tt]") {
  TranspositionTable table(1);
  const std::uint64_t key = 0x123456789ABCDEF0ULL;
  CHECK_FALSE(table.probe(key, 0));
  table.store(key, 7, Bound::Lower, 123, -45, 0x8123, 3);
  const std::optional<TTHit> hit = table.probe(key, 3);
  REQUIRE(hit);
  CHECK(hit->depth == 7);
  CHECK(hit->bound == Bound::Lower);
  CHECK(hit->score == 123);
  CHECK(hit->eval == -45);
  CHECK(hit->move == 0x8123);
  CHECK_FALSE(table.probe(key ^ 1, 3));
}

TEST_CASE("TT: forced-result scores are stored relative to the node", "[search][tt]") {
  TranspositionTable table(1);
  const std::uint64_t key = 42;
  // Found at ply 4: the side to move there wins at ply 10 from the root, 6 plies from here.
  table.store(key, 5, Bound::Exact, mateInPlies(10), 0, kNoMoveCode, 4);
  // Reached again at ply 2 through another path: still 6 plies away, so ply 8 from the root.
  REQUIRE(table.probe(key, 2));
  CHECK(table.probe(key, 2)->score == mateInPlies(8));
  table.store(key + 1, 5, Bound::Exact, matedInPlies(9), 0, kNoMoveCode, 5);
  CHECK(table.probe(key + 1, 1)->score == matedInPlies(5));
  // Ordinary scores are not touched.
  table.store(key + 2, 5, Bound::Upper, -250, 0, kNoMoveCode, 9);
  CHECK(table.probe(key + 2, 1)->score == -250);
  CHECK(scoreFromTT(scoreToTT(mateInPlies(17), 6), 6) == mateInPlies(17));
}

TEST_CASE("TT: database scores are stored relative to the node too", "[search][tt][egdb]") {
  TranspositionTable table(1);
  // A database win seen at ply 9 from a node at ply 3 (6 plies below it), read again at ply 1.
  table.store(7, 4, Bound::Exact, kScoreDatabaseWin - 9, 0, kNoMoveCode, 3);
  CHECK(table.probe(7, 1)->score == kScoreDatabaseWin - 7);
  table.store(8, 4, Bound::Exact, -(kScoreDatabaseWin - 12), 0, kNoMoveCode, 5);
  CHECK(table.probe(8, 2)->score == -(kScoreDatabaseWin - 9));
  // The largest evaluation-like score below the band is left alone.
  CHECK(scoreToTT(kScoreDatabaseBound - 1, 10) == kScoreDatabaseBound - 1);
  CHECK(scoreFromTT(scoreToTT(-(kScoreDatabaseWin - 40), 20), 20) == -(kScoreDatabaseWin - 40));
}

TEST_CASE("TT: a move code decodes back to the same legal move", "[search][tt]") {
  // Includes king captures that return to their start square and positions with captures.
  std::vector<std::string_view> fens(benchPositions().begin(), benchPositions().end());
  fens.push_back("W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4");
  fens.push_back("B:W30,21,22,17,20,K6:B25,28,9,5,1,3");
  for (std::string_view text : fens) {
    const Position pos = fen(text);
    MoveList moves;
    generateMoves(pos, moves);
    for (int i = 0; i < moves.size(); ++i) {
      const MoveCode code = encodeMove(moves, i);
      CHECK(code != kNoMoveCode);
      CHECK(decodeMove(moves, code) == i);
    }
    CHECK(decodeMove(moves, kNoMoveCode) == -1);
  }
}

TEST_CASE("TT: a code that matches no legal move decodes to none", "[search][tt]") {
  const Position start = Position::start();
  MoveList moves;
  generateMoves(start, moves);
  const Position other = fen("W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4");
  MoveList otherMoves;
  generateMoves(other, otherMoves);
  int unmatched = 0;
  for (int i = 0; i < otherMoves.size(); ++i) {
    INFO("move " << i);
    int sameEnds = -1;  // the start position's move with the same from and to, if any
    for (int j = 0; j < moves.size(); ++j)
      if (moves[j].from == otherMoves[i].from && moves[j].to == otherMoves[i].to) sameEnds = j;
    const int decoded = decodeMove(moves, encodeMove(otherMoves, i));
    CHECK(decoded == sameEnds);  // none when no legal move has those ends
    if (sameEnds < 0) ++unmatched;
  }
  CHECK(unmatched >= 10);  // the case the test is named for really happens, many times
  // No code at all, and a code whose ordinal is past the moves with its ends.
  CHECK(decodeMove(moves, kNoMoveCode) == -1);
  const MoveCode first = encodeMove(moves, 0);
  CHECK(decodeMove(moves, first) == 0);
  CHECK(decodeMove(moves, static_cast<MoveCode>(first | (1 << 10))) == -1);
}

TEST_CASE("TT: deeper results of the current search are kept", "[search][tt]") {
  TranspositionTable table(1);
  const std::uint64_t key = 7;
  table.store(key, 12, Bound::Lower, 50, 0, 0x8001, 0);
  table.store(key, 2, Bound::Upper, -10, 0, kNoMoveCode, 0);  // shallow: ignored
  CHECK(table.probe(key, 0)->depth == 12);
  table.store(key, 3, Bound::Exact, 20, 0, kNoMoveCode, 0);  // exact: replaces, keeps the move
  CHECK(table.probe(key, 0)->depth == 3);
  CHECK(table.probe(key, 0)->move == 0x8001);
}

TEST_CASE("TT: full buckets replace the least useful entry", "[search][tt]") {
  TranspositionTable table(1);
  // With 2^14 buckets the bucket is the key's top 14 bits: small keys share bucket 0.
  const std::vector<std::uint64_t> keys = {1, 2, 3, 4, 5, 6};
  for (int i = 0; i < 4; ++i) table.store(keys[i], 10 + i, Bound::Exact, i, 0, kNoMoveCode, 0);
  table.store(keys[4], 20, Bound::Exact, 4, 0, kNoMoveCode, 0);
  CHECK_FALSE(table.probe(keys[0], 0));  // the shallowest went
  for (int i = 1; i < 5; ++i) CHECK(table.probe(keys[i], 0));
  // In a new search, results of the old one go first, even deeper ones.
  table.newSearch();
  table.store(keys[5], 2, Bound::Exact, 5, 0, kNoMoveCode, 0);
  CHECK_FALSE(table.probe(keys[1], 0));  // old depth 11 gave way to new depth 2
  CHECK(table.probe(keys[5], 0));
  CHECK(table.probe(keys[4], 0));
}

TEST_CASE("TT: resize, clear and hashfull", "[search][tt]") {
  TranspositionTable table(1);
  CHECK(table.megabytes() == 1);
  CHECK(table.hashfull() == 0);
  for (std::uint64_t k = 1; k < 100000; ++k)
    table.store(k * 0x9E3779B97F4A7C15ULL, 1, Bound::Exact, 0, 0, kNoMoveCode, 0);
  CHECK(table.hashfull() > 900);
  table.newSearch();
  CHECK(table.hashfull() == 0);  // only this search's entries count
  table.clear();
  CHECK_FALSE(table.probe(0x9E3779B97F4A7C15ULL, 0));
  table.resize(2);
  CHECK(table.megabytes() == 2);
  CHECK_FALSE(table.probe(0x9E3779B97F4A7C15ULL, 0));
}

namespace {

// Whether this kernel faults pages in on request (MADV_POPULATE_WRITE, Linux 5.14).
bool kernelPopulates() {
#if defined(MADV_POPULATE_WRITE)
  const std::size_t bytes = 1 << 16;
  void* probe = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (probe == MAP_FAILED) return false;
  const bool populated = madvise(probe, bytes, MADV_POPULATE_WRITE) == 0;
  munmap(probe, bytes);
  return populated;
#else
  return false;
#endif
}

}  // namespace

TEST_CASE(
    "TT: a table up to 256 MB is in memory before the first search, a larger one only as it "
    "fills",
    "[search][tt]") {
  if (!kernelPopulates()) {  // then every table's pages come as they are touched
    damiera::test_kit::reportSkipped("this kernel has no MADV_POPULATE_WRITE (Linux 5.14)");
    return;
  }
  // The first search of a fresh process would otherwise wait for the kernel to find its pages:
  // up to 0.2 s for 64 MB on a virtual machine whose host had not backed them yet.
  const long before = residentMb();
  REQUIRE(before > 0);
  TranspositionTable table(64);
  CHECK(residentMb() - before >= 60);
  const long withSmall = residentMb();
  TranspositionTable large(1024);  // Hash 1024: taken at once, and nothing written
  CHECK(residentMb() - withSmall < 64);
}
