#pragma once
// What the TCP server needs of one client, whatever the transport on its socket: plain lines
// (TcpConnection) or WebSocket messages (WebSocketConnection).
#include <string_view>

namespace damiera::host {

// The connection's own errors, worded by TcpServerConfig::errorLine for the dialect.
inline constexpr std::string_view kUnauthorized = "unauthorized";
inline constexpr std::string_view kServerFull = "server full";
inline constexpr std::string_view kIdleTimeout = "idle timeout";
inline constexpr std::string_view kLineTooLong = "line too long";

class ClientConnection {
 public:
  enum class Admission { Accepted, ServerFull };

  virtual ~ClientConnection() = default;
  // Thread-safe. start(): begins to serve. shutdown(): the server is stopping: stop the
  // session (and its search), send what is queued, close.
  virtual void start() = 0;
  virtual void shutdown() = 0;
};

}  // namespace damiera::host
