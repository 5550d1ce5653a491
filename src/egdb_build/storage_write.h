#pragma once
// The slice file's writer (the format is in egdb/storage.h): the builder's side only, so the
// engine and the CheckerBoard DLL, which read, do not link it.
#include <cstdint>
#include <string>
#include <vector>

#include "egdb/material.h"

namespace damiera::egdb {

// Writes `values` (one byte per position of the slice) to `path` and flushes it to disk.
// Returns the file size.
std::uint64_t writeSlice(const std::string& path, const Material& m,
                         const std::vector<std::uint8_t>& values);

}  // namespace damiera::egdb
