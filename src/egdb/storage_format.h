#pragma once
// The slice file's header (storage.h describes the whole layout), shared by its writer
// (storage_write.cpp) and its reader (storage.cpp), and how both report a file's fault.
#include <cstdint>
#include <string>

#include "egdb/storage.h"

namespace damiera::egdb::format {

inline constexpr char kMagic[8] = {'D', 'A', 'M', 'E', 'G', 'D', 'B', '1'};
inline constexpr std::uint32_t kVersion = 1;

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint8_t material[4];
  std::uint64_t positions;
  std::uint32_t blockPositions;
  std::uint32_t blocks;
  std::uint64_t indexBytes;
  std::uint64_t dataBytes;
  std::uint8_t reserved[16];
};
static_assert(sizeof(Header) == 64);

[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
  throw StorageError("egdb file " + path + ": " + what);
}

}  // namespace damiera::egdb::format
