#include "egdb/read_file.h"

#include <algorithm>
#include <cstring>

#include "egdb/storage_format.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace damiera::egdb {

using format::fail;

#ifdef _WIN32

namespace {
std::string lastError() {
  char text[256] = {};
  const DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                                 nullptr, GetLastError(), 0, text, sizeof text, nullptr);
  std::string message(text, n);
  while (!message.empty() &&
         (message.back() == '\n' || message.back() == '\r' || message.back() == '.'))
    message.pop_back();
  return message.empty() ? "error " + std::to_string(GetLastError()) : message;
}
}  // namespace

ReadOnlyFile::ReadOnlyFile(const std::string& path) : path_(path) {
  HANDLE h = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                         FILE_ATTRIBUTE_NORMAL | FILE_FLAG_RANDOM_ACCESS, nullptr);
  if (h == INVALID_HANDLE_VALUE) fail(path, "cannot open: " + lastError());
  LARGE_INTEGER size;
  if (!GetFileSizeEx(h, &size)) {
    const std::string why = lastError();
    CloseHandle(h);
    fail(path, "cannot open: " + why);
  }
  handle_ = h;
  size_ = static_cast<std::uint64_t>(size.QuadPart);
}

ReadOnlyFile::~ReadOnlyFile() { CloseHandle(static_cast<HANDLE>(handle_)); }

// A synchronous handle with an OVERLAPPED offset: each read names its own position, so threads
// sharing the handle do not race on a file pointer.
void ReadOnlyFile::readAt(void* out, std::size_t bytes, std::uint64_t offset) const {
  char* p = static_cast<char*>(out);
  while (bytes) {
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes, 1u << 30));
    DWORD n = 0;
    if (!ReadFile(static_cast<HANDLE>(handle_), p, chunk, &n, &at)) {
      if (GetLastError() == ERROR_HANDLE_EOF) fail(path_, "truncated");
      fail(path_, "read failed: " + lastError());
    }
    if (n == 0) fail(path_, "truncated");
    p += n;
    bytes -= n;
    offset += n;
  }
}

#else

ReadOnlyFile::ReadOnlyFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDONLY);
  if (fd_ < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat info;
  if (::fstat(fd_, &info) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    fail(path, "cannot open: " + why);
  }
  size_ = static_cast<std::uint64_t>(info.st_size);
}

ReadOnlyFile::~ReadOnlyFile() { ::close(fd_); }

void ReadOnlyFile::readAt(void* out, std::size_t bytes, std::uint64_t offset) const {
  char* p = static_cast<char*>(out);
  while (bytes) {
    const ssize_t n = ::pread(fd_, p, bytes, static_cast<off_t>(offset));
    if (n < 0) fail(path_, std::string("read failed: ") + std::strerror(errno));
    if (n == 0) fail(path_, "truncated");
    p += n;
    bytes -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
}

#endif

}  // namespace damiera::egdb
