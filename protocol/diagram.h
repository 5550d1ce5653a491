#pragma once
// The readable board of the "d" command: pieces on the left, square numbers (R2) on the right,
// both seen from White (rank 8 at the top), then a legend and the side to move.
#include <string>
#include <vector>

#include "core/position.h"

namespace damiera::protocol {

std::vector<std::string> diagramLines(const Position& pos);

}  // namespace damiera::protocol
