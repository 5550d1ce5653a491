#pragma once
// A WebSocket client for the server tests (Boost.Beast), as a browser would connect: one text
// message a line, an Origin header when asked. Every wait has a deadline, so a test that goes
// wrong fails instead of hanging. Connects to 127.0.0.1 only.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera::testing {

using namespace std::chrono_literals;

class WebSocketClient {
 public:
  // Connects and upgrades (with `origin` as its Origin header when given). Throws
  // std::runtime_error saying why when either fails.
  explicit WebSocketClient(int port, std::optional<std::string> origin = std::nullopt);
  ~WebSocketClient();
  WebSocketClient(const WebSocketClient&) = delete;
  WebSocketClient& operator=(const WebSocketClient&) = delete;

  // One text message (binary with `binary`); false once the connection is closed, or when
  // the server has not taken it within `timeout` (it does not read).
  bool send(std::string_view message, bool binary = false, std::chrono::milliseconds timeout = 60s);
  // One frame of a message in fragments; the last one has `fin`.
  bool sendFragment(std::string_view part, bool fin);
  // The next message; nullopt once closed, or when nothing comes within `timeout` (the read
  // then goes on, and the next call gets its message).
  std::optional<std::string> read(std::chrono::milliseconds timeout = 10s);
  // Reads messages until one starts with `prefix` (returned) or nothing more comes in time.
  std::optional<std::string> readUntil(std::string_view prefix,
                                       std::chrono::milliseconds timeout = 10s);
  // Every message until the server closes: nullopt when it has not closed within `timeout`.
  std::optional<std::vector<std::string>> readToEnd(std::chrono::milliseconds timeout = 10s);
  // True once the server has closed its side of the TCP connection (or reset it), without
  // reading what it sent; false when it has not within `timeout`.
  bool waitForClose(std::chrono::milliseconds timeout);
  bool closed() const { return closed_; }
  // The server's close frame, once closed: its code (1000 normal, 1008 policy...) and reason.
  int closeCode() const { return closeCode_; }
  const std::string& closeReason() const { return closeReason_; }
  // Sends our close frame and waits (bounded) for the server's.
  void close();

 private:
  // Runs the I/O until `done` or the deadline: false on timeout.
  bool runUntil(const bool& done, std::chrono::steady_clock::time_point deadline);
  bool write(std::string_view bytes, bool fin, std::chrono::milliseconds timeout);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> socket_;
  boost::beast::flat_buffer buffer_;
  bool reading_ = false;   // a read is in flight
  bool readDone_ = false;  // ... and it has completed
  boost::system::error_code readError_;
  bool closed_ = false;
  int closeCode_ = 0;
  std::string closeReason_;
};

// The server's answer to one plain HTTP request (no upgrade): status line, headers and body,
// read until the server closes (bounded: 20 s).
std::string plainHttpRequest(int port, const std::string& request);

}  // namespace damiera::testing
