#include "egdb/database.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "egdb/index.h"
#include "egdb/resolve.h"

namespace damiera::egdb {

Database::Database(const std::string& dir, int maxPieces, std::uint64_t cacheBytes)
    : cache_(cacheBytes) {
  // Indexed by pieces on the board: up to 12 a side, whatever maxPieces a caller asks for.
  std::array<bool, 2 * 12 + 1> complete;
  complete.fill(true);
  for (const Material& m : slicesUpTo(maxPieces)) {
    // The platform's separator: the CheckerBoard DLL names Windows paths in its errors.
    const std::string path = (std::filesystem::path(dir) / sliceFileName(m)).string();
    if (!std::filesystem::exists(path)) {
      complete[m.pieces()] = false;
      continue;
    }
    try {
      files_[m.key()] = std::make_unique<SliceFile>(path, m);
      ++slices_;
      largestSlice_ = std::max(largestSlice_, m.pieces());
    } catch (const StorageError& e) {
      complete[m.pieces()] = false;
      errors_.push_back(e.what());
    }
  }
  for (int n = 2; n <= maxPieces && complete[n]; ++n) pieces_ = n;
}

std::shared_ptr<Database> openShared(const std::string& dir, std::uint64_t cacheBytes) {
  if (!std::filesystem::is_directory(dir)) throw StorageError("egdb folder " + dir + " not found");
  static std::mutex lock;
  static std::map<std::pair<std::string, std::uint64_t>, std::weak_ptr<Database>> open;
  std::lock_guard guard(lock);
  const auto key = std::make_pair(std::filesystem::canonical(dir).string(), cacheBytes);
  if (std::shared_ptr<Database> db = open[key].lock()) return db;
  auto db = std::make_shared<Database>(dir, 9, cacheBytes);
  if (db->slices() == 0 && db->errors().empty()) return nullptr;
  open[key] = db;
  return db;
}

std::vector<std::string> Database::errors() const {
  std::lock_guard guard(errorsLock_);
  return errors_;
}

void Database::disable(int key, const std::string& error) {
  if (disabled_[key].exchange(true)) return;
  std::lock_guard guard(errorsLock_);
  errors_.push_back(error);
}

std::optional<std::uint8_t> Database::code(const Material& m, const Board& b) {
  const int key = m.key();
  const SliceFile* file = files_[key].get();
  if (!file || disabled_[key]) return std::nullopt;
  const std::uint64_t index = SliceIndex(m).index(b);
  const std::uint32_t block = static_cast<std::uint32_t>(index / kBlockPositions);
  const std::uint64_t cacheKey = (std::uint64_t(key) << 32) | block;
  BlockCache::Block data = cache_.find(cacheKey);
  if (!data) {
    auto fresh = std::make_shared<std::vector<std::uint8_t>>();
    try {
      file->readBlock(block, *fresh);
    } catch (const StorageError& e) {
      disable(key, e.what());
      return std::nullopt;
    }
    blockReads_.fetch_add(1, std::memory_order_relaxed);
    data = fresh;
    cache_.insert(cacheKey, data);
  }
  return (*data)[index % kBlockPositions];
}

std::optional<Value> Database::probe(const Position& pos) {
  auto codeOf = [this](const Material& m, const Board& b) { return code(m, b); };
  return resolveValue(pos, codeOf);
}

}  // namespace damiera::egdb
