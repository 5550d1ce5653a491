#pragma once
// Line-based text over file descriptors with deadlines: what the runner and an engine say to
// each other, over a child's pipes or a TCP socket. Every wait also watches the stop signal.
#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace damiera::match {

using Clock = std::chrono::steady_clock;

// A line longer than this is cut here and delivered as is: an engine spewing bytes without a
// newline cannot make the runner's memory grow without bound.
inline constexpr std::size_t kMaxEngineLineBytes = std::size_t{1} << 20;

enum class ReadStatus {
  Line,     // a line was read
  Timeout,  // the deadline passed first
  Closed,   // the other side closed (the engine exited or hung up)
  Stopped,  // the runner is stopping (requestStop)
};

class LineChannel {
 public:
  // Called for every line read from the side channel (a child's stderr): for the logs only.
  using SideLineHandler = std::function<void(std::string_view line)>;

  // readFd and writeFd may be the same (a socket). sideFd may be -1. The fds are not owned;
  // writeFd must be non-blocking (a hung engine's full pipe must not block the runner).
  LineChannel(int readFd, int writeFd, int sideFd);

  void setSideLineHandler(SideLineHandler handler) { onSideLine_ = std::move(handler); }

  // Writes line + '\n'. False if the other side is gone or the deadline passed, or if a stop
  // came while there was no room to write.
  bool writeLine(std::string_view line, Clock::time_point deadline);

  ReadStatus readLine(std::string& line, Clock::time_point deadline);

 private:
  // Moves bytes from fd into buffer; false at end of file or on an error.
  static bool fill(int fd, std::string& buffer);
  static bool takeLine(std::string& buffer, std::string& line, bool force);
  void drainSide(bool force);

  int readFd_;
  int writeFd_;
  int sideFd_;
  std::string buffer_;
  std::string sideBuffer_;
  bool readClosed_ = false;
  SideLineHandler onSideLine_;
};

}  // namespace damiera::match
