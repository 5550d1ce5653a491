#pragma once
// The book's roots: the balanced three-move openings (openings/balanced.h), the same set in the
// same order as tools/openings/3ply.txt; docs/book.md says how it relates to the FID's list.
// Below them the book is grown by dropout expansion; above them is its trunk (assemble.h).
#include <vector>

#include "openings/balanced.h"

namespace damiera::bookbuild {

inline constexpr int kOpeningPlies = 3;

inline std::vector<openings::Opening> bookRoots() {
  return openings::balancedOpenings(kOpeningPlies);
}

}  // namespace damiera::bookbuild
