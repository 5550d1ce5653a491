#include "egdb_build/build_driver.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX  // windows.h must not define min and max (std::min below)
#endif
#include <process.h>  // _getpid
#include <windows.h>  // OpenProcess
#else
#include <signal.h>
#include <unistd.h>
#endif

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "core/fen.h"
#include "egdb/index.h"
#include "egdb/resolve.h"
#include "egdb/storage.h"
#include "egdb_build/builder.h"
#include "egdb_build/slice_store.h"
#include "egdb_build/storage_write.h"

namespace damiera::egdb {

namespace {
std::string pathOf(const std::string& dir, const Material& m) {
  return dir + "/" + sliceFileName(m);
}

int processId() {
#ifdef _WIN32
  return _getpid();
#else
  return ::getpid();
#endif
}

// Whether process `pid` is gone (so a temporary file it left is stale).
bool processGone(int pid) {
#ifdef _WIN32
  const HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
  if (process == nullptr) return GetLastError() == ERROR_INVALID_PARAMETER;  // no such process
  const bool exited = WaitForSingleObject(process, 0) == WAIT_OBJECT_0;
  CloseHandle(process);
  return exited;
#else
  return ::kill(pid, 0) != 0 && errno == ESRCH;
#endif
}

// Several processes may build the same pair into one folder (a scheduler retrying a job): each
// writes its own temporary file and the rename, atomic, makes one of the identical results win.
std::string tmpPathOf(const std::string& dir, const Material& m) {
  return pathOf(dir, m) + ".tmp." + std::to_string(processId());
}

// Temporary files of builds that were killed: their process is gone.
void removeStaleTemporaries(const std::string& dir) {
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const std::size_t at = name.find(".egdb.tmp.");
    if (at == std::string::npos) continue;
    const int pid = std::atoi(name.c_str() + at + 10);
    if (pid > 0 && processGone(pid)) std::filesystem::remove(entry.path());
  }
}

std::vector<Material> members(const Material& canonical) {
  if (canonical.isSymmetric()) return {canonical};
  return {canonical, canonical.mirrored()};
}

void requireBuilt(const std::string& dir, const Material& pair, const Material& needed) {
  if (!pairBuilt(dir, needed))
    throw std::runtime_error("slice " + pair.name() + " needs slice " + needed.name() +
                             ", which is not built in " + dir);
}

template <class F>
void parallelFor(std::uint64_t count, int threads, F&& f) {
  std::atomic<std::uint64_t> next{0};
  constexpr std::uint64_t kChunk = 8192;
  auto worker = [&] {
    for (std::uint64_t c; (c = next.fetch_add(kChunk)) < count;)
      for (std::uint64_t i = c; i < std::min(count, c + kChunk); ++i) f(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
}
}  // namespace

std::uint64_t pairPositions(const Material& canonical) {
  std::uint64_t n = 0;
  for (const Material& m : members(canonical)) n += SliceIndex(m).size();
  return n;
}

bool pairBuilt(const std::string& dir, const Material& canonical) {
  for (const Material& m : members(canonical)) {
    if (!std::filesystem::exists(pathOf(dir, m))) return false;
    SliceFile check(pathOf(dir, m), m);  // throws if damaged
  }
  return true;
}

PairReport buildOnePair(const std::string& dir, const Material& canonical, int threads,
                        const BuildCallbacks& callbacks) {
  PairReport report;
  report.pair = canonical;
  report.positions = pairPositions(canonical);
  if (pairBuilt(dir, canonical)) {
    report.skipped = true;
    for (const Material& m : members(canonical))
      report.bytes += std::filesystem::file_size(pathOf(dir, m));
    callbacks.finished(report);
    return report;
  }
  const auto start = std::chrono::steady_clock::now();
  removeStaleTemporaries(dir);
  const std::vector<Material> closure = dependencyClosure(canonical);
  for (const Material& d : dependencies(canonical)) requireBuilt(dir, canonical, d);
  SliceStore deps(dir);
  for (const Material& d : closure) deps.loadPair(d);
  callbacks.started(canonical, report.positions);
  const BuiltPair built = buildPair(canonical, deps, threads, callbacks.progress);
  report.maxWinDistance = built.maxWinDistance;
  report.maxLossDistance = built.maxLossDistance;

  // Write both members, read them back, and only then give them their final names.
  std::vector<std::pair<Material, const std::vector<std::uint8_t>*>> files = {
      {built.first, &built.firstValues}};
  if (!canonical.isSymmetric()) files.push_back({built.second, &built.secondValues});
  for (const auto& [m, values] : files) {
    const std::string tmp = tmpPathOf(dir, m);
    report.bytes += writeSlice(tmp, m, *values);
    if (SliceFile(tmp, m).readAll() != *values)
      throw StorageError("egdb file " + tmp + ": reads back differently from what was written");
  }
  for (const auto& [m, values] : files) std::filesystem::rename(tmpPathOf(dir, m), pathOf(dir, m));
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  callbacks.finished(report);
  return report;
}

std::vector<PairReport> buildAll(const std::string& dir, int maxPieces, int threads,
                                 const BuildCallbacks& callbacks) {
  std::filesystem::create_directories(dir);
  std::vector<PairReport> reports;
  for (const Material& pair : buildOrder(maxPieces))
    reports.push_back(buildOnePair(dir, pair, threads, callbacks));
  return reports;
}

std::vector<VerifyReport> verifyAll(const std::string& dir, int maxPieces, int threads,
                                    const std::function<void(const VerifyReport&)>& each) {
  std::vector<VerifyReport> reports;
  SliceStore store(dir);
  for (const Material& pair : buildOrder(maxPieces)) {
    for (const Material& m : members(pair))
      if (!std::filesystem::exists(pathOf(dir, m)))
        throw StorageError("egdb file " + pathOf(dir, m) + ": missing");
    std::vector<Material> keep = dependencyClosure(pair);
    keep.push_back(pair);
    store.keepOnly(keep);
    for (const Material& m : keep) store.loadPair(m);  // full decompression checks every frame
    auto codeOf = [&store](const Material& mat, const Board& b) { return store.code(mat, b); };
    for (const Material& m : members(pair)) {
      const SliceIndex index(m);
      const std::vector<std::uint8_t>& values = *store.values(m);
      VerifyReport report;
      report.slice = m;
      report.positions = index.size();
      std::atomic<std::uint64_t> mismatches{0};
      std::mutex firstLock;
      parallelFor(index.size(), threads, [&](std::uint64_t i) {
        const Position pos = toPosition(index.board(i));
        const std::uint8_t stored = values[i];
        bool ok;
        std::string expected;
        if (hasCapture(pos)) {
          ok = stored == kCaptureCode;
          expected = "capture marker";
        } else {
          auto child = [&codeOf](const Position& next) { return resolveValue(next, codeOf); };
          const std::optional<Value> v = valueFromSuccessors(pos, child);
          ok = v && stored != kCaptureCode && decode(stored) == *v;
          expected = v ? describe(*v) : "unknown";
        }
        if (ok) return;
        if (mismatches.fetch_add(1) == 0) {
          std::lock_guard lock(firstLock);
          report.firstMismatch =
              formatFen(pos) + " stored " +
              (stored == kCaptureCode ? "capture marker" : describe(decode(stored))) +
              ", successors give " + expected;
        }
      });
      report.mismatches = mismatches;
      each(report);
      reports.push_back(report);
    }
  }
  return reports;
}

}  // namespace damiera::egdb
