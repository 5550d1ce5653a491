#pragma once
// The progress bar of the long-running tools (damiera-egdb, damiera-selfplay): redrawn in place
// on stderr when it is a terminal, silent otherwise (the tools print plain lines of their own
// as each piece of work completes). Header-only: the tools share no library of their own.
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace damiera::tools {

// "4.2s", "3m05s", "2h07m".
inline std::string formatDuration(double seconds) {
  char text[32];
  const long s = static_cast<long>(seconds + 0.5);
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%.1fs", seconds);
  return text;
}

class ProgressBar {
 public:
  using Clock = std::chrono::steady_clock;

  // `total` units of work, `alreadyDone` of them before this run (resumed work): they fill the
  // bar but do not count in the rate behind the ETA.
  explicit ProgressBar(std::uint64_t total, std::uint64_t alreadyDone = 0)
      : total_(total), alreadyDone_(alreadyDone), terminal_(isatty(STDERR_FILENO) != 0) {}

  bool terminal() const { return terminal_; }
  double elapsedSeconds() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

  // Draws "[#####.....]  42.0% DETAIL ETA 3m05s" with `done` of the total units done, at most
  // every 200 ms unless `force`. Safe from any thread: one that finds another drawing skips.
  // `detail()` (a string) is only called when the bar is drawn.
  template <class Detail>
  void update(std::uint64_t done, Detail&& detail, bool force = false) {
    if (!terminal_) return;
    std::unique_lock guard(drawLock_, std::try_to_lock);
    if (!guard.owns_lock()) return;
    const auto now = Clock::now();
    if (now - lastDraw_ < std::chrono::milliseconds(200) && !force) return;
    lastDraw_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const std::uint64_t doneHere = done > alreadyDone_ ? done - alreadyDone_ : 0;
    const double rate = elapsed > 0 ? doneHere / elapsed : 0;
    const double eta = rate > 0 && total_ > done ? (total_ - done) / rate : 0;
    const double fraction = total_ ? static_cast<double>(done) / total_ : 1;
    const int width = 30;
    const int filled = static_cast<int>(fraction * width);
    const std::string text = detail();
    std::fprintf(stderr, "\r[%s%s] %5.1f%% %s ETA %s   ", std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), 100 * fraction, text.c_str(),
                 formatDuration(eta).c_str());
  }

  // Erases the bar, so that a plain line can be printed.
  void clear() {
    if (!terminal_) return;
    const std::lock_guard guard(drawLock_);
    std::fprintf(stderr, "\r%80s\r", "");
  }

 private:
  std::uint64_t total_;
  std::uint64_t alreadyDone_;
  bool terminal_;
  std::mutex drawLock_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point lastDraw_{};
};

}  // namespace damiera::tools
