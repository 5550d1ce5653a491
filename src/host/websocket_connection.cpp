#include "host/websocket_connection.h"

#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <utility>

#include "host/forwarded_client.h"
#include "host/http_endpoint.h"
#include "host/server_log.h"
#include "version.h"

namespace damiera::host {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using boost::system::error_code;

namespace {

// How long a client has to finish its HTTP upgrade request.
constexpr std::chrono::seconds kHandshakeTime{10};
// The request line and headers of the upgrade request.
constexpr std::uint32_t kMaxRequestHeaderBytes = 8192;
// The close frame's reason is at most 123 bytes (RFC 6455, 5.5: a control frame's payload is
// 125 bytes, 2 of them the code).
constexpr std::size_t kMaxCloseReason = 123;

// The transport's own refusals of an HTTP API request, in the API's JSON (docs/http.md);
// `message` is one of the constants here, with nothing to escape.
std::string jsonError(std::string_view message) {
  return "{\"error\":\"" + std::string(message) + "\"}";
}

std::string serverName() { return std::string(kEngineName) + ' ' + std::string(kEngineVersion); }

// A close reason must be UTF-8 and short; an Origin header may be neither: printable ASCII
// only, cut to the size of a close frame.
std::string closeReasonText(std::string_view text) {
  std::string reason;
  for (const char c : text.substr(0, kMaxCloseReason))
    reason.push_back(c >= ' ' && c <= '~' ? c : '?');
  return reason;
}

}  // namespace

WebSocketConnection::WebSocketConnection(asio::ip::tcp::socket socket, Strand strand,
                                         const TcpServerConfig& config,
                                         const LineSessionFactory& factory, Admission admission,
                                         std::function<void()> onClosed)
    : SessionConnection(std::move(strand), config, factory, admission, std::move(onClosed),
                        State::Handshake),
      socket_(std::move(socket)),
      timer_(strand_) {
  setPeer(socket_.next_layer());
}

WebSocketConnection::~WebSocketConnection() = default;

void WebSocketConnection::start() {
  asio::post(strand_, [self = self()] {
    error_code ignored;
    self->socket_.next_layer().set_option(asio::ip::tcp::no_delay(true), ignored);  // small
    self->readRequest(std::chrono::steady_clock::now() + kHandshakeTime);
  });
}

void WebSocketConnection::readRequest(
    std::optional<std::chrono::steady_clock::time_point> deadline) {
  state_ = State::Handshake;
  if (deadline)
    armTimer(*deadline);
  else  // no deadline: a wait that fired before this is seen as stale by onTimer
    timer_.expires_at(std::chrono::steady_clock::time_point::max());
  parser_.emplace();
  parser_->header_limit(kMaxRequestHeaderBytes);
  // Without the HTTP API a request has no body (an upgrade, /health): any is refused.
  parser_->body_limit(config_.http ? config_.http->maxBodyBytes() : 0);
  http::async_read(
      socket_.next_layer(), input_, *parser_,
      [self = self()](const error_code& error, std::size_t) { self->onRequest(error); });
}

void WebSocketConnection::onRequest(const error_code& error) {
  if (state_ != State::Handshake) return;
  if (error == http::error::body_limit && config_.http) {
    keepAlive_ = false;  // the body is not read: what follows it is no request
    httpVersion_ = parser_->get().version();
    HttpResponse tooLarge(http::status::payload_too_large, 11);
    tooLarge.set(http::field::content_type, "application/json");
    tooLarge.body() = jsonError("request body too large");
    writeHttp(std::move(tooLarge));
    return;
  }
  if (error) {  // not HTTP, too long, too late, or the client went away
    abort();
    return;
  }
  const http::request<http::string_body> request = parser_->release();
  parser_.reset();
  const bool upgrade = websocket::is_upgrade(request) && config_.transport == Transport::WebSocket;
  if (!upgrade && config_.http) {
    requestLine_ =
        std::string(request.method_string()) + ' ' +
        printableForLog(std::string_view(request.target().data(), request.target().size()));
    // HTTP/1.1 keeps the connection unless the request says `Connection: close` (HTTP/1.0:
    // unless it says `keep-alive`).
    keepAlive_ = request.keep_alive();
    httpVersion_ = request.version();
    if (admission_ == Admission::ServerFull) {  // --max-clients counts HTTP clients too
      keepAlive_ = false;
      HttpResponse full(http::status::service_unavailable, 11);
      full.set(http::field::content_type, "application/json");
      full.body() = jsonError(kServerFull);
      writeHttp(std::move(full));
      return;
    }
    handOver(request);
    return;
  }
  if (!upgrade) {
    if (request.method() == http::verb::get && request.target() == "/health") {
      if (admission_ == Admission::ServerFull)  // a balancer then sends new clients elsewhere
        answerHttp(http::status::service_unavailable, std::string(kServerFull));
      else
        answerHttp(http::status::ok, "ok");
    } else {
      answerHttp(http::status::upgrade_required,
                 "this is a Damiera WebSocket endpoint: one protocol line per text message");
    }
    return;
  }
  if (const auto header = request.find(http::field::origin);
      header != request.end() && !config_.allowedOrigins.empty()) {
    const std::string_view origin(header->value().data(), header->value().size());
    // Upgraded first, so that the page's script sees why in its close event (a refused
    // upgrade shows it nothing but code 1006).
    if (!isAllowedOrigin(config_.allowedOrigins, origin))
      refusal_ = closeReasonText("origin not allowed: " + std::string(origin));
  }
  socket_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& response) { response.set(http::field::server, serverName()); }));
  // The bound on a message is ours (readMessage): Beast's own would close with 1009 before
  // the client could be told "line too long".
  socket_.read_message_max(0);
  socket_.async_accept(request,
                       [self = self()](const error_code& failed) { self->onAccepted(failed); });
}

void WebSocketConnection::answerHttp(http::status status, std::string body) {
  state_ = State::Finishing;  // the handshake timer still bounds the write
  httpReply_ = std::make_unique<http::response<http::string_body>>(status, 11);
  httpReply_->set(http::field::server, serverName());
  httpReply_->set(http::field::content_type, "text/plain");
  if (status == http::status::upgrade_required) httpReply_->set(http::field::upgrade, "websocket");
  httpReply_->keep_alive(false);
  httpReply_->body() = std::move(body) + '\n';
  httpReply_->prepare_payload();
  http::async_write(
      socket_.next_layer(), *httpReply_, [self = self()](const error_code&, std::size_t) {
        error_code ignored;
        self->socket_.next_layer().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
        self->closeSocket();
      });
}

void WebSocketConnection::handOver(const http::request<http::string_body>& request) {
  state_ = State::Finishing;  // no session: the response is all there is
  if (config_.idleTimeout.count() > 0)
    armTimer(std::chrono::steady_clock::now() + config_.idleTimeout);
  else  // no deadline (onTimer sees a wait that fired before this as stale)
    timer_.expires_at(std::chrono::steady_clock::time_point::max());
  error_code failed;
  const auto peer = socket_.next_layer().remote_endpoint(failed);
  const std::string address = failed ? std::string("unknown") : peer.address().to_string();
  const auto forwarded = request.find("X-Forwarded-For");
  const std::string client =
      forwardedClient(address,
                      forwarded == request.end()
                          ? std::string_view()
                          : std::string_view(forwarded->value().data(), forwarded->value().size()),
                      config_.trustedProxies);
  httpClient_ = client == address ? std::string() : client;
  config_.http->handle(request, client, [self = self()](HttpResponse response) {
    asio::post(self->strand_, [self, response = std::move(response)]() mutable {
      self->writeHttp(std::move(response));
    });
  });
}

void WebSocketConnection::writeHttp(http::response<http::string_body> response) {
  if (state_ == State::Closed || httpReply_) return;  // timed out, or the server stopped
  state_ = State::Finishing;
  httpReply_ = std::make_unique<http::response<http::string_body>>(std::move(response));
  httpReply_->set(http::field::server, serverName());
  keepAlive_ = keepAlive_ && !serverStopping();
  // In the request's version: an HTTP/1.0 client is told `Connection: keep-alive` (1.1 keeps
  // connections unless told otherwise, 1.0 only when told).
  httpReply_->version(httpVersion_);
  httpReply_->keep_alive(keepAlive_);
  httpReply_->prepare_payload();
  logLine(peer() + " http \"" + (requestLine_.empty() ? std::string("-") : requestLine_) + "\" " +
          std::to_string(httpReply_->result_int()) + ' ' +
          std::to_string(httpReply_->body().size()) + " bytes" +
          (httpClient_.empty() ? std::string() : " for " + httpClient_));
  http::async_write(
      socket_.next_layer(), *httpReply_,
      [self = self()](const error_code& error, std::size_t) { self->onHttpWritten(error); });
}

void WebSocketConnection::onHttpWritten(const error_code& error) {
  if (state_ == State::Closed) return;  // the idle timeout or the server's stop came first
  if (!error && keepAlive_ && !serverStopping()) {
    // The next request on the same connection, within the idle timeout (none: no deadline).
    httpReply_.reset();
    requestLine_.clear();
    noteActivity();
    readRequest(idleDeadline());
    return;
  }
  error_code ignored;
  socket_.next_layer().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
  closeSocket();
}

void WebSocketConnection::onAccepted(const error_code& error) {
  if (state_ != State::Handshake) return;
  if (error) {
    abort();
    return;
  }
  state_ = State::Open;
  noteActivity();
  timer_.cancel();
  input_.clear();
  if (refusal_) {
    end(Ending::OriginRefused);
    return;
  }
  if (admission_ == Admission::ServerFull) {
    end(Ending::ServerFull);
    return;
  }
  openSessionUnlessTokenWanted();
  if (const auto deadline = idleDeadline()) armTimer(*deadline);
  readMessage();
}

// Reads the next piece of the current message, never more than --max-line bytes, a final
// newline and one byte (which shows the message is too long) in all.
void WebSocketConnection::readMessage() {
  const std::size_t bound = config_.maxLineBytes + 2;
  socket_.async_read_some(
      input_, bound - input_.size(),
      [self = self()](const error_code& error, std::size_t) { self->onRead(error); });
}

void WebSocketConnection::onRead(const error_code& error) {
  if (state_ != State::Open) return;  // finishing: the close handshake ends the connection
  if (error) {
    // The client's close (as end of input on TCP: the session ends, its search stopped;
    // Beast has answered the close), invalid UTF-8 in a text message (Beast has closed with
    // 1007), or a broken connection.
    abort();
    return;
  }
  if (input_.size() > config_.maxLineBytes + 1) {  // too long, with or without a newline
    end(Ending::LineTooLong);
    return;
  }
  if (!socket_.is_message_done()) {  // a part of a message is no activity yet
    readMessage();
    return;
  }
  std::string message = beast::buffers_to_string(input_.data());
  input_.clear();
  noteActivity();
  if (!message.empty() && message.back() == '\n') message.pop_back();  // as a line's newline
  if (message.size() > config_.maxLineBytes) {
    end(Ending::LineTooLong);
    return;
  }
  if (socket_.got_binary() && authorized()) {  // unauthorized: refused below as any other line
    deliverError(kBinaryMessage);
    readMessage();
    return;
  }
  onMessage(std::move(message));
}

// One message is one line; a client that sends several lines in one (as it would write them
// on TCP) is served line by line, and what follows a `quit` is dropped.
void WebSocketConnection::onMessage(std::string message) {
  std::string_view rest = message;
  for (;;) {
    const std::size_t newline = rest.find('\n');
    // A binary message is never `auth <token>`: before the session, it is a wrong first line.
    if (const std::optional<Ending> ending =
            serveLine(rest.substr(0, newline), !socket_.got_binary())) {
      end(*ending);
      return;
    }
    if (newline == std::string_view::npos) break;
    rest.remove_prefix(newline + 1);
  }
  readMessage();
}

void WebSocketConnection::armTimer(std::chrono::steady_clock::time_point deadline) {
  timer_.expires_at(deadline);
  timer_.async_wait([self = self()](const error_code& error) { self->onTimer(error); });
}

// The one timer: the handshake's deadline, then the idle timeout (not moved at every message;
// when it fires early it is set again for the rest), then the linger of a closing connection.
void WebSocketConnection::onTimer(const error_code& error) {
  // Cancelled, or set again after it had fired (a wait of the previous HTTP request's).
  if (error || std::chrono::steady_clock::now() < timer_.expiry()) return;
  switch (state_) {
    case State::Handshake:
      abort();
      return;
    case State::Open:
      if (const auto next = checkIdle()) armTimer(*next);
      return;
    case State::Finishing:
      closeSocket();
      return;
    case State::Closed:
      return;
  }
}

void WebSocketConnection::writeNext() {
  if (writing_ || closing_ || state_ == State::Closed) return;
  std::optional<std::string> queued = takeQueued(false);
  if (!queued) {
    closeIfDone();
    return;
  }
  written_ = std::move(*queued);
  writing_ = true;
  socket_.text(true);
  socket_.async_write(
      asio::buffer(written_),
      [self = self()](const error_code& error, std::size_t) { self->onWritten(error); });
}

void WebSocketConnection::onWritten(const error_code& error) {
  writing_ = false;
  written(written_.size());
  written_.clear();
  if (error) {
    abort();
    return;
  }
  noteActivity();
  writeNext();
}

void WebSocketConnection::finishTransport(Ending why) {
  const EndingTerms& terms = termsOf(why);
  const std::string_view reason =
      why == Ending::OriginRefused && refusal_ ? std::string_view(*refusal_) : terms.closeReason;
  closeReason_ = websocket::close_reason(static_cast<websocket::close_code>(terms.closeCode),
                                         closeReasonText(reason));
  writeNext();
}

void WebSocketConnection::armLinger(std::chrono::seconds linger) {
  armTimer(std::chrono::steady_clock::now() + linger);
}

// Once every queued reply is written: the close handshake, then the socket is closed.
void WebSocketConnection::closeIfDone() {
  if (state_ != State::Finishing || closing_ || writing_) return;
  if (!closeOutput(true)) return;
  closing_ = true;
  socket_.async_close(closeReason_, [self = self()](const error_code&) { self->closeSocket(); });
}

void WebSocketConnection::closeTransport() {
  timer_.cancel();
  error_code ignored;
  socket_.next_layer().close(ignored);
}

}  // namespace damiera::host
