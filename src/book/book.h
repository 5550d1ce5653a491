#pragma once
// The opening book, read (docs/book.md): a file of positions keyed by their Zobrist key, each
// with its moves, their scores and weights. The file is opened once and checked whole (magic,
// version, sizes, checksum, order); afterwards every lookup is a binary search with positional
// reads (pread, or ReadFile at an offset on Windows), so threads and the CheckerBoard DLL share
// it without a file position, and nothing but the header is held in memory.
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace damiera::book {

// Why a file is not a book: one sentence naming the file.
struct BookError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A move as stored: squares by their numbers (1..32), the captured ones as bits (bit n-1 for
// square n), so the file does not depend on the engine's internal board layout.
struct StoredMove {
  std::uint32_t captured = 0;
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::int16_t score = 0;    // search units (search/score.h), from the side to move
  std::uint32_t weight = 0;  // the builder's: book positions in the move's subtree, 1 at least
};

struct StoredEntry {
  std::uint64_t key = 0;
  std::uint16_t ply = 0;
  std::vector<StoredMove> moves;
};

StoredMove storedMove(const Move& move, int score, std::uint32_t weight);
// The legal move of `pos` that `stored` names, if any.
std::optional<Move> legalMove(const Position& pos, const StoredMove& stored);

// A book move of a position: legal there.
struct BookMove {
  Move move;
  int score = 0;
  std::uint32_t weight = 0;
};

class PositionalFile;

class Book {
 public:
  // Opens and checks `path`; throws BookError saying what is wrong.
  explicit Book(const std::string& path);
  ~Book();
  Book(const Book&) = delete;
  Book& operator=(const Book&) = delete;

  const std::string& path() const { return path_; }
  std::uint32_t entries() const { return entries_; }
  std::uint32_t moves() const { return moves_; }
  std::uint64_t checksum() const { return checksum_; }

  // The entry of `key` (binary search over the sorted keys), or nothing.
  std::optional<StoredEntry> find(std::uint64_t key) const;
  // The i-th entry in key order (0 <= i < entries()).
  StoredEntry entry(std::uint32_t i) const;
  // The book moves of `pos` that are legal there, best score first (stable for equal scores).
  std::vector<BookMove> movesOf(const Position& pos) const;

 private:
  std::uint64_t keyAt(std::uint32_t i) const;
  std::string path_;
  std::unique_ptr<PositionalFile> file_;
  std::uint32_t entries_ = 0;
  std::uint32_t moves_ = 0;
  std::uint64_t checksum_ = 0;
};

// The book's choice among `moves` (best first): with variety 0 the best; else, at random,
// one of the moves within `variety` units of the best, in proportion to its weight.
// `random` in [0, 1).
std::optional<BookMove> chooseMove(const std::vector<BookMove>& moves, int variety, double random);

// Writes a book of `entries` (any order; keys distinct) to `path`, through a temporary file
// renamed over it, so a reader never sees half a book. Throws BookError.
void writeBook(const std::string& path, std::vector<StoredEntry> entries);

}  // namespace damiera::book
