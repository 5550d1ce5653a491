#pragma once
// What the WebSocket transport hands the HTTP requests that are not an upgrade to, with
// --http (the analysis server's API, server/http_api.h): the transport only reads requests and
// writes responses, and knows nothing of what they mean.
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstddef>
#include <functional>
#include <string_view>

namespace damiera::host {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;
using HttpReply = std::function<void(HttpResponse)>;

class HttpEndpoint {
 public:
  virtual ~HttpEndpoint() = default;
  // Thread-safe. Calls `reply` exactly once, at once or later from another thread, unless
  // shutdown() came first. `client` names the client (its address) for its share of the
  // server.
  virtual void handle(const HttpRequest& request, std::string_view client, HttpReply reply) = 0;
  // Thread-safe. From its return on, no reply is being made or will be (the server stops:
  // the replies' connections must go while their transport still exists).
  virtual void shutdown() = 0;
  // The largest request body it takes; the transport answers a longer one 413 itself.
  virtual std::size_t maxBodyBytes() const = 0;
};

}  // namespace damiera::host
