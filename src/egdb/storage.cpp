#include "egdb/storage.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "egdb/index.h"
#include "egdb/storage_format.h"

namespace damiera::egdb {

namespace {
using format::fail;

// Decompresses a frame whose content must be exactly `size` bytes; the frame's checksum is
// checked by zstd.
void decompressFrame(const std::string& path, const std::vector<std::uint8_t>& frame, void* out,
                     std::size_t size, const std::string& what) {
  const std::size_t n = ZSTD_decompress(out, size, frame.data(), frame.size());
  if (ZSTD_isError(n)) fail(path, what + " is corrupt (" + ZSTD_getErrorName(n) + ")");
  if (n != size) fail(path, what + " is corrupt (wrong size)");
}
}  // namespace

std::string sliceFileName(const Material& m) { return m.name() + ".egdb"; }

SliceFile::SliceFile(const std::string& path, const Material& m)
    : path_(path), material_(m), file_(path), fileBytes_(file_.size()) {
  using format::Header;
  if (fileBytes_ < sizeof(Header)) fail(path, "truncated (no complete header)");
  Header h;
  file_.readAt(&h, sizeof h, 0);
  if (std::memcmp(h.magic, format::kMagic, sizeof format::kMagic) != 0)
    fail(path, "not a damiera egdb file");
  if (h.version != format::kVersion) fail(path, "unsupported format version");
  const std::uint8_t want[4] = {
      static_cast<std::uint8_t>(m.whiteMen), static_cast<std::uint8_t>(m.whiteKings),
      static_cast<std::uint8_t>(m.blackMen), static_cast<std::uint8_t>(m.blackKings)};
  if (std::memcmp(h.material, want, 4) != 0) fail(path, "holds another material slice");
  const std::uint64_t expected = SliceIndex(m).size();
  if (h.positions != expected || h.blockPositions != kBlockPositions ||
      h.blocks != (expected + kBlockPositions - 1) / kBlockPositions)
    fail(path, "header is corrupt");
  if (fileBytes_ != sizeof h + h.indexBytes + h.dataBytes)
    fail(path,
         fileBytes_ < sizeof h + h.indexBytes + h.dataBytes ? "truncated" : "has trailing bytes");
  std::vector<std::uint8_t> frame(h.indexBytes);
  file_.readAt(frame.data(), frame.size(), sizeof h);
  std::vector<std::uint8_t> content(sizeof h + h.blocks * sizeof(std::uint64_t));
  decompressFrame(path, frame, content.data(), content.size(), "index");
  Header copy = h;
  copy.indexBytes = 0;
  if (std::memcmp(content.data(), &copy, sizeof copy) != 0) fail(path, "header is corrupt");
  blockEnds_.resize(h.blocks);
  std::memcpy(blockEnds_.data(), content.data() + sizeof h, h.blocks * sizeof(std::uint64_t));
  for (std::uint32_t b = 0; b < h.blocks; ++b)
    if ((b > 0 && blockEnds_[b] <= blockEnds_[b - 1]) || blockEnds_[b] > h.dataBytes)
      fail(path, "index is corrupt");
  if (h.blocks && blockEnds_.back() != h.dataBytes) fail(path, "index is corrupt");
  positions_ = h.positions;
  dataStart_ = sizeof h + h.indexBytes;
}

void SliceFile::readBlock(std::uint32_t b, std::vector<std::uint8_t>& out) const {
  const std::uint64_t begin = b == 0 ? 0 : blockEnds_[b - 1];
  std::vector<std::uint8_t> frame(blockEnds_[b] - begin);
  file_.readAt(frame.data(), frame.size(), dataStart_ + begin);
  const std::uint64_t first = std::uint64_t{b} * kBlockPositions;
  out.resize(std::min<std::uint64_t>(kBlockPositions, positions_ - first));
  decompressFrame(path_, frame, out.data(), out.size(), "block " + std::to_string(b));
}

std::vector<std::uint8_t> SliceFile::readAll() const {
  std::vector<std::uint8_t> all(positions_);
  std::vector<std::uint8_t> block;
  for (std::uint32_t b = 0; b < blocks(); ++b) {
    readBlock(b, block);
    std::memcpy(all.data() + std::uint64_t{b} * kBlockPositions, block.data(), block.size());
  }
  return all;
}

}  // namespace damiera::egdb
