#pragma once
// What the TCP transport needs to know: where to listen and the limits that keep one client
// from hurting the server or the other clients (README.md "Analysis server").
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera::host {

class HttpEndpoint;  // host/http_endpoint.h

inline constexpr std::string_view kDefaultListenHost = "127.0.0.1";
inline constexpr std::size_t kDefaultMaxClients = 256;
inline constexpr std::size_t kDefaultTcpMaxLineBytes = 16384;
// Replies waiting for a client that does not read them; beyond this it is disconnected.
inline constexpr std::size_t kDefaultMaxOutputBytes = std::size_t{1} << 20;
inline constexpr std::chrono::seconds kDefaultIdleTimeout{300};
inline constexpr int kDefaultIoThreads = 2;

// The connection's own errors ("server full", "line too long", "unauthorized", "idle
// timeout") as a reply line of the dialect the server carries.
using TransportErrorFormat = std::function<std::string(std::string_view message)>;

// The native protocol's form: "error <message>".
inline std::string nativeTransportError(std::string_view message) {
  return "error " + std::string(message);
}

// What a connection carries: lines on a plain socket, WebSocket messages (one line each; with
// an HTTP endpoint, the requests that are not an upgrade go to it), or HTTP only (--http
// without --websocket: an upgrade is refused).
enum class Transport { Lines, WebSocket, Http };

struct TcpServerConfig {
  Transport transport = Transport::Lines;
  std::string host = std::string(kDefaultListenHost);
  std::uint16_t port = 0;  // 0: any free port (the "listening" line says which)
  std::size_t maxClients = kDefaultMaxClients;
  std::size_t maxLineBytes = kDefaultTcpMaxLineBytes;
  std::size_t maxOutputBytes = kDefaultMaxOutputBytes;
  std::chrono::seconds idleTimeout = kDefaultIdleTimeout;  // zero: never
  std::optional<std::string> token;  // when set, every connection starts with "auth <token>"
  int ioThreads = kDefaultIoThreads;
  TransportErrorFormat errorLine = nativeTransportError;
  // WebSocket only: the pages whose browsers may connect, as parseOrigin() writes them
  // ("https://example.org"); empty: any. A client that sends no Origin (not a browser) is not
  // asked.
  std::vector<std::string> allowedOrigins;
  // --trusted-proxy: the reverse proxies (canonical addresses) whose X-Forwarded-For names an
  // HTTP request's client (host/forwarded_client.h); empty: the peer is the client.
  std::vector<std::string> trustedProxies;
  // --http: the requests that are not a WebSocket upgrade (Transport WebSocket or Http); null:
  // only /health is answered.
  std::shared_ptr<HttpEndpoint> http;
};

struct ListenAddress {
  std::string host;
  std::uint16_t port = 0;
};

// "HOST:PORT", ":PORT" or "PORT" (host 127.0.0.1), "[IPv6]:PORT". Returns the error message
// in `error` and nothing when the text is not an address.
std::optional<ListenAddress> parseListenAddress(std::string_view text, std::string& error);

// A web origin as a browser's Origin header gives it: "SCHEME://HOST[:PORT]" (no path, no
// trailing slash), or "null" (a page from a file, a sandboxed frame). Returned lowercased, as
// browsers send it; nothing (and the reason in `error`) when the text is no origin.
std::optional<std::string> parseOrigin(std::string_view text, std::string& error);

// Whether a browser's Origin header value is one of `allowed` (parseOrigin's forms); the
// comparison ignores ASCII case, as origins do.
bool isAllowedOrigin(const std::vector<std::string>& allowed, std::string_view origin);

}  // namespace damiera::host
