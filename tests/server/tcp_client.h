#pragma once
// A blocking TCP client for the server tests, with a deadline on every read so that a test
// that goes wrong fails instead of hanging. Connects to 127.0.0.1 only.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera::testing {

using namespace std::chrono_literals;

class TcpClient {
 public:
  // Throws std::runtime_error when the connection is refused.
  explicit TcpClient(int port);
  ~TcpClient();
  TcpClient(const TcpClient&) = delete;
  TcpClient& operator=(const TcpClient&) = delete;

  // false once the server has closed (or reset) the connection.
  bool send(std::string_view bytes);
  bool sendLine(std::string_view line) { return send(std::string(line) + "\n"); }
  // No more input from this side (end of input = quit); replies can still be read.
  void shutdownWrite();
  // Closes the socket at once (a client that goes away).
  void close();

  // The next line without its newline; nullopt at end of stream or when the timeout passes.
  std::optional<std::string> readLine(std::chrono::milliseconds timeout = 10s);
  // Reads lines until one starts with `prefix` (returned) or nothing more comes in time.
  std::optional<std::string> readUntil(std::string_view prefix,
                                       std::chrono::milliseconds timeout = 10s,
                                       std::vector<std::string>* before = nullptr);
  // Every line until the server closes: nullopt when it has not closed within `timeout`.
  std::optional<std::vector<std::string>> readToEnd(std::chrono::milliseconds timeout = 10s);
  // True once the server has closed (or reset) the connection, without reading what it sent;
  // false when it has not within `timeout`.
  bool waitForClose(std::chrono::milliseconds timeout);
  // True when nothing at all arrives for `quiet` (and the connection stays open).
  bool silentFor(std::chrono::milliseconds quiet);

 private:
  // Waits for more bytes: false on end of stream, reset or timeout.
  bool fill(std::chrono::steady_clock::time_point deadline);

  int fd_ = -1;
  std::string buffered_;
  bool ended_ = false;
};

}  // namespace damiera::testing
