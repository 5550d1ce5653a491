#include "tests/server/http_client.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <memory>

namespace damiera::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using boost::system::error_code;

namespace {

http::request<http::string_body> requestOf(const HttpExchange& exchange) {
  http::request<http::string_body> request;
  request.method(http::string_to_verb(exchange.method));
  request.target(exchange.target);
  request.version(exchange.version);
  request.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : exchange.headers) request.set(name, value);
  request.body() = exchange.body;
  request.prepare_payload();
  return request;
}

HttpAnswer answerOf(const http::response<http::string_body>& response) {
  HttpAnswer answer;
  answer.status = static_cast<int>(response.result_int());
  for (const auto& field : response) {
    std::string name(field.name_string());
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    answer.headers[name] = std::string(field.value());
  }
  answer.body = response.body();
  return answer;
}

// One exchange on its own connection, driven by the io_context of its caller.
struct Call : std::enable_shared_from_this<Call> {
  Call(asio::io_context& io, HttpAnswer& answer, std::size_t& ended)
      : stream(io), answer(answer), ended(ended) {}

  void start(int port, const HttpExchange& exchange, std::chrono::milliseconds timeout) {
    request = requestOf(exchange);
    stream.expires_after(timeout);
    const asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"),
                                           static_cast<unsigned short>(port));
    stream.async_connect(endpoint, [self = shared_from_this()](const error_code& error) {
      if (error) return self->fail("connect: " + error.message());
      http::async_write(self->stream, self->request, [self](const error_code& failed, std::size_t) {
        if (failed) return self->fail("write: " + failed.message());
        http::async_read(self->stream, self->buffer, self->response,
                         [self](const error_code& bad, std::size_t) {
                           if (bad) return self->fail("read: " + bad.message());
                           self->done();
                         });
      });
    });
  }
  void fail(const std::string& why) {
    answer.error = why;
    ++ended;
  }
  void done() {
    ++ended;
    answer = answerOf(response);
  }

  beast::tcp_stream stream;
  HttpAnswer& answer;
  std::size_t& ended;
  http::request<http::string_body> request;
  http::response<http::string_body> response;
  beast::flat_buffer buffer;
};

}  // namespace

struct HttpConnection::State {
  asio::io_context io;
  beast::tcp_stream stream{io};
  beast::flat_buffer buffer;
};

HttpConnection::HttpConnection(int port) : state_(std::make_unique<State>()) {
  state_->stream.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"),
                                                 static_cast<unsigned short>(port)));
}

HttpConnection::~HttpConnection() = default;

int HttpConnection::localPort() const { return state_->stream.socket().local_endpoint().port(); }

HttpAnswer HttpConnection::fetch(const HttpExchange& exchange, std::chrono::milliseconds timeout) {
  const http::request<http::string_body> request = requestOf(exchange);
  http::response<http::string_body> response;
  HttpAnswer answer;
  state_->stream.expires_after(timeout);
  http::async_write(state_->stream, request, [&](const error_code& failed, std::size_t) {
    if (failed) {
      answer.error = "write: " + failed.message();
      return;
    }
    http::async_read(state_->stream, state_->buffer, response,
                     [&](const error_code& bad, std::size_t) {
                       if (bad)
                         answer.error = "read: " + bad.message();
                       else
                         answer = answerOf(response);
                     });
  });
  state_->io.restart();
  state_->io.run();  // until the exchange ends (answered, failed, or the deadline passed)
  return answer;
}

bool HttpConnection::closedByServer(std::chrono::milliseconds timeout) {
  char byte;
  bool closed = false;
  state_->stream.expires_after(timeout);
  state_->stream.async_read_some(asio::buffer(&byte, 1), [&](const error_code& error, std::size_t) {
    closed = error == asio::error::eof || error == asio::error::connection_reset;
  });
  state_->io.restart();
  state_->io.run();
  return closed && state_->buffer.size() == 0;
}

std::vector<HttpAnswer> httpFlood(int port, const std::vector<HttpExchange>& exchanges,
                                  std::size_t enough, std::chrono::milliseconds timeout) {
  asio::io_context io;
  std::vector<HttpAnswer> answers(exchanges.size());
  std::size_t ended = 0;
  for (std::size_t i = 0; i < exchanges.size(); ++i)
    std::make_shared<Call>(io, answers[i], ended)->start(port, exchanges[i], timeout);
  // Every call ends (answered, failed, or expired), so this loop does.
  while (ended < enough && io.run_one() > 0) {
  }
  std::vector<HttpAnswer> kept = answers;  // the calls still going write into `answers`
  io.stop();
  return kept;
}

HttpAnswer httpFetch(int port, const HttpExchange& exchange, std::chrono::milliseconds timeout) {
  return httpFlood(port, {exchange}, 1, timeout).front();
}

}  // namespace damiera::testing
