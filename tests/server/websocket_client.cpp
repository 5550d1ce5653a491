#include "tests/server/websocket_client.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/field.hpp>
#include <stdexcept>

namespace damiera::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using boost::system::error_code;

namespace {

constexpr std::chrono::seconds kConnectDeadline{20};

}  // namespace

WebSocketClient::WebSocketClient(int port, std::optional<std::string> origin) : socket_(io_) {
  const asio::ip::tcp::endpoint server(asio::ip::make_address("127.0.0.1"),
                                       static_cast<unsigned short>(port));
  error_code error;
  socket_.next_layer().connect(server, error);
  if (error) throw std::runtime_error("cannot connect: " + error.message());
  if (origin)
    socket_.set_option(
        websocket::stream_base::decorator([origin = *origin](websocket::request_type& request) {
          request.set(beast::http::field::origin, origin);
        }));
  bool done = false;
  socket_.async_handshake("127.0.0.1:" + std::to_string(port), "/", [&](const error_code& failed) {
    error = failed;
    done = true;
  });
  if (!runUntil(done, std::chrono::steady_clock::now() + kConnectDeadline))
    throw std::runtime_error("no WebSocket handshake within 20 s");
  if (error) throw std::runtime_error("WebSocket handshake failed: " + error.message());
}

WebSocketClient::~WebSocketClient() {
  error_code ignored;
  socket_.next_layer().close(ignored);
}

bool WebSocketClient::runUntil(const bool& done, std::chrono::steady_clock::time_point deadline) {
  while (!done) {
    if (io_.stopped()) io_.restart();
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return false;
    io_.run_one_for(deadline - now);
  }
  return true;
}

bool WebSocketClient::send(std::string_view message, bool binary,
                           std::chrono::milliseconds timeout) {
  socket_.binary(binary);
  return write(message, true, timeout);
}

bool WebSocketClient::sendFragment(std::string_view part, bool fin) {
  socket_.text(true);
  return write(part, fin, 60s);
}

bool WebSocketClient::write(std::string_view bytes, bool fin, std::chrono::milliseconds timeout) {
  if (closed_) return false;
  bool done = false;
  error_code error;
  socket_.async_write_some(fin, asio::buffer(bytes), [&](const error_code& failed, std::size_t) {
    error = failed;
    done = true;
  });
  if (!runUntil(done, std::chrono::steady_clock::now() + timeout)) {
    // A write cannot be left running with `bytes` gone: give up on the connection.
    error_code ignored;
    socket_.next_layer().close(ignored);
    runUntil(done, std::chrono::steady_clock::now() + 10s);
    return false;
  }
  return !error;
}

bool WebSocketClient::waitForClose(std::chrono::milliseconds timeout) {
  pollfd p{socket_.next_layer().native_handle(), POLLRDHUP, 0};
  const int ready = poll(&p, 1, static_cast<int>(timeout.count()));
  return ready > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

std::optional<std::string> WebSocketClient::read(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  if (!reading_) {
    reading_ = true;
    readDone_ = false;
    socket_.async_read(buffer_, [this](const error_code& error, std::size_t) {
      readError_ = error;
      readDone_ = true;
    });
  }
  if (!runUntil(readDone_, std::chrono::steady_clock::now() + timeout)) return std::nullopt;
  reading_ = false;
  if (readError_) {
    closed_ = true;
    closeCode_ = socket_.reason().code;
    closeReason_ = std::string(socket_.reason().reason.c_str());
    return std::nullopt;
  }
  std::string message = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return message;
}

std::optional<std::string> WebSocketClient::readUntil(std::string_view prefix,
                                                      std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto message = read(left);
    if (!message) return std::nullopt;
    if (message->rfind(prefix, 0) == 0) return message;
  }
}

std::optional<std::vector<std::string>> WebSocketClient::readToEnd(
    std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::vector<std::string> messages;
  while (!closed_) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto message = read(left);
    if (message)
      messages.push_back(std::move(*message));
    else if (!closed_)
      return std::nullopt;
  }
  return messages;
}

void WebSocketClient::close() {
  if (closed_) return;
  bool done = false;
  socket_.async_close(websocket::close_code::normal, [&](const error_code&) { done = true; });
  runUntil(done, std::chrono::steady_clock::now() + 10s);
  closed_ = true;
}

std::string plainHttpRequest(int port, const std::string& request) {
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  socket.connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  const timeval deadline{20, 0};  // a server that never closes fails the read, not the test run
  setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &deadline, sizeof deadline);
  asio::write(socket, asio::buffer(request));
  std::string answer;
  error_code error;
  asio::read(socket, asio::dynamic_buffer(answer), error);  // until the server closes
  return answer;
}

}  // namespace damiera::testing
