#include "checkerboard/database_build.h"

#include <cassert>
#include <map>
#include <stdexcept>
#include <vector>

#include "egdb/material.h"
#include "egdb_build/build_driver.h"

namespace damiera::cb {

DatabaseBuild::DatabaseBuild(Done done, std::function<void()> endThread, std::uint64_t cacheBytes)
    : done_(std::move(done)), endThread_(std::move(endThread)), cacheBytes_(cacheBytes) {}

DatabaseBuild::~DatabaseBuild() { stop(); }

std::optional<std::string> DatabaseBuild::start(const std::filesystem::path& folder,
                                                int maxPieces) {
  assert(maxPieces >= kMinBuildPieces && maxPieces <= kMaxBuildPieces);
  std::unique_lock lock(mutex_);
  if (running_) return "a build runs already (" + progress_ + ")";
  reap(lock);
  running_ = true;
  stopRequested_ = false;
  folder_ = folder;
  progress_ = "building " + std::to_string(kMinBuildPieces) + " pieces: 0%";
  thread_ = std::thread([this, folder, maxPieces] { run(folder, maxPieces); });
  return std::nullopt;
}

void DatabaseBuild::stop() {
  std::unique_lock lock(mutex_);
  stopRequested_ = true;
  wake_.notify_all();
  reap(lock);
}

void DatabaseBuild::reap(std::unique_lock<std::mutex>& lock) {
  if (!thread_.joinable()) return;
  if (endThread_) {
    // It ends in endThread, never returning: wait until it is there, then let it go.
    wake_.wait(lock, [this] { return !running_; });
    thread_.detach();
    return;
  }
  lock.unlock();
  thread_.join();
  lock.lock();
}

void DatabaseBuild::pause() {
  std::lock_guard lock(mutex_);
  ++pauses_;
}

void DatabaseBuild::resume() {
  std::lock_guard lock(mutex_);
  assert(pauses_ > 0);
  if (--pauses_ == 0) wake_.notify_all();
}

std::string DatabaseBuild::status() const {
  std::lock_guard lock(mutex_);
  if (!running_) return status_;
  return (pauses_ > 0 ? "paused: " : "") + progress_;
}

bool DatabaseBuild::running() const {
  std::lock_guard lock(mutex_);
  return running_;
}

std::filesystem::path DatabaseBuild::folder() const {
  std::lock_guard lock(mutex_);
  return folder_;
}

void DatabaseBuild::checkpoint() {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [this] { return pauses_ == 0 || stopRequested_; });
  if (stopRequested_) throw Stopped{};
}

void DatabaseBuild::setStatus(std::string text) {
  std::lock_guard lock(mutex_);
  status_ = std::move(text);
}

void DatabaseBuild::run(std::filesystem::path folder, int maxPieces) {
  build(folder, maxPieces);
  // Nothing of the build is left on this thread's stack (endThread never returns, so nothing
  // here would be destroyed).
  std::function<void()> endThread;
  {
    std::lock_guard lock(mutex_);
    running_ = false;
    endThread = endThread_;
    wake_.notify_all();  // under the lock: `this` may be gone once it is released
  }
  if (endThread) endThread();  // never returns (see the constructor)
}

void DatabaseBuild::build(const std::filesystem::path& folder, int maxPieces) {
  const std::string range = std::to_string(kMinBuildPieces) + ".." + std::to_string(maxPieces);
  std::string where;  // the slice being built, for a stop's status
  try {
    std::filesystem::create_directories(folder);
    const std::vector<egdb::Material> plan = egdb::buildOrder(maxPieces);
    // The percentage is of the positions of the piece count being built.
    std::map<int, std::uint64_t> positionsOf;
    for (const egdb::Material& pair : plan) positionsOf[pair.pieces()] += egdb::pairPositions(pair);
    std::uint64_t levelDone = 0;
    int level = 0;
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const egdb::Material& pair = plan[i];
      if (pair.pieces() != level) {
        level = pair.pieces();
        levelDone = 0;
      }
      where = "slice " + std::to_string(i + 1) + " of " + std::to_string(plan.size());
      const auto show = [&](std::uint64_t done) {
        const std::uint64_t percent = 100 * (levelDone + done) / positionsOf[level];
        std::lock_guard lock(mutex_);
        progress_ = "building " + std::to_string(level) + " pieces: " + std::to_string(percent) +
                    "% (" + where + ")";
      };
      show(0);
      checkpoint();
      egdb::BuildCallbacks callbacks;
      // Called between two units of the builder's work, on this thread (one build thread).
      callbacks.progress = [&](std::uint64_t done) {
        show(done);
        checkpoint();
      };
      egdb::buildOnePair(folder.string(), pair, 1, callbacks);
      levelDone += egdb::pairPositions(pair);
    }
    // Verified by the reader the engine probes with: every file's header and index.
    std::shared_ptr<egdb::Database> database = egdb::openShared(folder.string(), cacheBytes_);
    if (!database) throw std::runtime_error(folder.string() + ": no slice written");
    if (const std::vector<std::string> damaged = database->errors(); !damaged.empty())
      throw std::runtime_error(damaged.front());
    if (database->pieces() < maxPieces)
      throw std::runtime_error(folder.string() + ": complete up to " +
                               std::to_string(database->pieces()) + " pieces only");
    setStatus("done " + range);
    done_(folder, std::move(database));
  } catch (const Stopped&) {
    setStatus("stopped at " + where + " of " + range + " (set dbbuild " +
              std::to_string(maxPieces) + " resumes)");
  } catch (const std::exception& e) {
    setStatus(std::string("failed: ") + e.what());
  }
}

}  // namespace damiera::cb
