#include "tests/server/tcp_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

namespace damiera::testing {

using Clock = std::chrono::steady_clock;

TcpClient::TcpClient(int port) {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) throw std::runtime_error("socket failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
  }
  const int on = 1;
  setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

TcpClient::~TcpClient() { close(); }

void TcpClient::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool TcpClient::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

void TcpClient::shutdownWrite() { ::shutdown(fd_, SHUT_WR); }

bool TcpClient::fill(Clock::time_point deadline) {
  if (ended_ || fd_ < 0) return false;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char chunk[65536];
    const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended_ = true;
      return false;
    }
    buffered_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }
}

std::optional<std::string> TcpClient::readLine(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const std::size_t newline = buffered_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffered_.substr(0, newline);
      buffered_.erase(0, newline + 1);
      return line;
    }
    if (!fill(deadline)) return std::nullopt;
  }
}

std::optional<std::string> TcpClient::readUntil(std::string_view prefix,
                                                std::chrono::milliseconds timeout,
                                                std::vector<std::string>* before) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    std::optional<std::string> line = readLine(std::max(left, 0ms));
    if (!line) return std::nullopt;
    if (line->rfind(prefix, 0) == 0) return line;
    if (before != nullptr) before->push_back(*line);
  }
}

std::optional<std::vector<std::string>> TcpClient::readToEnd(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (fill(deadline)) {
  }
  if (!ended_) return std::nullopt;
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t newline; (newline = buffered_.find('\n', start)) != std::string::npos;
       start = newline + 1)
    lines.push_back(buffered_.substr(start, newline - start));
  if (start < buffered_.size()) lines.push_back(buffered_.substr(start));
  buffered_.clear();
  return lines;
}

bool TcpClient::waitForClose(std::chrono::milliseconds timeout) {
  if (ended_) return true;
  if (fd_ < 0) return false;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    // Not POLLIN: the replies waiting to be read do not wake it, only the end of the
    // connection (POLLRDHUP: the server's FIN; POLLHUP, POLLERR: a reset).
    pollfd p{fd_, POLLRDHUP, 0};
    const int ready = poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0) return true;
  }
}

bool TcpClient::silentFor(std::chrono::milliseconds quiet) {
  if (!buffered_.empty()) return false;
  const bool more = fill(Clock::now() + quiet);
  return !more && !ended_;
}

}  // namespace damiera::testing
