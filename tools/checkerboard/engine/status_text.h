#pragma once
// The line CheckerBoard shows in its status bar while the engine thinks (it repaints it every
// 0.1 s from the buffer getmove() received): depth, score, time, nodes and the principal
// variation, in the numbers of RULES "Move notation".
#include <string>

#include "core/position.h"
#include "search/search.h"

namespace damiera::cb {

// "depth 9/14  score +0.35  time 0.52s  nodes 1234567  nps 2.4M  pv 21-17 10-14"; a forced
// result reads "score win in 5" / "score loss in 5" (moves, from the side to move).
std::string formatStatus(const Position& root, const SearchInfo& info);

// Copies text into CheckerBoard's kTextSize buffer, cut to fit, always terminated.
void writeText(char* buffer, const std::string& text);

}  // namespace damiera::cb
