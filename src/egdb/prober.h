#pragma once
// What the search needs of an endgame database: a value for a position. An interface, so the
// search layer needs no storage code; Database (database.h) is the implementation.
#include <optional>

#include "core/position.h"
#include "egdb/value.h"

namespace damiera::egdb {

class Prober {
 public:
  virtual ~Prober() = default;
  // The value for the side to move, or nullopt when the position is not covered.
  virtual std::optional<Value> probe(const Position& pos) = 0;
};

}  // namespace damiera::egdb
