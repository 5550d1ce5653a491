#pragma once
// One slice on disk: DIR/NAME.egdb, e.g. 21-10.egdb (White to move only, see material.h).
//
//   header   64 bytes: magic "DAMEGDB1", format version, material, positions, positions per
//            block, blocks, bytes of the index frame, bytes of the data
//   index    one zstd frame (with its content checksum): a copy of the header, then the end
//            offset of every block in the data
//   data     one zstd frame per block of kBlockPositions value bytes (value.h), each with its
//            content checksum, so a probe decompresses only the block it needs
// Integrity: the file size must match the header, the header its checksummed copy, and every
// frame its checksum; any mismatch is an error naming the file.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "egdb/material.h"
#include "egdb/read_file.h"

namespace damiera::egdb {

inline constexpr std::uint32_t kBlockPositions = 8192;

struct StorageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string sliceFileName(const Material& m);  // "21-10.egdb"

class SliceFile {
 public:
  // Opens and checks header and index; throws StorageError naming the file.
  SliceFile(const std::string& path, const Material& m);
  SliceFile(const SliceFile&) = delete;
  SliceFile& operator=(const SliceFile&) = delete;

  const std::string& path() const { return path_; }
  const Material& material() const { return material_; }
  std::uint64_t positions() const { return positions_; }
  std::uint32_t blocks() const { return static_cast<std::uint32_t>(blockEnds_.size()); }
  std::uint64_t fileBytes() const { return fileBytes_; }

  // Decompresses block `b` into out (its positions; the last block may be short). Thread-safe.
  void readBlock(std::uint32_t b, std::vector<std::uint8_t>& out) const;
  std::vector<std::uint8_t> readAll() const;

 private:
  std::string path_;
  Material material_;
  ReadOnlyFile file_;
  std::uint64_t fileBytes_ = 0;
  std::uint64_t positions_ = 0;
  std::uint64_t dataStart_ = 0;
  std::vector<std::uint64_t> blockEnds_;
};

}  // namespace damiera::egdb
