#pragma once
// One WebSocket client (Boost.Beast), for browsers: the same session and limits as a
// TcpConnection, but one text message is one protocol line each way (PROTOCOL.md, "Over
// WebSocket"). Before the upgrade, the HTTP request is checked against the Origin allow-list;
// a plain `GET /health` is answered "200 ok" ("503 server full" when it is), for a balancer's
// health check, anything else that is not an upgrade "426". Everything runs on the
// connection's strand, except deliver(), which a search thread may call at any time.
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "engine/line_session.h"
#include "server/client_connection.h"
#include "server/tcp_config.h"
#include "server/tcp_connection.h"

namespace damiera::server {

// The connection's own error for a binary message (a line is text), worded by errorLine.
inline constexpr std::string_view kBinaryMessage =
    "binary message: send each protocol line as a text message";

class WebSocketConnection : public ClientConnection,
                            public std::enable_shared_from_this<WebSocketConnection> {
 public:
  // As TcpConnection's: `socket` accepted on `strand`; `onClosed` runs once, on the strand.
  WebSocketConnection(boost::asio::ip::tcp::socket socket, Strand strand,
                      const TcpServerConfig& config, const LineSessionFactory& factory,
                      Admission admission, std::function<void()> onClosed);
  ~WebSocketConnection() override;
  WebSocketConnection(const WebSocketConnection&) = delete;
  WebSocketConnection& operator=(const WebSocketConnection&) = delete;

  void start() override;
  void shutdown() override;

  // Thread-safe: queues one reply line as one text message. A client whose queue would exceed
  // maxOutputBytes is disconnected.
  void deliver(std::string_view line);

 private:
  enum class State { Handshake, Open, Finishing, Closed };
  using CloseCode = boost::beast::websocket::close_code;
  // What a line did to the session.
  enum class Outcome { Continue, Quit, Unauthorized };

  void readRequest();
  void onRequest(const boost::system::error_code& error);
  // A request that is not an upgrade: `status` with a one-line text body, then close.
  void answerHttp(boost::beast::http::status status, std::string body);
  void onAccepted(const boost::system::error_code& error);
  void readMessage();
  void onRead(const boost::system::error_code& error);
  void onMessage(std::string message);
  Outcome handleLine(std::string_view line);
  void deliverError(std::string_view message) { deliver(config_.errorLine(message)); }
  void armTimer(std::chrono::steady_clock::time_point deadline);
  void onTimer(const boost::system::error_code& error);

  // Writes the queued messages one after another (Beast allows one write at a time).
  void writeNext();
  void onWritten(const boost::system::error_code& error);
  // Stops reading commands, releases the session, sends what is queued, then closes with
  // `code` and `reason` (both shown to a browser's onclose).
  void finish(CloseCode code, std::string_view reason);
  void closeIfDone();
  void abort();  // releases the session and closes the socket at once
  void releaseSession();
  void closeSocket();

  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> socket_;
  const Strand strand_;
  const TcpServerConfig& config_;
  const LineSessionFactory& factory_;
  const Admission admission_;
  std::function<void()> onClosed_;

  // Strand only.
  State state_ = State::Handshake;
  std::optional<boost::beast::http::request_parser<boost::beast::http::empty_body>> parser_;
  std::unique_ptr<boost::beast::http::response<boost::beast::http::string_body>> httpReply_;
  std::optional<std::string> refusal_;  // why to close right after the upgrade (the Origin)
  std::unique_ptr<LineSession> session_;
  bool authorized_ = false;
  boost::beast::flat_buffer input_;  // the message being read, at most --max-line and a bit
  bool writing_ = false;             // an async_write is in progress
  bool closing_ = false;             // the close handshake has begun
  boost::beast::websocket::close_reason closeReason_;
  std::string written_;  // the message of the write in progress
  std::chrono::steady_clock::time_point lastActivity_;
  boost::asio::steady_timer timer_;  // the handshake deadline, then the idle timeout, then linger

  // Any thread.
  std::mutex outputMutex_;
  std::deque<std::string> pending_;  // messages queued behind the write in progress
  std::size_t queuedBytes_ = 0;      // pending_ + written_
  bool writeScheduled_ = false;      // a writeNext is posted or the writes are going on
  bool outputClosed_ = false;        // nothing more is queued
};

}  // namespace damiera::server
