#pragma once
// An HTTP/1.1 client for the server tests (Boost.Beast): one request a connection, as the
// server answers them, and several at once (flood()) from one thread. Every exchange has a
// deadline, so a test that goes wrong fails instead of hanging. Connects to 127.0.0.1 only.
#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace damiera::testing {

struct HttpExchange {
  std::string method = "GET";
  std::string target;
  std::string body;
  std::map<std::string, std::string> headers;
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

// Sends every request at once, each on its own connection, and waits until `enough` of them
// are answered (or have failed), or `timeout` has passed; the others are then dropped (status
// 0, their connections closed).
std::vector<HttpAnswer> httpFlood(int port, const std::vector<HttpExchange>& exchanges,
                                  std::size_t enough, std::chrono::milliseconds timeout);

}  // namespace damiera::testing
