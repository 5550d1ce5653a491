#include "tools/match/tcp_connection.h"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace damiera::match {
namespace {

// Connects one address within the timeout; the socket stays non-blocking (LineChannel polls).
int connectOne(const addrinfo& address, std::chrono::milliseconds timeout, std::string& error) {
  const int fd = socket(address.ai_family, address.ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                        address.ai_protocol);
  if (fd < 0) {
    error = std::strerror(errno);
    return -1;
  }
  if (connect(fd, address.ai_addr, address.ai_addrlen) != 0 && errno != EINPROGRESS) {
    error = std::strerror(errno);
    close(fd);
    return -1;
  }
  pollfd pending{fd, POLLOUT, 0};
  int ready;
  do {
    ready = poll(&pending, 1, static_cast<int>(timeout.count()));
  } while (ready < 0 && errno == EINTR);
  int socketError = 0;
  socklen_t length = sizeof socketError;
  if (ready == 0) {
    error = "timed out";
  } else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length) != 0 || socketError) {
    error = std::strerror(socketError ? socketError : errno);
  } else {
    // Moves are short lines answered at once: don't let Nagle hold them back.
    const int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    return fd;
  }
  close(fd);
  return -1;
}

}  // namespace

TcpConnection::TcpConnection(const TcpAddress& address, std::chrono::milliseconds timeout) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const std::string name = address.host + ":" + address.port;
  if (const int status = getaddrinfo(address.host.c_str(), address.port.c_str(), &hints, &found))
    throw std::runtime_error("cannot resolve " + name + ": " + gai_strerror(status));
  std::string error = "no address";
  for (const addrinfo* a = found; a && fd_ < 0; a = a->ai_next)
    fd_ = connectOne(*a, timeout, error);
  freeaddrinfo(found);
  if (fd_ < 0) throw std::runtime_error("cannot connect to " + name + ": " + error);
}

TcpConnection::~TcpConnection() {
  if (fd_ >= 0) close(fd_);
}

}  // namespace damiera::match
