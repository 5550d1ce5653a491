// The opening book's file (docs/book.md): written, opened, looked up, refused when damaged.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "book/book.h"
#include "core/movegen.h"

using namespace damiera;
using namespace damiera::book;
namespace fs = std::filesystem;

namespace {

std::string temporaryPath(const std::string& name) {
  return (fs::temp_directory_path() /
          ("damiera-book-test-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

std::vector<Move> legalMoves(const Position& pos) {
  MoveList list;
  generateMoves(pos, list);
  return {list.begin(), list.end()};
}

// `count` distinct positions reached by random games from the start, each with all its legal
// moves scored by their index (so a test knows what to expect).
std::vector<std::pair<Position, StoredEntry>> randomEntries(std::size_t count) {
  std::vector<std::pair<Position, StoredEntry>> out;
  std::set<std::uint64_t> keys;
  std::mt19937 random(7);
  while (out.size() < count) {
    Position pos = Position::start();
    for (int ply = 0; ply < 40 && out.size() < count; ++ply) {
      const std::vector<Move> moves = legalMoves(pos);
      if (moves.empty()) break;
      if (keys.insert(pos.key()).second) {
        StoredEntry e;
        e.key = pos.key();
        e.ply = static_cast<std::uint16_t>(ply);
        for (std::size_t i = 0; i < moves.size(); ++i)
          e.moves.push_back(storedMove(moves[i], static_cast<int>(i) * 10 - 20,
                                       static_cast<std::uint32_t>(i + 1)));
        out.emplace_back(pos, e);
      }
      pos = pos.after(moves[random() % moves.size()]);
    }
  }
  return out;
}

std::string writeRandomBook(const std::string& name, std::size_t count) {
  const std::string path = temporaryPath(name);
  std::vector<StoredEntry> entries;
  for (const auto& [pos, e] : randomEntries(count)) entries.push_back(e);
  writeBook(path, entries);
  return path;
}

void requireRefused(const std::string& path, const std::string& reason) {
  try {
    const Book book(path);
    FAIL("opened a damaged book");
  } catch (const BookError& e) {
    const std::string message = e.what();
    CHECK(message.find("book " + path + ": ") == 0);
    CHECK(message.find(reason) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

}  // namespace

TEST_CASE("book key: the Zobrist key is fixed across builds and includes the side to move",
          "[book]") {
  // Pinned: a change of core/zobrist.h would make every shipped book unreadable.
  CHECK(Position::start().key() == 0x147a68939edadaa8ULL);
  Position blackToMove = Position::start();
  blackToMove.setSideToMove(Color::Black);
  CHECK(blackToMove.key() != Position::start().key());
}

TEST_CASE("book file: binary search finds every entry and nothing else", "[book]") {
  const auto entries = randomEntries(3000);
  std::vector<StoredEntry> stored;
  for (const auto& [pos, e] : entries) stored.push_back(e);
  const std::string path = temporaryPath("search");
  writeBook(path, stored);
  const Book book(path);
  REQUIRE(book.entries() == 3000);
  for (const auto& [pos, e] : entries) {
    const std::optional<StoredEntry> found = book.find(pos.key());
    REQUIRE(found);
    CHECK(found->ply == e.ply);
    REQUIRE(found->moves.size() == e.moves.size());
    // movesOf: every move legal, best score first.
    const std::vector<BookMove> moves = book.movesOf(pos);
    REQUIRE(moves.size() == e.moves.size());
    for (std::size_t i = 1; i < moves.size(); ++i) CHECK(moves[i - 1].score >= moves[i].score);
  }
  for (std::uint32_t i = 0; i < book.entries(); ++i) {
    const StoredEntry e = book.entry(i);
    CHECK(book.find(e.key));
    CHECK_FALSE(book.find(e.key + 1));
    CHECK_FALSE(book.find(e.key - 1));
  }
  CHECK_FALSE(book.find(0));
  CHECK_FALSE(book.find(~std::uint64_t{0}));
  fs::remove(path);
}

TEST_CASE("book file: a move is stored by squares and captured set, and found again", "[book]") {
  // A capture: after 22-18 11-14? No: 23-19 10-14 19-15 puts a capture on the board.
  Position pos = Position::start();
  for (const auto& [from, to] : {std::pair{23, 19}, {10, 14}, {19, 15}}) {
    for (const Move& m : legalMoves(pos))
      if (numberOfSquare(m.from) == from && numberOfSquare(m.to) == to) {
        pos = pos.after(m);
        break;
      }
  }
  for (const Move& m : legalMoves(pos)) {
    const StoredMove s = storedMove(m, -123, 9);
    CHECK(s.score == -123);
    CHECK(s.weight == 9);
    const std::optional<Move> back = legalMove(pos, s);
    REQUIRE(back);
    CHECK(*back == m);
  }
  StoredMove bogus;
  bogus.from = 1;
  bogus.to = 32;
  CHECK_FALSE(legalMove(pos, bogus));
}

TEST_CASE("book file: a damaged, truncated or foreign file is refused with one sentence",
          "[book]") {
  const std::string good = writeRandomBook("good", 200);
  const auto size = fs::file_size(good);
  const auto copyWith = [&](const std::string& name, auto change) {
    const std::string path = temporaryPath(name);
    fs::copy_file(good, path, fs::copy_options::overwrite_existing);
    change(path);
    return path;
  };
  const auto poke = [](std::uint64_t offset, char value) {
    return [=](const std::string& path) {
      std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(static_cast<std::streamoff>(offset));
      f.put(value);
    };
  };
  requireRefused(copyWith("truncated", [&](const std::string& p) { fs::resize_file(p, size - 5); }),
                 "truncated");
  requireRefused(copyWith("short", [&](const std::string& p) { fs::resize_file(p, 10); }),
                 "too short");
  requireRefused(copyWith("flipped", poke(size - 3, 0x55)), "checksum");
  requireRefused(copyWith("magic", poke(0, 'X')), "bad magic");
  requireRefused(copyWith("version", poke(8, 9)), "version 9");
  requireRefused(temporaryPath("missing"), "cannot open");
  for (const std::string name : {"truncated", "short", "flipped", "magic", "version"})
    fs::remove(temporaryPath(name));
  fs::remove(good);
}

TEST_CASE("book choice: variety 0 plays the best, a margin chooses among near moves by weight",
          "[book]") {
  std::vector<BookMove> moves(3);
  moves[0].score = 30, moves[0].weight = 1;
  moves[1].score = 25, moves[1].weight = 3;
  moves[2].score = -40, moves[2].weight = 100;
  for (double r : {0.0, 0.5, 0.99}) CHECK(chooseMove(moves, 0, r)->score == 30);
  // Within 10: the first (weight 1) and the second (weight 3); never the third.
  CHECK(chooseMove(moves, 10, 0.0)->score == 30);
  CHECK(chooseMove(moves, 10, 0.3)->score == 25);
  CHECK(chooseMove(moves, 10, 0.99)->score == 25);
  CHECK_FALSE(chooseMove({}, 10, 0.5));
}
