#include "tools/match/line_channel.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include "tools/match/stop_signal.h"

namespace damiera::match {
namespace {

constexpr std::size_t kReadChunk = 4096;

int millisecondsUntil(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  // Round up so a poll never wakes just before the deadline and spins.
  return static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 1'000'000'000));
}

}  // namespace

LineChannel::LineChannel(int readFd, int writeFd, int sideFd)
    : readFd_(readFd), writeFd_(writeFd), sideFd_(sideFd) {}

bool LineChannel::fill(int fd, std::string& buffer) {
  char chunk[kReadChunk];
  ssize_t got;
  do {
    got = read(fd, chunk, sizeof chunk);
  } while (got < 0 && errno == EINTR);
  if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;  // nothing after all
  if (got <= 0) return false;
  buffer.append(chunk, static_cast<std::size_t>(got));
  return true;
}

bool LineChannel::takeLine(std::string& buffer, std::string& line, bool force) {
  const std::size_t newline = buffer.find('\n');
  std::size_t length = newline;
  if (newline == std::string::npos) {
    if (buffer.size() >= kMaxEngineLineBytes)
      length = kMaxEngineLineBytes;
    else if (force && !buffer.empty())
      length = buffer.size();
    else
      return false;
  }
  line.assign(buffer, 0, length);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  buffer.erase(0, newline == std::string::npos ? length : newline + 1);
  return true;
}

void LineChannel::drainSide(bool force) {
  std::string line;
  while (takeLine(sideBuffer_, line, force))
    if (onSideLine_) onSideLine_(line);
}

bool LineChannel::writeLine(std::string_view line, Clock::time_point deadline) {
  std::string data(line);
  data += '\n';
  std::size_t sent = 0;
  while (sent < data.size()) {
    pollfd fds[2] = {{writeFd_, POLLOUT, 0}, {stopFd(), POLLIN, 0}};
    const int ready = poll(fds, 2, millisecondsUntil(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    if (fds[0].revents & (POLLERR | POLLNVAL | POLLHUP)) return false;
    // Room to write goes first, even when stopping: that is how "quit" still gets through.
    if (!(fds[0].revents & POLLOUT)) return false;  // only the stop signal woke us
    // The fd is non-blocking, so an engine that stopped reading cannot block us here.
    const ssize_t wrote = write(writeFd_, data.data() + sent, data.size() - sent);
    if (wrote < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (wrote <= 0) return false;
    sent += static_cast<std::size_t>(wrote);
  }
  return true;
}

ReadStatus LineChannel::readLine(std::string& line, Clock::time_point deadline) {
  while (true) {
    if (takeLine(buffer_, line, readClosed_)) return ReadStatus::Line;
    if (readClosed_) {
      drainSide(true);
      return ReadStatus::Closed;
    }
    if (stopRequested()) return ReadStatus::Stopped;
    std::vector<pollfd> fds = {{readFd_, POLLIN, 0}, {stopFd(), POLLIN, 0}};
    if (sideFd_ >= 0) fds.push_back({sideFd_, POLLIN, 0});
    const int ready = poll(fds.data(), fds.size(), millisecondsUntil(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {  // the fds are ours and valid: treat a failing poll as a lost engine
      readClosed_ = true;
      continue;
    }
    if (ready == 0) {
      if (Clock::now() >= deadline) return ReadStatus::Timeout;
      continue;
    }
    if (fds[1].revents) return ReadStatus::Stopped;
    if (sideFd_ >= 0 && fds[2].revents) {
      if (!fill(sideFd_, sideBuffer_)) sideFd_ = -1;  // stderr closed: stop watching it
      drainSide(sideFd_ < 0);
    }
    if (fds[0].revents && !fill(readFd_, buffer_)) readClosed_ = true;
  }
}

}  // namespace damiera::match
