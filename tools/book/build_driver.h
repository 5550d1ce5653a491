#pragma once
// `damiera-book build`: the openings (of one shard) grown by dropout expansion on worker
// threads, each opening's subtree saved as it grows (FILE.state/opening-NNN.subtree, written to
// a temporary file and renamed), so a killed build resumes where it was, losing at most the
// last few nodes of each opening; then the book written from every saved subtree.
#include <cstdint>
#include <string>

#include "tools/book/expansion.h"

namespace damiera::bookbuild {

struct Shard {
  int index = 1;  // 1..count
  int count = 1;
};

struct BuildSettings {
  std::string out;
  std::uint64_t positions = 2000;  // the whole book's; each opening gets an equal share
  ExpansionSettings expansion;
  int threads = 1;
  Shard shard;
  bool quiet = false;
};

// Returns the process's exit status; messages go to stderr, the summary to stdout.
int runBuild(const BuildSettings& settings);

// The state folder of a book being built.
std::string stateFolder(const std::string& out);

}  // namespace damiera::bookbuild
