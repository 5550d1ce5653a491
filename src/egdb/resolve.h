#pragma once
// Values of whole positions from stored bytes: orientation (Black to move reads the mirrored
// slice), the R13 end, and positions left out because the side to move must capture, which are
// resolved by playing the captures (each leads to fewer pieces, so this ends).
#include <optional>

#include "core/movegen.h"
#include "egdb/board.h"
#include "egdb/index.h"
#include "egdb/value.h"

namespace damiera::egdb {

inline Material materialOf(const Board& b) {
  const Bitboard men = ~b.kings;
  return {popcount(b.white & men), popcount(b.white & b.kings), popcount(b.black & men),
          popcount(b.black & b.kings)};
}

// The value of a position where every legal move converts (all captures, R6), from the values
// of the positions they lead to: a conversion at the first ply, distance 1.
template <class ChildValue>
std::optional<Value> valueOfConversions(const Position& pos, const MoveList& moves,
                                        ChildValue&& childValue) {
  bool anyDraw = false;
  for (const Move& m : moves) {
    const std::optional<Value> child = childValue(pos.afterUnhashed(m));
    if (!child) return std::nullopt;
    if (child->wdl == Wdl::Loss) return Value{Wdl::Win, 1};
    if (child->wdl == Wdl::Draw) anyDraw = true;
  }
  return anyDraw ? Value{} : Value{Wdl::Loss, 1};
}

// The value of `pos` (any side to move). codeOf(material, index) gives the stored byte of a
// White-to-move slice position, or nullopt when that slice is not available.
template <class CodeOf>
std::optional<Value> resolveValue(const Position& pos, CodeOf& codeOf) {
  const Board b = orientedBoard(pos);
  if (b.white == 0) return Value{Wdl::Loss, 0};  // R13: the side to move has no piece left
  if (b.black == 0) return std::nullopt;         // not a position of play
  const Material m = materialOf(b);
  const std::optional<std::uint8_t> code = codeOf(m, b);
  if (!code) return std::nullopt;
  if (*code != kCaptureCode) return decode(*code);
  MoveList moves;
  generateMoves(pos, moves);
  auto child = [&codeOf](const Position& next) { return resolveValue(next, codeOf); };
  return valueOfConversions(pos, moves, child);
}

// The value of a position from the values of all its successors, with DTC counting: a man move
// or capture converts at once (distance 1 whatever follows); a king move adds one ply to the
// distance of the position it leads to. Used by verify and by probe's per-move listing.
template <class ChildValue>
std::optional<Value> valueFromSuccessors(const Position& pos, ChildValue&& childValue) {
  MoveList moves;
  generateMoves(pos, moves);
  if (moves.empty()) return Value{Wdl::Loss, 0};  // R13
  int bestWin = 0, longestLoss = 0;
  bool anyDraw = false;
  for (const Move& m : moves) {
    const std::optional<Value> child = childValue(pos.afterUnhashed(m));
    if (!child) return std::nullopt;
    const bool converts = pos.isProgressMove(m);
    const Value v = fromMover(*child);
    const int plies = converts ? 1 : v.distance + 1;
    if (v.wdl == Wdl::Win) {
      if (bestWin == 0 || plies < bestWin) bestWin = plies;
    } else if (v.wdl == Wdl::Draw) {
      anyDraw = true;
    } else {
      longestLoss = std::max(longestLoss, plies);
    }
  }
  if (bestWin) return Value{Wdl::Win, bestWin};
  if (anyDraw) return Value{};
  return Value{Wdl::Loss, longestLoss};
}

}  // namespace damiera::egdb
