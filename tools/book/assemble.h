#pragma once
// Putting a book together: the subtrees' entries (several may hold one position: a
// transposition between openings, or one book merged from shards), and the trunk above the
// openings, whose values are backed up from the openings' entries.
#include <cstdint>
#include <map>

#include "book/book.h"

namespace damiera::bookbuild {

using EntryMap = std::map<std::uint64_t, book::StoredEntry>;

// Adds `entry`; a position already there keeps its moves and takes the new ones it lacks; a
// move in both keeps the one with the larger weight (the more searched).
void mergeEntry(EntryMap& entries, const book::StoredEntry& entry);

// Replaces the entries of plies 0..kOpeningPlies-1 by the trunk: every position from the start
// with a move that leads to an entry, each such move scored by negamax of the entries below.
void rebuildTrunk(EntryMap& entries);

// The value of an entry: its best move's score.
int entryValue(const book::StoredEntry& entry);

}  // namespace damiera::bookbuild
