#pragma once
// The line CheckerBoard shows in its status bar while the engine thinks (it repaints it every
// 0.1 s from the buffer getmove() received): depth, score, time, nodes and the principal
// variation, in the numbers of RULES "Move notation".
#include <string>
#include <vector>

#include "book/book.h"
#include "core/position.h"
#include "search/search.h"

namespace damiera::cb {

// "depth 9/14  score +0.35  time 0.52s  nodes 1234567  nps 2.4M  pv 21-17 10-14"; a forced
// result reads "score win in 5" / "score loss in 5" (moves, from the side to move).
std::string formatStatus(const Position& root, const SearchInfo& info);

// CheckerBoard's "allscores" mode, for a player studying a position: every root move with its
// score, best first, as far as `lines` (the iteration's lines so far, first line first) go:
// "depth 9/14  time 0.52s  nodes 1234567  nps 2.4M  23-19 +0.35  24-20 +0.10  22-18 -0.05".
std::string formatAllScores(const Position& root, const std::vector<SearchInfo>& lines);

// A move from the opening book: "book move 23-19  score +0.05  weight 217".
std::string formatBookMove(const Position& root, const book::BookMove& move);

// Copies text into CheckerBoard's kTextSize buffer, cut to fit, always terminated.
void writeText(char* buffer, const std::string& text);

}  // namespace damiera::cb
