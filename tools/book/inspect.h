#pragma once
// Reading a built book: `damiera-book stats`, `show` and `verify`. Each returns the process's
// exit status and writes to `out`.
#include <ostream>
#include <string>

namespace damiera::bookbuild {

// Positions, moves, size, positions per ply, and per opening: its positions, the depth of its
// main line (the best moves while they stay in the book), its deepest ply and its value.
int printStats(const std::string& path, std::ostream& out);
// The book moves of a position given as a FEN or as moves from the start ("" the start).
int printBookMoves(const std::string& path, const std::string& where, std::ostream& out);
// The checksum (on opening), then every entry reached from the start through book moves,
// every stored move legal in its position; an entry not reached is an error.
int verifyBook(const std::string& path, std::ostream& out);

}  // namespace damiera::bookbuild
