#pragma once
// An engine already running as a server: one TCP connection is one engine session.
#include <chrono>
#include <string>

namespace damiera::match {

struct TcpAddress {
  std::string host;
  std::string port;
};

// Owns a connected socket; closes it when destroyed.
class TcpConnection {
 public:
  // Throws std::runtime_error saying why when no address of host:port accepts in time.
  TcpConnection(const TcpAddress& address, std::chrono::milliseconds timeout);
  ~TcpConnection();
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;

  int fd() const { return fd_; }

 private:
  int fd_ = -1;
};

}  // namespace damiera::match
