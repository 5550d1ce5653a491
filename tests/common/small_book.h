#pragma once
// A tiny opening book for the front-ends' tests (docs/book.md): from the start 23-19 (score 20,
// weight 5) and 22-18 (score 10, weight 50), plus a stored move that is not legal there (1-32,
// which every reader must ignore); after 23-19, 10-14 (score 0, weight 3).
#include <unistd.h>

#include <filesystem>
#include <string>

#include "book/book.h"
#include "core/movegen.h"

namespace damiera::test {

inline Move moveByNumbers(const Position& pos, int from, int to) {
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& m : moves)
    if (numberOfSquare(m.from) == from && numberOfSquare(m.to) == to) return m;
  return {};
}

// Writes the book into the temporary folder under `name`; returns its path.
inline std::string writeSmallBook(const std::string& name = "small") {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("damiera-test-" + std::to_string(::getpid()) + "-" + name + ".book"))
                               .string();
  const Position start = Position::start();
  book::StoredEntry first;
  first.key = start.key();
  first.moves = {book::storedMove(moveByNumbers(start, 23, 19), 20, 5),
                 book::storedMove(moveByNumbers(start, 22, 18), 10, 50)};
  book::StoredMove illegal;
  illegal.from = 1, illegal.to = 32, illegal.score = 500, illegal.weight = 1000;
  first.moves.push_back(illegal);
  const Position after = start.after(moveByNumbers(start, 23, 19));
  book::StoredEntry second;
  second.key = after.key();
  second.ply = 1;
  second.moves = {book::storedMove(moveByNumbers(after, 10, 14), 0, 3)};
  book::writeBook(path, {first, second});
  return path;
}

}  // namespace damiera::test
