#pragma once
// Files of training records (docs/selfplay.md): a 32-byte header (magic, version, record size,
// record count, CRC-32 of the records) and then the records. A reader refuses a foreign,
// truncated or damaged file with a message naming the file and what is wrong; a writer never
// leaves a half-written file under the final name (write a temporary, verify, rename).
#include <cstdint>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "train/sample.h"

namespace damiera::train {

inline constexpr char kFileMagic[8] = {'D', 'A', 'M', 'S', 'A', 'M', 'P', '\n'};
inline constexpr std::uint32_t kFileVersion = 1;
inline constexpr std::size_t kHeaderSize = 32;

class SampleFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `samples` to `path` atomically: into `path` + ".tmp", read back and checked, then
// renamed. Throws SampleFileError (the temporary is removed) when any step fails.
void writeSampleFile(const std::filesystem::path& path, std::span<const Sample> samples);

// Every record of the file. Throws SampleFileError when the file cannot be read, is not a
// sample file, has another version or record size, is shorter or longer than its header says,
// or its records do not match the checksum. The records are decoded, not validated.
std::vector<Sample> readSampleFile(const std::filesystem::path& path);

// The record count from the header alone (checks magic, version, record size and the length
// of the file, not the checksum): cheap enough to call on every chunk when resuming.
std::uint64_t sampleFileCount(const std::filesystem::path& path);

// The sample files a trainer should read for `where`: the file itself if it exists; for a
// folder, every regular file in it that starts with the magic (so a README or a ".tmp" beside
// them is skipped); otherwise every chunk `where`.NNNN (digits) beside it. Sorted by name.
// Throws SampleFileError when there is none.
std::vector<std::filesystem::path> sampleFiles(const std::filesystem::path& where);

}  // namespace damiera::train
