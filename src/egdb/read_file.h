#pragma once
// A file opened for reading at any offset from many threads at once (the probe threads share
// one slice file): pread on POSIX, ReadFile with an offset on Windows (the CheckerBoard DLL
// reads the same databases). Binary on both: no text-mode translation.
#include <cstdint>
#include <string>

namespace damiera::egdb {

class ReadOnlyFile {
 public:
  // Opens `path`; throws StorageError ("egdb file PATH: cannot open: why").
  explicit ReadOnlyFile(const std::string& path);
  ~ReadOnlyFile();
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;

  std::uint64_t size() const { return size_; }
  // Reads exactly `bytes` at `offset`; throws StorageError ("truncated", "read failed").
  void readAt(void* out, std::size_t bytes, std::uint64_t offset) const;

 private:
  std::string path_;
#ifdef _WIN32
  void* handle_ = nullptr;
#else
  int fd_ = -1;
#endif
  std::uint64_t size_ = 0;
};

}  // namespace damiera::egdb
