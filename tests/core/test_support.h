#pragma once
// Helpers for the core tests: build positions from Italian square numbers (R2) and turn
// generated moves into plain text. They deliberately do not use fen.cpp or notation.cpp, so a
// bug there cannot hide a bug in the move generator (or the other way round).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/move.h"
#include "core/move_count.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/square.h"

namespace damiera::test {

inline Square sq(int number) { return squareFromNumber(number); }

inline Position makePosition(Color side, const std::vector<int>& whiteMen,
                             const std::vector<int>& whiteKings, const std::vector<int>& blackMen,
                             const std::vector<int>& blackKings) {
  Position pos;
  for (int n : whiteMen) pos.put(sq(n), Color::White, false);
  for (int n : whiteKings) pos.put(sq(n), Color::White, true);
  for (int n : blackMen) pos.put(sq(n), Color::Black, false);
  for (int n : blackKings) pos.put(sq(n), Color::Black, true);
  pos.setSideToMove(side);
  return pos;
}

namespace detail {
inline int parseSquareNumber(std::string_view text) {
  if (text.empty() || text.size() > 2) throw std::invalid_argument("bad square number");
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw std::invalid_argument("bad square number");
    n = n * 10 + (c - '0');
  }
  if (n < 1 || n > kNumSquares) throw std::invalid_argument("square number out of range");
  return n;
}

// One colour's list, e.g. "22,K30,1-4" (without the leading W/B).
inline void parsePieceList(std::string_view list, std::vector<int>& men, std::vector<int>& kings) {
  while (!list.empty()) {
    const auto comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    bool king = false;
    if (!item.empty() && item.front() == 'K') {
      king = true;
      item.remove_prefix(1);
    }
    const auto dash = item.find('-');
    const int first = parseSquareNumber(item.substr(0, dash));
    const int last =
        dash == std::string_view::npos ? first : parseSquareNumber(item.substr(dash + 1));
    for (int n = first; n <= last; ++n) (king ? kings : men).push_back(n);
  }
}
}  // namespace detail

// A tiny reader for the FEN subset the tests use: "W:W22,K30:B18,K14", empty lists allowed
// ("W:W:B5"), ranges "1-12". Test-only; the real parser is fen.cpp.
inline Position boardFromFen(std::string_view fen) {
  if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':')
    throw std::invalid_argument("bad side to move");
  const Color side = fen[0] == 'W' ? Color::White : Color::Black;
  std::vector<int> whiteMen, whiteKings, blackMen, blackKings;
  std::string_view rest = fen.substr(2);
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    const std::string_view part = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    if (part.empty() || (part.front() != 'W' && part.front() != 'B'))
      throw std::invalid_argument("bad colour list");
    if (part.front() == 'W')
      detail::parsePieceList(part.substr(1), whiteMen, whiteKings);
    else
      detail::parsePieceList(part.substr(1), blackMen, blackKings);
  }
  return makePosition(side, whiteMen, whiteKings, blackMen, blackKings);
}

// Italian numbers of the squares in a bitboard, ascending.
inline std::vector<int> numbersOf(Bitboard b) {
  std::vector<int> numbers;
  for (; b; b = withoutLowest(b)) numbers.push_back(numberOfSquare(lowestSquare(b)));
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

// The inverse of boardFromFen (pieces in ascending order), for failure messages.
inline std::string fenOf(const Position& pos) {
  std::string fen = pos.sideToMove() == Color::White ? "W" : "B";
  for (Color c : {Color::White, Color::Black}) {
    fen += c == Color::White ? ":W" : ":B";
    bool first = true;
    for (int n : numbersOf(pos.pieces(c))) {
      if (!first) fen += ',';
      first = false;
      if (pos.isKing(sq(n))) fen += 'K';
      fen += std::to_string(n);
    }
  }
  return fen;
}

inline std::vector<int> pathNumbers(const PathMove& pm) {
  std::vector<int> numbers;
  for (int i = 0; i < pm.path.length; ++i) numbers.push_back(numberOfSquare(pm.path.squares[i]));
  return numbers;
}

// "21-17", "22x13x6": every landing square (docs/rules.md "Move notation").
inline std::string pathText(const PathMove& pm) {
  const char separator = pm.move.isCapture() ? 'x' : '-';
  std::string text;
  for (int n : pathNumbers(pm)) {
    if (!text.empty()) text += separator;
    text += std::to_string(n);
  }
  return text;
}

// A generateMoves result: "22x6{10,18}", with "*2" when two landing paths lead to it.
inline std::string resultText(const Move& m) {
  std::string text = std::to_string(numberOfSquare(m.from));
  text += m.isCapture() ? 'x' : '-';
  text += std::to_string(numberOfSquare(m.to));
  if (m.isCapture()) {
    text += '{';
    bool first = true;
    for (int n : numbersOf(m.captured)) {
      if (!first) text += ',';
      first = false;
      text += std::to_string(n);
    }
    text += '}';
  }
  if (m.paths != 1) {
    text += '*';
    text += std::to_string(m.paths);
  }
  return text;
}

inline std::vector<std::string> sorted(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

// Every legal landing path, as sorted text.
inline std::vector<std::string> legalPaths(const Position& pos) {
  std::vector<std::string> texts;
  for (const PathMove& pm : generatePathMoves(pos)) texts.push_back(pathText(pm));
  return sorted(texts);
}

// Every distinct legal result (generateMoves), as sorted text.
inline std::vector<std::string> legalResults(const Position& pos) {
  MoveList list;
  generateMoves(pos, list);
  std::vector<std::string> texts;
  for (const Move& m : list) texts.push_back(resultText(m));
  return sorted(texts);
}

// The legal move whose landing path reads `text`; fails the test if there is none.
inline Move legalMove(const Position& pos, std::string_view text) {
  for (const PathMove& pm : generatePathMoves(pos))
    if (pathText(pm) == text) return pm.move;
  INFO("position " << fenOf(pos) << ", legal: " << Catch::Detail::stringify(legalPaths(pos)));
  FAIL("no legal move " << text);
  return Move{};
}

// A position with the same pieces built from scratch with put(): its key is computed without
// any incremental update.
inline Position rebuilt(const Position& pos) {
  Position fresh;
  for (Color c : {Color::White, Color::Black})
    for (int n : numbersOf(pos.pieces(c))) fresh.put(sq(n), c, pos.isKing(sq(n)));
  fresh.setSideToMove(pos.sideToMove());
  return fresh;
}

// What Position::after must do with a legal move (R11, R12), checked against the pieces.
inline void checkAfter(const Position& pos, const Move& m) {
  const Color us = pos.sideToMove();
  const Color them = opponent(us);
  const Position next = pos.after(m);
  const bool wasKing = pos.isKing(m.from);
  const Bitboard promotionRow = us == Color::White ? kRank8 : kRank1;
  const bool promotes = !wasKing && (bit(m.to) & promotionRow) != 0;
  CHECK(next.sideToMove() == them);
  CHECK(next.hasPiece(us, m.to));
  CHECK(next.isKing(m.to) == (wasKing || promotes));
  if (m.from != m.to) CHECK(next.isEmpty(m.from));
  CHECK((next.occupied() & m.captured) == 0);
  CHECK(popcount(next.pieces(us)) == popcount(pos.pieces(us)));
  CHECK(popcount(next.pieces(them)) == popcount(pos.pieces(them)) - popcount(m.captured));
  CHECK((next.pieces(them) | m.captured) == pos.pieces(them));
  CHECK(next.kings(them) == (pos.kings(them) & ~m.captured));
  const Position fresh = rebuilt(next);
  CHECK(fresh == next);
  CHECK(fresh.key() == next.key());  // the incremental Zobrist update
}

// The three views of the legal moves (generateMoves, generatePathMoves, countMoves, hasCapture)
// must agree with each other, every path must be well formed, and after() must apply each move.
inline void checkGeneratorsAgree(const Position& pos) {
  INFO("position " << fenOf(pos));
  const Color us = pos.sideToMove();
  const Color them = opponent(us);
  const std::vector<PathMove> paths = generatePathMoves(pos);
  MoveList unique;
  generateMoves(pos, unique);

  // generatePathMoves: sorted by (from, path) in Italian numbers, every path distinct.
  std::vector<std::vector<int>> numbers;
  for (const PathMove& pm : paths) numbers.push_back(pathNumbers(pm));
  CHECK(std::is_sorted(numbers.begin(), numbers.end()));
  CHECK(std::adjacent_find(numbers.begin(), numbers.end()) == numbers.end());

  bool anyCapture = false;
  for (const PathMove& pm : paths) {
    INFO("path " << pathText(pm));
    const Move& m = pm.move;
    REQUIRE(pm.path.length >= 2);
    CHECK(pm.path.squares[0] == m.from);
    CHECK(pm.path.squares[pm.path.length - 1] == m.to);
    CHECK(pos.hasPiece(us, m.from));
    CHECK((m.captured & ~pos.pieces(them)) == 0);
    if (m.isCapture()) {
      anyCapture = true;
      CHECK(popcount(m.captured) == pm.path.length - 1);
    } else {
      CHECK(pm.path.length == 2);
      CHECK(pos.isEmpty(m.to));
    }
  }
  // R6: all or nothing.
  for (const PathMove& pm : paths) CHECK(pm.move.isCapture() == anyCapture);
  CHECK(hasCapture(pos) == anyCapture);

  // generateMoves: one entry per distinct (from, to, captured), paths = how many paths lead to it.
  std::set<std::tuple<int, int, Bitboard>> seen;
  int pathTotal = 0;
  for (const Move& m : unique) {
    INFO("move " << resultText(m));
    CHECK(seen.insert({m.from, m.to, m.captured}).second);
    const auto count =
        std::count_if(paths.begin(), paths.end(), [&](const PathMove& pm) { return pm.move == m; });
    CHECK(count == m.paths);
    pathTotal += m.paths;
    checkAfter(pos, m);
  }
  CHECK(pathTotal == static_cast<int>(paths.size()));
  for (const PathMove& pm : paths)
    CHECK(seen.count({pm.move.from, pm.move.to, pm.move.captured}) == 1);

  CHECK(countMoves(pos, true) == paths.size());
  CHECK(countMoves(pos, false) == static_cast<std::uint64_t>(unique.size()));
}

// The legal landing paths must be exactly `expected` (derived by hand from docs/rules.md), and the
// generator's views must agree.
inline void expectLegal(const Position& pos, std::vector<std::string> expected) {
  INFO("position " << fenOf(pos));
  CHECK(legalPaths(pos) == sorted(std::move(expected)));
  checkGeneratorsAgree(pos);
}

inline void expectLegal(std::string_view fen, std::vector<std::string> expected) {
  expectLegal(boardFromFen(fen), std::move(expected));
}

}  // namespace damiera::test
