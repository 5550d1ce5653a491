#include "train/sample_file.h"

#include <algorithm>
#include <array>
#include <boost/crc.hpp>
#include <cctype>
#include <cstring>
#include <fstream>
#include <system_error>

namespace damiera::train {

namespace fs = std::filesystem;

namespace {

using Header = std::array<std::uint8_t, kHeaderSize>;

// Header layout (docs/selfplay.md): magic[8], version u32, record size u32, record count u64,
// CRC-32 of the record bytes u32, reserved u32 (zero).
constexpr std::size_t kVersionAt = 8;
constexpr std::size_t kRecordSizeAt = 12;
constexpr std::size_t kCountAt = 16;
constexpr std::size_t kCrcAt = 24;

void put(Header& h, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) h[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint64_t get(const Header& h, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= static_cast<std::uint64_t>(h[at + i]) << (8 * i);
  return value;
}

[[noreturn]] void fail(const fs::path& path, const std::string& what) {
  throw SampleFileError("sample file " + path.string() + ": " + what);
}

std::uint32_t crcOf(const std::vector<std::uint8_t>& bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

// Opens `path`, reads and checks its header against the file's length; returns the count.
std::uint64_t openAndCheck(const fs::path& path, std::ifstream& in, Header& h) {
  in.open(path, std::ios::binary);
  if (!in) fail(path, "cannot be opened");
  in.read(reinterpret_cast<char*>(h.data()), h.size());
  if (in.gcount() < static_cast<std::streamsize>(sizeof kFileMagic))
    fail(path, "too short to be a sample file");
  if (std::memcmp(h.data(), kFileMagic, sizeof kFileMagic) != 0)
    fail(path, "not a sample file (wrong magic)");
  if (in.gcount() != static_cast<std::streamsize>(h.size())) fail(path, "truncated header");
  if (const auto version = get(h, kVersionAt, 4); version != kFileVersion)
    fail(path, "version " + std::to_string(version) + ", this reader knows version " +
                   std::to_string(kFileVersion));
  if (const auto size = get(h, kRecordSizeAt, 4); size != kRecordSize)
    fail(path, "record size " + std::to_string(size) + ", expected " + std::to_string(kRecordSize));
  const std::uint64_t count = get(h, kCountAt, 8);
  std::error_code ec;
  const std::uintmax_t length = fs::file_size(path, ec);
  if (ec) fail(path, "cannot be sized: " + ec.message());
  const std::uintmax_t expected = kHeaderSize + count * kRecordSize;
  if (length < expected)
    fail(path, "truncated: " + std::to_string(length) + " bytes, the header announces " +
                   std::to_string(count) + " records (" + std::to_string(expected) + " bytes)");
  if (length > expected)
    fail(path, "trailing garbage: " + std::to_string(length) + " bytes, expected " +
                   std::to_string(expected));
  return count;
}

}  // namespace

std::vector<Sample> readSampleFile(const fs::path& path) {
  std::ifstream in;
  Header h;
  const std::uint64_t count = openAndCheck(path, in, h);
  std::vector<std::uint8_t> bytes(count * kRecordSize);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size())) fail(path, "read error");
  if (crcOf(bytes) != get(h, kCrcAt, 4)) fail(path, "damaged: the records' checksum differs");
  std::vector<Sample> samples;
  samples.reserve(count);
  Record r;
  for (std::size_t i = 0; i < count; ++i) {
    std::copy_n(bytes.begin() + i * kRecordSize, kRecordSize, r.begin());
    samples.push_back(decode(r));
  }
  return samples;
}

std::uint64_t sampleFileCount(const fs::path& path) {
  std::ifstream in;
  Header h;
  return openAndCheck(path, in, h);
}

void writeSampleFile(const fs::path& path, std::span<const Sample> samples) {
  std::vector<std::uint8_t> bytes;
  bytes.reserve(samples.size() * kRecordSize);
  for (const Sample& s : samples) {
    const Record r = encode(s);
    bytes.insert(bytes.end(), r.begin(), r.end());
  }
  Header h{};
  std::memcpy(h.data(), kFileMagic, sizeof kFileMagic);
  put(h, kVersionAt, kFileVersion, 4);
  put(h, kRecordSizeAt, kRecordSize, 4);
  put(h, kCountAt, samples.size(), 8);
  put(h, kCrcAt, crcOf(bytes), 4);

  fs::path temporary = path;
  temporary += ".tmp";
  try {
    {
      std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
      if (!out) fail(temporary, "cannot be created");
      out.write(reinterpret_cast<const char*>(h.data()), h.size());
      out.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
      out.close();
      if (!out) fail(temporary, "write error (disk full?)");
    }
    if (readSampleFile(temporary) != std::vector<Sample>(samples.begin(), samples.end()))
      fail(temporary, "reads back different records");
    std::error_code ec;
    fs::rename(temporary, path, ec);
    if (ec) fail(path, "cannot be renamed into place: " + ec.message());
  } catch (...) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw;
  }
}

namespace {

bool startsWithMagic(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[sizeof kFileMagic];
  in.read(magic, sizeof magic);
  return in.gcount() == sizeof magic && std::memcmp(magic, kFileMagic, sizeof magic) == 0;
}

bool isChunkOf(const fs::path& candidate, const std::string& stem) {
  const std::string name = candidate.filename().string();
  if (name.size() <= stem.size() + 1 || name.compare(0, stem.size(), stem) != 0 ||
      name[stem.size()] != '.')
    return false;
  return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(stem.size()) + 1, name.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

}  // namespace

std::vector<fs::path> sampleFiles(const fs::path& where) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_regular_file(where, ec)) return {where};
  if (fs::is_directory(where, ec)) {
    for (const auto& entry : fs::directory_iterator(where, ec))
      if (entry.is_regular_file() && entry.path().extension() != ".tmp" &&
          startsWithMagic(entry.path()))
        files.push_back(entry.path());
  } else {
    const fs::path folder = where.has_parent_path() ? where.parent_path() : fs::path(".");
    const std::string stem = where.filename().string();
    for (const auto& entry : fs::directory_iterator(folder, ec))
      if (entry.is_regular_file() && isChunkOf(entry.path(), stem)) files.push_back(entry.path());
  }
  if (files.empty()) throw SampleFileError("no sample files at " + where.string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace damiera::train
