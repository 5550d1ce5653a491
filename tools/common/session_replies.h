#pragma once
// What the in-process benches (damiera-stopbench, damiera-smpbench) need from a native
// Session's replies, which its search thread writes while the bench waits: how many info and
// bestmove lines came, when the last bestmove came, the depth and nodes of the last iteration
// line; and the parsing of their count arguments. Header-only, as the tools share no library.
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string_view>

namespace damiera::tools {

class SessionReplies {
 public:
  using Clock = std::chrono::steady_clock;

  // The Session's sink: called from whichever thread writes the line.
  void add(std::string_view line) {
    const auto now = Clock::now();
    std::lock_guard lock(mutex_);
    if (line.substr(0, 5) == "info ") ++infos_;
    if (line.substr(0, 11) == "info depth " && line.find(" pv ") != std::string_view::npos) {
      const std::string_view depth = line.substr(11);
      std::from_chars(depth.data(), depth.data() + depth.size(), lastDepth_);
      const std::size_t at = line.find(" nodes ");
      if (at != std::string_view::npos) {
        const std::string_view nodes = line.substr(at + 7);
        std::from_chars(nodes.data(), nodes.data() + nodes.size(), lastNodes_);
      }
    }
    if (line.substr(0, 9) == "bestmove ") {
      ++bestmoves_;
      bestmoveTime_ = now;
    }
    changed_.notify_all();
  }
  void waitForInfos(int count) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return infos_ >= count; });
  }
  void waitForBestmoves(int count) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return bestmoves_ >= count; });
  }
  int infos() const { return read(infos_); }
  int bestmoves() const { return read(bestmoves_); }
  Clock::time_point bestmoveTime() const { return read(bestmoveTime_); }
  int lastDepth() const { return read(lastDepth_); }  // of the last iteration line
  std::uint64_t lastNodes() const { return read(lastNodes_); }

 private:
  template <typename T>
  T read(const T& field) const {
    std::lock_guard lock(mutex_);
    return field;
  }

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int infos_ = 0;
  int bestmoves_ = 0;
  Clock::time_point bestmoveTime_;
  int lastDepth_ = 0;
  std::uint64_t lastNodes_ = 0;
};

// A whole-text integer in min..max.
inline bool parseCount(std::string_view text, int min, int max, int& out) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max)
    return false;
  out = value;
  return true;
}

}  // namespace damiera::tools
