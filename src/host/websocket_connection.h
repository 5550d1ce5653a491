#pragma once
// One WebSocket client (Boost.Beast), for browsers: the same session and limits as a
// TcpConnection, but one text message is one protocol line each way (PROTOCOL.md, "Over
// WebSocket"). Before the upgrade, the HTTP request is checked against the Origin allow-list;
// a plain `GET /health` is answered "200 ok" ("503 server full" when it is), for a balancer's
// health check, anything else that is not an upgrade "426" (with --http, every request that is
// not an upgrade goes to the HTTP endpoint instead, and with Transport::Http an upgrade too:
// one response a request, and the connection kept for the next request, HTTP/1.1's persistent
// connection, unless the client says `Connection: close`). Everything runs on the
// connection's strand, except deliver(), which a search thread may call at any time.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/line_session.h"
#include "host/session_connection.h"
#include "host/tcp_config.h"

namespace damiera::host {

// The connection's own error for a binary message (a line is text), worded by errorLine.
inline constexpr std::string_view kBinaryMessage =
    "binary message: send each protocol line as a text message";

class WebSocketConnection : public SessionConnection {
 public:
  // As TcpConnection's: `socket` accepted on `strand`; `onClosed` runs once, on the strand.
  WebSocketConnection(boost::asio::ip::tcp::socket socket, Strand strand,
                      const TcpServerConfig& config, const LineSessionFactory& factory,
                      Admission admission, std::function<void()> onClosed);
  ~WebSocketConnection() override;

  void start() override;

 private:
  std::shared_ptr<WebSocketConnection> self() { return selfAs<WebSocketConnection>(); }

  // Reads the next HTTP request (the first, or the next on a kept connection); the connection
  // is dropped when it has not come by `deadline` (none: no deadline).
  void readRequest(std::optional<std::chrono::steady_clock::time_point> deadline);
  void onRequest(const boost::system::error_code& error);
  // A request that is not an upgrade: `status` with a one-line text body, then close.
  void answerHttp(boost::beast::http::status status, std::string body);
  // --http: the request goes to the endpoint, whose response is written when it comes (from
  // any thread); it waits at most the idle timeout.
  void handOver(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void writeHttp(boost::beast::http::response<boost::beast::http::string_body> response);
  // The response is written: the next request is read on a kept connection (it waits at most
  // the idle timeout, as a silent client does), else the connection closes.
  void onHttpWritten(const boost::system::error_code& error);
  void onAccepted(const boost::system::error_code& error);
  void readMessage();
  void onRead(const boost::system::error_code& error);
  void onMessage(std::string message);
  void armTimer(std::chrono::steady_clock::time_point deadline);
  void onTimer(const boost::system::error_code& error);

  // One line is one text message.
  std::string frame(std::string_view line) const override { return std::string(line); }
  // Writes the queued messages one after another (Beast allows one write at a time).
  void writeNext() override;
  void onWritten(const boost::system::error_code& error);
  // Stops reading commands, sends what is queued, then closes with termsOf(why)'s code and
  // reason (both shown to a browser's onclose).
  void finishTransport(Ending why) override;
  void closeIfDone();
  void armLinger(std::chrono::seconds linger) override;
  void closeTransport() override;

  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> socket_;

  // Strand only.
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::unique_ptr<boost::beast::http::response<boost::beast::http::string_body>> httpReply_;
  std::optional<std::string> refusal_;  // why to close right after the upgrade (the Origin)
  std::string requestLine_;             // "GET /v1/eval?..." for the log, once handed over
  std::string httpClient_;     // the client a trusted proxy named (--trusted-proxy), else empty
  bool keepAlive_ = false;     // the connection is kept after this response
  unsigned httpVersion_ = 11;  // the request's (11: HTTP/1.1), the response's too
  boost::beast::flat_buffer input_;  // the message being read, at most --max-line and a bit
  bool writing_ = false;             // an async_write is in progress
  bool closing_ = false;             // the close handshake has begun
  boost::beast::websocket::close_reason closeReason_;
  std::string written_;              // the message of the write in progress
  boost::asio::steady_timer timer_;  // the handshake deadline, then the idle timeout, then linger
};

}  // namespace damiera::host
