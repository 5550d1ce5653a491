#pragma once
// An HTTP/1.1 client for the server tests (Boost.Beast): one request a connection, several at
// once (flood()) from one thread, or one kept connection for many (HttpConnection). Every exchange
// has a deadline, so a test that goes wrong fails instead of hanging. Connects to 127.0.0.1 only.
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace damiera::testing {

struct HttpExchange {
  std::string method = "GET";
  std::string target;
  std::string body;
  std::map<std::string, std::string> headers;
  int version = 11;  // HTTP/1.1; 10: HTTP/1.0
};

struct HttpAnswer {
  int status = 0;  // 0: no answer (refused, closed, or the deadline passed)
  std::map<std::string, std::string> headers;  // names lowercased
  std::string body;
  std::string error;  // why there is no answer
};

HttpAnswer httpFetch(int port, const HttpExchange& exchange,
                     std::chrono::milliseconds timeout = std::chrono::seconds(60));
inline HttpAnswer httpGet(int port, const std::string& target) {
  return httpFetch(port, HttpExchange{"GET", target, {}, {}});
}

// One kept connection (HTTP/1.1's persistent connection): requests one after another on the
// same socket, as a browser or a back end's HTTP client sends them.
class HttpConnection {
 public:
  explicit HttpConnection(int port);
  ~HttpConnection();
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;

  // The next request on this connection and its answer (status 0: none, `error` says why).
  HttpAnswer fetch(const HttpExchange& exchange,
                   std::chrono::milliseconds timeout = std::chrono::seconds(60));
  // Waits for the server to close the connection: true when it has (no bytes came first)
  // within `timeout`.
  bool closedByServer(std::chrono::milliseconds timeout = std::chrono::seconds(60));
  // The connection's own port, as the server's log names its client.
  int localPort() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Sends every request at once, each on its own connection, and waits until `enough` of them
// are answered (or have failed), or `timeout` has passed; the others are then dropped (status
// 0, their connections closed).
std::vector<HttpAnswer> httpFlood(int port, const std::vector<HttpExchange>& exchanges,
                                  std::size_t enough, std::chrono::milliseconds timeout);

}  // namespace damiera::testing
