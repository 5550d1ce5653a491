#include "checkerboard/board8.h"

#include <algorithm>
#include <cassert>

#include "core/fen.h"
#include "core/movegen.h"

namespace damiera::cb {

namespace {

constexpr int kSide = 8;

bool onBoard(int x, int y) { return x >= 0 && x < kSide && y >= 0 && y < kSide; }

// One FEN list item per piece: "K14" or "14".
void appendPiece(std::string& list, int number, bool king) {
  if (!list.empty()) list += ',';
  if (king) list += 'K';
  list += std::to_string(number);
}

std::string coordinates(int x, int y) {
  return "board[" + std::to_string(x) + "][" + std::to_string(y) + "]";
}

std::string formatMoveListFrom(const Position& pos, const std::vector<PathMove>& moves) {
  std::string reply = "movelist " + std::to_string(moves.size());
  if (!moves.empty()) reply += ',';
  for (const PathMove& m : moves) {
    const CBmove cb = describeMove(pos, m);
    const int length = m.path.length;
    reply += std::to_string(cb.jumps) + ',' + std::to_string(cb.oldpiece) + ',' +
             std::to_string(cb.newpiece) + ',' + std::to_string(numberOfSquare(m.path.squares[0])) +
             ',' + std::to_string(numberOfSquare(m.path.squares[length - 1]));
    // Each capture: the square landed on, the square captured, the piece captured. Landing
    // squares come from the path; the captured squares in jump order are those between two
    // consecutive landings (the midpoint of a one-square jump, R9).
    for (int i = 0; i < cb.jumps; ++i) {
      reply += ',' + std::to_string(numberOfSquare(m.path.squares[i + 1])) + ',' +
               std::to_string(squareNumberAt(cb.del[i].x, cb.del[i].y)) + ',' +
               std::to_string(cb.delpiece[i]);
    }
    reply += ';';
  }
  return reply;
}

}  // namespace

int squareNumberAt(int x, int y) {
  if (!onBoard(x, y) || (x + y) % 2 != 0) return 0;
  return 1 + 4 * y + x / 2;
}

Coor coorOfSquareNumber(int number) {
  assert(number >= 1 && number <= kNumSquares);
  const int y = (number - 1) / 4;
  return Coor{2 * ((number - 1) % 4) + (y & 1), y};
}

Parsed<Position> positionFromBoard(const Board8x8& board, int color) {
  if (color != kWhite && color != kBlack) {
    return Parsed<Position>::fail("invalid board: color " + std::to_string(color) +
                                  " is neither white (1) nor black (2)");
  }
  // Through FEN text, so the board gets exactly the FEN parser's checks (R3's limits).
  std::string white, black;
  for (int number = 1; number <= kNumSquares; ++number) {
    const Coor c = coorOfSquareNumber(number);
    const int piece = board[c.x][c.y];
    if (piece == kFree) continue;
    const int side = piece & (kWhite | kBlack);
    const int kind = piece & (kMan | kKing);
    if (piece != (side | kind) || (side != kWhite && side != kBlack) ||
        (kind != kMan && kind != kKing)) {
      return Parsed<Position>::fail("invalid board: piece code " + std::to_string(piece) +
                                    " on square " + std::to_string(number));
    }
    appendPiece(side == kWhite ? white : black, number, kind == kKing);
  }
  for (int x = 0; x < kSide; ++x) {
    for (int y = 0; y < kSide; ++y) {
      if ((x + y) % 2 != 0 && board[x][y] != kFree) {
        return Parsed<Position>::fail("invalid board: a piece on the light square " +
                                      coordinates(x, y));
      }
    }
  }
  const std::string fen = std::string(color == kWhite ? "W" : "B") + ":W" + white + ":B" + black;
  Parsed<Position> parsed = parseFen(fen);
  if (!parsed) parsed.error = "invalid board (" + fen + "): " + parsed.error;
  return parsed;
}

int pieceCodeAt(const Position& pos, Square sq) {
  if (pos.isEmpty(sq)) return kFree;
  const int side = pos.hasPiece(Color::White, sq) ? kWhite : kBlack;
  return side | (pos.isKing(sq) ? kKing : kMan);
}

void writeBoard(const Position& pos, Board8x8& board) {
  for (int x = 0; x < kSide; ++x) std::fill(board[x], board[x] + kSide, kFree);
  for (int number = 1; number <= kNumSquares; ++number) {
    const Coor c = coorOfSquareNumber(number);
    board[c.x][c.y] = pieceCodeAt(pos, squareFromNumber(number));
  }
}

CBmove describeMove(const Position& pos, const PathMove& move) {
  const MovePath& path = move.path;
  assert(path.length >= 2);
  CBmove cb{};
  const Square from = path.squares[0];
  const Square to = path.squares[path.length - 1];
  cb.from = coorOfSquareNumber(numberOfSquare(from));
  cb.to = coorOfSquareNumber(numberOfSquare(to));
  cb.oldpiece = pieceCodeAt(pos, from);
  cb.newpiece = pieceCodeAt(pos.after(move.move), to);
  cb.jumps = move.move.isCapture() ? path.length - 1 : 0;
  assert(cb.jumps == popcount(move.move.captured));
  for (int i = 0; i < cb.jumps; ++i) {
    if (i + 1 <= kMaxJumps)
      cb.path[i + 1] = coorOfSquareNumber(numberOfSquare(path.squares[i + 1]));
    // The captured piece of a one-square jump (R7, R9) lies midway between its two landings.
    const Coor a = coorOfSquareNumber(numberOfSquare(path.squares[i]));
    const Coor b = coorOfSquareNumber(numberOfSquare(path.squares[i + 1]));
    const Coor victim{(a.x + b.x) / 2, (a.y + b.y) / 2};
    cb.del[i] = victim;
    cb.delpiece[i] = pieceCodeAt(pos, squareFromNumber(squareNumberAt(victim.x, victim.y)));
  }
  if (cb.jumps == 0) cb.path[1] = cb.to;
  return cb;
}

std::optional<std::string> formatMoveList(const Position& pos) {
  std::vector<PathMove> moves = generatePathMoves(pos);
  std::string reply = formatMoveListFrom(pos, moves);
  if (reply.size() < kTextSize) return reply;
  // Same result, different paths (RULES P5): keep the first path of each.
  std::vector<PathMove> distinct;
  for (const PathMove& m : moves) {
    if (std::none_of(distinct.begin(), distinct.end(),
                     [&](const PathMove& d) { return d.move == m.move; })) {
      distinct.push_back(m);
    }
  }
  reply = formatMoveListFrom(pos, distinct);
  if (reply.size() < kTextSize) return reply;
  return std::nullopt;
}

}  // namespace damiera::cb
