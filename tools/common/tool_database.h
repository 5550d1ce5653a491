#pragma once
// The --egdb option of the tools that search (damiera-analyse, damiera-selfplay,
// damiera-endings): one way to open the folder and to say what is wrong with it. Header-only: the
// tools share no library of their own.
#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "egdb/database.h"

namespace damiera::tools {

// What a tool needs of the folder: some slices (any position they cover is probed), or every
// slice up to some piece count (then every probe of that many pieces answers).
enum class DatabaseNeed { AnySlice, CompleteSlices };

// The block cache a tool's searches share: its positions come and go, a small one does.
constexpr std::uint64_t kToolDatabaseCacheBytes = 64ull << 20;

// Opens `dir` for `tool` (the program's name, for its stderr lines). Throws std::runtime_error
// "--egdb DIR: reason" when the folder cannot be read or holds nothing the tool can use. A
// damaged slice file is named on stderr and left out; the others are used (egdb/database.h).
inline std::shared_ptr<egdb::Database> openToolDatabase(const std::string& tool,
                                                        const std::string& dir, DatabaseNeed need) {
  std::shared_ptr<egdb::Database> database;
  try {
    database = egdb::openShared(dir, kToolDatabaseCacheBytes);
  } catch (const std::exception& e) {
    throw std::runtime_error("--egdb " + dir + ": " + e.what());
  }
  const bool usable = database && (need == DatabaseNeed::AnySlice ? database->slices() > 0
                                                                  : database->pieces() > 0);
  if (!usable)
    throw std::runtime_error("--egdb " + dir + ": no " +
                             (need == DatabaseNeed::AnySlice ? "" : "complete ") +
                             "database there");
  for (const std::string& error : database->errors())
    std::cerr << tool << ": --egdb " << dir << ": " << error << "\n";
  return database;
}

}  // namespace damiera::tools
