#pragma once
// The CheckerBoard engine builds its own endgame database (docs/checkerboard.md, "Endgame
// database"): a Windows player has no damiera-egdb at hand. One background thread runs the
// builder (src/egdb_build) over the slices of 2..N pieces in plan order, into one folder:
//   - it yields to the engine: pause() (every getmove) holds it at its next unit of work until
//     the matching resume(), so a search has the processor to itself;
//   - it resumes: a slice is written under a temporary name, read back, then renamed
//     (egdb_build/build_driver.h), so a build stopped at any moment (the DLL unloaded, the
//     process ended) leaves whole slices only, and the next start skips them;
//   - once every slice is written, it opens the folder with the reader the engine probes with,
//     which checks every file, and hands it over (`done`) only if nothing is missing or damaged.
// Nothing here is Windows-specific: it is tested natively (tests/checkerboard).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "egdb/database.h"

namespace damiera::cb {

inline constexpr int kMinBuildPieces = 2;
inline constexpr int kMaxBuildPieces = 5;  // 6 pieces take an hour: damiera-egdb.exe does it

class DatabaseBuild {
 public:
  // Called from the build thread with the verified database, once a build is complete.
  using Done = std::function<void(const std::filesystem::path& folder,
                                  std::shared_ptr<egdb::Database> database)>;
  // `endThread`: empty, a build's thread returns when its build ends and is joined. Set (the
  // DLL's: ExitThread), a build's thread calls it last, once it has left the build and released
  // everything, and it never returns; the thread is let go. A DLL being unloaded must not join
  // a thread (its exit needs the loader lock that the unloading thread holds), nor let it run
  // on in code about to be unmapped: stop() waits until the thread is in endThread, whose exit
  // then completes in the system once the unload has released the loader lock.
  DatabaseBuild(Done done, std::function<void()> endThread = {},
                std::uint64_t cacheBytes = std::uint64_t(16) << 20);
  ~DatabaseBuild();  // stop()
  DatabaseBuild(const DatabaseBuild&) = delete;
  DatabaseBuild& operator=(const DatabaseBuild&) = delete;

  // Starts building 2..maxPieces (kMinBuildPieces..kMaxBuildPieces) into `folder`, keeping the
  // slices already there. Returns why not if a build runs already.
  std::optional<std::string> start(const std::filesystem::path& folder, int maxPieces);
  // Stops a running build at its next unit of work (its finished slices stay) and waits for
  // its thread to end (or to be in endThread).
  void stop();

  // Counted: the build waits while any pause() is not yet resumed.
  void pause();
  void resume();

  // "idle", "building 4 pieces: 37% (slice 12 of 30)", "paused: building ...", "done 2..5",
  // "stopped: ... (set dbbuild N resumes)", "failed: <why>".
  std::string status() const;
  bool running() const;
  std::filesystem::path folder() const;

 private:
  struct Stopped {};  // thrown from the builder's progress callback to leave it
  // The thread: build(), then the end of the thread.
  void run(std::filesystem::path folder, int maxPieces);
  void build(const std::filesystem::path& folder, int maxPieces);
  // The builder's hook: waits while paused; throws Stopped when asked to stop.
  void checkpoint();
  void setStatus(std::string text);
  // Waits for the last build's thread: joins it, or lets it go once it is in endThread.
  void reap(std::unique_lock<std::mutex>& lock);

  const Done done_;
  const std::function<void()> endThread_;
  const std::uint64_t cacheBytes_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  int pauses_ = 0;
  bool stopRequested_ = false;
  bool running_ = false;
  std::string status_ = "idle";
  std::string progress_;  // "building 4 pieces: 37% (slice 12 of 30)" while building
  std::filesystem::path folder_;
  std::thread thread_;
};

}  // namespace damiera::cb
