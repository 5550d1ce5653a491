#include "book/book.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "book/book_format.h"
#include "core/movegen.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace damiera::book {

// A file read at offsets only (no shared file position): pread on POSIX, ReadFile with an
// OVERLAPPED offset on Windows.
class PositionalFile {
 public:
  explicit PositionalFile(const std::string& path) {
#ifdef _WIN32
    handle_ = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                          FILE_ATTRIBUTE_NORMAL, nullptr);
    if (handle_ == INVALID_HANDLE_VALUE) throw BookError("book " + path + ": cannot open it");
    LARGE_INTEGER size;
    GetFileSizeEx(handle_, &size);
    size_ = static_cast<std::uint64_t>(size.QuadPart);
#else
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
      throw BookError("book " + path + ": cannot open it (" + std::strerror(errno) + ")");
    const off_t end = ::lseek(fd_, 0, SEEK_END);
    size_ = end < 0 ? 0 : static_cast<std::uint64_t>(end);
#endif
  }
  ~PositionalFile() {
#ifdef _WIN32
    CloseHandle(handle_);
#else
    ::close(fd_);
#endif
  }
  PositionalFile(const PositionalFile&) = delete;
  PositionalFile& operator=(const PositionalFile&) = delete;

  std::uint64_t size() const { return size_; }

  // Reads exactly n bytes at `offset`; false if the file has fewer.
  bool read(std::uint64_t offset, unsigned char* out, std::size_t n) const {
    while (n > 0) {
#ifdef _WIN32
      OVERLAPPED at{};
      at.Offset = static_cast<DWORD>(offset);
      at.OffsetHigh = static_cast<DWORD>(offset >> 32);
      DWORD got = 0;
      if (!ReadFile(handle_, out, static_cast<DWORD>(n), &got, &at) || got == 0) return false;
#else
      const ssize_t got = ::pread(fd_, out, n, static_cast<off_t>(offset));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;
#endif
      out += got;
      offset += static_cast<std::uint64_t>(got);
      n -= static_cast<std::size_t>(got);
    }
    return true;
  }

 private:
#ifdef _WIN32
  HANDLE handle_ = INVALID_HANDLE_VALUE;
#else
  int fd_ = -1;
#endif
  std::uint64_t size_ = 0;
};

namespace {

StoredMove decodeMove(const unsigned char* p) {
  StoredMove m;
  m.captured = static_cast<std::uint32_t>(readLittle(p, 4));
  m.from = p[4];
  m.to = p[5];
  m.score = static_cast<std::int16_t>(static_cast<std::uint16_t>(readLittle(p + 6, 2)));
  m.weight = static_cast<std::uint32_t>(readLittle(p + 8, 4));
  return m;
}

void encodeMove(unsigned char* p, const StoredMove& m) {
  writeLittle(p, m.captured, 4);
  p[4] = m.from;
  p[5] = m.to;
  writeLittle(p + 6, static_cast<std::uint16_t>(m.score), 2);
  writeLittle(p + 8, m.weight, 4);
}

std::uint32_t capturedNumbers(Bitboard captured) {
  std::uint32_t bits = 0;
  for (; captured != 0; captured = withoutLowest(captured))
    bits |= std::uint32_t{1} << (numberOfSquare(lowestSquare(captured)) - 1);
  return bits;
}

}  // namespace

StoredMove storedMove(const Move& move, int score, std::uint32_t weight) {
  StoredMove m;
  m.captured = capturedNumbers(move.captured);
  m.from = static_cast<std::uint8_t>(numberOfSquare(move.from));
  m.to = static_cast<std::uint8_t>(numberOfSquare(move.to));
  m.score = static_cast<std::int16_t>(std::clamp(score, -32767, 32767));
  m.weight = weight;
  return m;
}

std::optional<Move> legalMove(const Position& pos, const StoredMove& stored) {
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move& m : moves)
    if (numberOfSquare(m.from) == stored.from && numberOfSquare(m.to) == stored.to &&
        capturedNumbers(m.captured) == stored.captured)
      return m;
  return std::nullopt;
}

Book::Book(const std::string& path) : path_(path), file_(std::make_unique<PositionalFile>(path)) {
  const auto fail = [&](const std::string& why) { throw BookError("book " + path + ": " + why); };
  unsigned char header[kHeaderBytes];
  if (!file_->read(0, header, kHeaderBytes)) fail("too short for a book header (truncated?)");
  if (!std::equal(kMagic.begin(), kMagic.end(), header)) fail("not a Damiera book (bad magic)");
  const auto version = static_cast<std::uint32_t>(readLittle(header + 8, 4));
  if (version != kVersion)
    fail("format version " + std::to_string(version) + ", this engine reads version " +
         std::to_string(kVersion));
  entries_ = static_cast<std::uint32_t>(readLittle(header + 12, 4));
  moves_ = static_cast<std::uint32_t>(readLittle(header + 16, 4));
  checksum_ = readLittle(header + kChecksumOffset, 8);
  const std::uint64_t expected =
      kHeaderBytes + std::uint64_t{entries_} * kEntryBytes + std::uint64_t{moves_} * kMoveBytes;
  if (file_->size() != expected)
    fail("size " + std::to_string(file_->size()) + " bytes, the header says " +
         std::to_string(expected) + " (truncated or damaged)");
  // The whole body once: the checksum, the keys' order, every entry's moves inside the file.
  std::uint64_t hash = kChecksumStart;
  std::vector<unsigned char> chunk(1 << 16);
  for (std::uint64_t at = kHeaderBytes; at < expected;) {
    const std::size_t n =
        static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), expected - at));
    if (!file_->read(at, chunk.data(), n)) fail("cannot be read whole");
    hash = book::checksum(hash, chunk.data(), n);
    at += n;
  }
  if (hash != checksum_) fail("checksum mismatch (damaged)");
  std::uint64_t previous = 0;
  for (std::uint32_t i = 0; i < entries_; ++i) {
    unsigned char raw[kEntryBytes];
    file_->read(kHeaderBytes + std::uint64_t{i} * kEntryBytes, raw, kEntryBytes);
    const std::uint64_t key = readLittle(raw, 8);
    const auto first = readLittle(raw + 8, 4), count = readLittle(raw + 12, 2);
    if (i > 0 && key <= previous) fail("entries out of order at " + std::to_string(i));
    if (count == 0 || count > kMaxMovesPerEntry || first + count > moves_)
      fail("entry " + std::to_string(i) + " has bad moves");
    previous = key;
  }
}

Book::~Book() = default;

std::uint64_t Book::keyAt(std::uint32_t i) const {
  unsigned char raw[8];
  file_->read(kHeaderBytes + std::uint64_t{i} * kEntryBytes, raw, 8);
  return readLittle(raw, 8);
}

StoredEntry Book::entry(std::uint32_t i) const {
  unsigned char raw[kEntryBytes];
  file_->read(kHeaderBytes + std::uint64_t{i} * kEntryBytes, raw, kEntryBytes);
  StoredEntry e;
  e.key = readLittle(raw, 8);
  const auto first = readLittle(raw + 8, 4);
  const auto count = static_cast<std::size_t>(readLittle(raw + 12, 2));
  e.ply = static_cast<std::uint16_t>(readLittle(raw + 14, 2));
  std::vector<unsigned char> moves(count * kMoveBytes);
  file_->read(kHeaderBytes + std::uint64_t{entries_} * kEntryBytes + first * kMoveBytes,
              moves.data(), moves.size());
  for (std::size_t m = 0; m < count; ++m) e.moves.push_back(decodeMove(&moves[m * kMoveBytes]));
  return e;
}

std::optional<StoredEntry> Book::find(std::uint64_t key) const {
  std::uint32_t low = 0, high = entries_;  // the answer, if any, is in [low, high)
  while (low < high) {
    const std::uint32_t middle = low + (high - low) / 2;
    const std::uint64_t k = keyAt(middle);
    if (k == key) return entry(middle);
    if (k < key)
      low = middle + 1;
    else
      high = middle;
  }
  return std::nullopt;
}

std::vector<BookMove> Book::movesOf(const Position& pos) const {
  std::vector<BookMove> out;
  const std::optional<StoredEntry> e = find(pos.key());
  if (!e) return out;
  for (const StoredMove& stored : e->moves)
    if (const std::optional<Move> m = legalMove(pos, stored))
      out.push_back({*m, stored.score, stored.weight});
  std::stable_sort(out.begin(), out.end(),
                   [](const BookMove& a, const BookMove& b) { return a.score > b.score; });
  return out;
}

std::optional<BookMove> chooseMove(const std::vector<BookMove>& moves, int variety, double random) {
  if (moves.empty()) return std::nullopt;
  int best = moves.front().score;
  for (const BookMove& m : moves) best = std::max(best, m.score);
  std::vector<const BookMove*> candidates;
  double total = 0;
  for (const BookMove& m : moves)
    if (m.score >= best - variety) {
      candidates.push_back(&m);
      total += std::max<std::uint32_t>(m.weight, 1);
    }
  if (variety <= 0) {
    for (const BookMove* m : candidates)
      if (m->score == best) return *m;
  }
  double point = random * total;
  for (const BookMove* m : candidates) {
    point -= std::max<std::uint32_t>(m->weight, 1);
    if (point < 0) return *m;
  }
  return *candidates.back();
}

void writeBook(const std::string& path, std::vector<StoredEntry> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const StoredEntry& a, const StoredEntry& b) { return a.key < b.key; });
  std::vector<unsigned char> body;
  std::uint32_t moveCount = 0;
  for (const StoredEntry& e : entries) moveCount += static_cast<std::uint32_t>(e.moves.size());
  body.resize(entries.size() * kEntryBytes + std::size_t{moveCount} * kMoveBytes);
  std::uint32_t first = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const StoredEntry& e = entries[i];
    if (e.moves.empty() || e.moves.size() > kMaxMovesPerEntry)
      throw BookError("book " + path + ": an entry with " + std::to_string(e.moves.size()) +
                      " moves");
    if (i > 0 && e.key == entries[i - 1].key)
      throw BookError("book " + path + ": two entries with one key");
    unsigned char* p = &body[i * kEntryBytes];
    writeLittle(p, e.key, 8);
    writeLittle(p + 8, first, 4);
    writeLittle(p + 12, e.moves.size(), 2);
    writeLittle(p + 14, e.ply, 2);
    for (const StoredMove& m : e.moves)
      encodeMove(&body[entries.size() * kEntryBytes + std::size_t{first++} * kMoveBytes], m);
  }
  unsigned char header[kHeaderBytes] = {};
  std::copy(kMagic.begin(), kMagic.end(), header);
  writeLittle(header + 8, kVersion, 4);
  writeLittle(header + 12, entries.size(), 4);
  writeLittle(header + 16, moveCount, 4);
  writeLittle(header + kChecksumOffset, checksum(kChecksumStart, body.data(), body.size()), 8);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(header), kHeaderBytes);
    out.write(reinterpret_cast<const char*>(body.data()),
              static_cast<std::streamsize>(body.size()));
    if (!out.flush()) throw BookError("book " + path + ": cannot write " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error)
    throw BookError("book " + path + ": cannot rename " + temporary + ": " + error.message());
}

}  // namespace damiera::book
