#pragma once
// Move generation for Italian draughts: R4..R12 and the capture precedence P1..P5.
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/move.h"
#include "core/position.h"

namespace damiera {

// Every legal move, one per distinct result (same from, to and captured set); Move::paths
// tells how many distinct landing paths lead to it. This is what search plays.
void generateMoves(const Position& pos, MoveList& out);

// Every legal move as a distinct landing path (docs/rules.md: "keep duplicates"), sorted by
// (from, path) in Italian square numbers. This is what `legalmoves` lists.
std::vector<PathMove> generatePathMoves(const Position& pos);

// Every complete capture sequence of the side to move, ignoring the precedence P1..P4.
// Only for explaining why a capture the user typed is not legal.
std::vector<PathMove> generateCaptureSequencesIgnoringPrecedence(const Position& pos);

// R6: does the side to move have to capture?
bool hasCapture(const Position& pos);
// Could `side` capture if it were its turn (the side not to move: a threat)?
bool hasCapture(const Position& pos, Color side);
// R4, R5: can the side to move make a step (ignoring whether a capture is forced)?
// Inline with the next two: search asks them at every node.
inline bool hasStep(const Position& pos) {
  const Color us = pos.sideToMove();
  return ((forwardSteps(pos.men(us), us) | allSteps(pos.kings(us))) & pos.empty()) != 0;
}
// R13: the side to move has no legal move when it can neither step nor capture.
inline bool hasLegalMove(const Position& pos) { return hasStep(pos) || hasCapture(pos); }
// R12: does the legal move m of the side to move crown a man?
inline bool isPromotion(const Position& pos, const Move& m) {
  return !pos.isKing(m.from) && (bit(m.to) & promotionRow(pos.sideToMove())) != 0;
}

}  // namespace damiera
