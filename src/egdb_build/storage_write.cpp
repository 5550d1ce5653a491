// Writing slice files (the builder's side, storage.h): zstd compression and file output, with
// the C library's files (the same on Linux and on Windows, where the CheckerBoard DLL and
// damiera-egdb.exe build databases too) and the system's flush to disk.
#include "egdb_build/storage_write.h"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#ifdef _WIN32
#include <io.h>  // _commit, _fileno
#else
#include <unistd.h>  // fsync, fileno
#endif

#include "egdb/storage.h"
#include "egdb/storage_format.h"

namespace damiera::egdb {

namespace {
using format::fail;

constexpr int kCompressionLevel = 9;

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

struct CloseFile {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using File = std::unique_ptr<std::FILE, CloseFile>;

void writeAll(std::FILE* file, const std::string& path, const void* data, std::size_t size) {
  if (std::fwrite(data, 1, size, file) != size)
    fail(path, std::string("write failed: ") + std::strerror(errno));
}

// The data on the disk, not only in the system's cache, before the file is renamed into place.
bool flushToDisk(std::FILE* file) {
  if (std::fflush(file) != 0) return false;
#ifdef _WIN32
  return _commit(_fileno(file)) == 0;
#else
  return ::fsync(fileno(file)) == 0;
#endif
}

}  // namespace

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
  format::Header h{};
  std::memcpy(h.magic, format::kMagic, sizeof format::kMagic);
  h.version = format::kVersion;
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

  File file(std::fopen(path.c_str(), "wb"));
  if (!file) fail(path, std::string("cannot create: ") + std::strerror(errno));
  writeAll(file.get(), path, &h, sizeof h);
  writeAll(file.get(), path, indexFrame.data(), indexFrame.size());
  writeAll(file.get(), path, data.data(), data.size());
  if (!flushToDisk(file.get()) || std::fclose(file.release()) != 0)
    fail(path, "cannot flush to disk");
  return sizeof h + indexFrame.size() + data.size();
}

}  // namespace damiera::egdb
