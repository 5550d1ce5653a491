#include "egdb/storage.h"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <cstring>

#include "egdb/index.h"

namespace damiera::egdb {

namespace {
constexpr char kMagic[8] = {'D', 'A', 'M', 'E', 'G', 'D', 'B', '1'};
constexpr std::uint32_t kFormatVersion = 1;
constexpr int kCompressionLevel = 9;

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

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw StorageError("egdb file " + path + ": " + what);
}

std::vector<std::uint8_t> compressFrame(const void* data, std::size_t size) {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, kCompressionLevel);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);
  std::vector<std::uint8_t> out(ZSTD_compressBound(size));
  const std::size_t n = ZSTD_compress2(ctx, out.data(), out.size(), data, size);
  ZSTD_freeCCtx(ctx);
  if (ZSTD_isError(n)) throw StorageError(std::string("zstd: ") + ZSTD_getErrorName(n));
  out.resize(n);
  return out;
}

void writeAll(int fd, const std::string& path, const void* data, std::size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size) {
    const ssize_t n = ::write(fd, p, size);
    if (n <= 0) fail(path, std::string("write failed: ") + std::strerror(errno));
    p += n;
    size -= static_cast<std::size_t>(n);
  }
}

void readExactly(int fd, const std::string& path, void* data, std::size_t size,
                 std::uint64_t offset) {
  char* p = static_cast<char*>(data);
  while (size) {
    const ssize_t n = ::pread(fd, p, size, static_cast<off_t>(offset));
    if (n < 0) fail(path, std::string("read failed: ") + std::strerror(errno));
    if (n == 0) fail(path, "truncated");
    p += n;
    size -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
}

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

std::uint64_t writeSlice(const std::string& path, const Material& m,
                         const std::vector<std::uint8_t>& values) {
  const std::uint64_t blocks = (values.size() + kBlockPositions - 1) / kBlockPositions;
  std::vector<std::uint8_t> data;
  std::vector<std::uint64_t> ends;
  for (std::uint64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = b * kBlockPositions;
    const std::uint64_t size = std::min<std::uint64_t>(kBlockPositions, values.size() - begin);
    const std::vector<std::uint8_t> frame = compressFrame(values.data() + begin, size);
    data.insert(data.end(), frame.begin(), frame.end());
    ends.push_back(data.size());
  }
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kFormatVersion;
  h.material[0] = static_cast<std::uint8_t>(m.whiteMen);
  h.material[1] = static_cast<std::uint8_t>(m.whiteKings);
  h.material[2] = static_cast<std::uint8_t>(m.blackMen);
  h.material[3] = static_cast<std::uint8_t>(m.blackKings);
  h.positions = values.size();
  h.blockPositions = kBlockPositions;
  h.blocks = static_cast<std::uint32_t>(blocks);
  h.dataBytes = data.size();
  std::vector<std::uint8_t> indexContent(sizeof h + ends.size() * sizeof(std::uint64_t));
  h.indexBytes = 0;  // the copy inside the index cannot hold its own frame size
  std::memcpy(indexContent.data(), &h, sizeof h);
  std::memcpy(indexContent.data() + sizeof h, ends.data(), ends.size() * sizeof(std::uint64_t));
  const std::vector<std::uint8_t> indexFrame =
      compressFrame(indexContent.data(), indexContent.size());
  h.indexBytes = indexFrame.size();

  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail(path, std::string("cannot create: ") + std::strerror(errno));
  writeAll(fd, path, &h, sizeof h);
  writeAll(fd, path, indexFrame.data(), indexFrame.size());
  writeAll(fd, path, data.data(), data.size());
  if (::fsync(fd) != 0 || ::close(fd) != 0) fail(path, "cannot flush to disk");
  return sizeof h + indexFrame.size() + data.size();
}

SliceFile::SliceFile(const std::string& path, const Material& m) : path_(path), material_(m) {
  fd_ = ::open(path.c_str(), O_RDONLY);
  if (fd_ < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  try {
    const off_t end = ::lseek(fd_, 0, SEEK_END);
    fileBytes_ = end < 0 ? 0 : static_cast<std::uint64_t>(end);
    if (fileBytes_ < sizeof(Header)) fail(path, "truncated (no complete header)");
    Header h;
    readExactly(fd_, path, &h, sizeof h, 0);
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail(path, "not a damiera egdb file");
    if (h.version != kFormatVersion) fail(path, "unsupported format version");
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
    readExactly(fd_, path, frame.data(), frame.size(), sizeof h);
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
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

SliceFile::~SliceFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SliceFile::readBlock(std::uint32_t b, std::vector<std::uint8_t>& out) const {
  const std::uint64_t begin = b == 0 ? 0 : blockEnds_[b - 1];
  std::vector<std::uint8_t> frame(blockEnds_[b] - begin);
  readExactly(fd_, path_, frame.data(), frame.size(), dataStart_ + begin);
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
