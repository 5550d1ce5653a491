#pragma once
// The opening book's file format (docs/book.md): a 32-byte header, the entries sorted by key,
// then the moves. Every number is little-endian; the layout is read field by field, never by
// casting a struct, so it means the same on every compiler and platform (the CheckerBoard DLL
// reads the same file).
//
//   header   magic "DMRBOOK\x1a" | u32 version | u32 entries | u32 moves | u32 reserved (0)
//            | u64 checksum (FNV-1a 64 of every byte after the header)
//   entry    u64 key (Position::key(), the Zobrist key) | u32 first move | u16 move count
//            | u16 ply (plies from the start position where the builder met it)
//   move     u32 captured (bit n-1: square n) | u8 from (1..32) | u8 to (1..32)
//            | i16 score (search units, from the mover's side) | u32 weight
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace damiera::book {

inline constexpr std::array<char, 8> kMagic = {'D', 'M', 'R', 'B', 'O', 'O', 'K', '\x1a'};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::size_t kHeaderBytes = 32;
inline constexpr std::size_t kEntryBytes = 16;
inline constexpr std::size_t kMoveBytes = 12;
inline constexpr std::size_t kChecksumOffset = 24;
// A position has far fewer legal moves than this; a bigger count means a damaged file.
inline constexpr std::uint32_t kMaxMovesPerEntry = 128;

// FNV-1a, 64 bits: enough to tell a damaged or truncated file, and tiny to implement anywhere.
inline constexpr std::uint64_t kChecksumStart = 0xcbf29ce484222325ULL;
constexpr std::uint64_t checksum(std::uint64_t hash, const unsigned char* bytes, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
  return hash;
}

inline std::uint64_t readLittle(const unsigned char* p, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = (value << 8) | p[i];
  return value;
}

inline void writeLittle(unsigned char* p, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<unsigned char>(value >> (8 * i));
}

}  // namespace damiera::book
