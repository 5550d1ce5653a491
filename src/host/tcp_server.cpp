#include "host/tcp_server.h"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "host/http_endpoint.h"
#include "host/server_log.h"
#include "host/tcp_connection.h"
#include "host/websocket_connection.h"

namespace damiera::host {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

// Connections turned away (server full) that may wait for their client to close after the
// error line; beyond this many, the next ones are closed at once.
constexpr std::size_t kMaxTurnedAwayLingering = 64;
// After a failed accept (out of file descriptors, say) wait a little instead of spinning.
constexpr std::chrono::milliseconds kAcceptRetryDelay{100};

tcp::endpoint resolveListenEndpoint(asio::io_context& io, const TcpServerConfig& config) {
  error_code error;
  const asio::ip::address address = asio::ip::make_address(config.host, error);
  if (!error) return {address, config.port};
  tcp::resolver resolver(io);
  const auto results =
      resolver.resolve(config.host, std::to_string(config.port),
                       tcp::resolver::passive | tcp::resolver::numeric_service, error);
  if (error || results.empty())
    throw std::runtime_error("cannot resolve the host '" + config.host + "': " + error.message());
  return results.begin()->endpoint();
}

std::string formatEndpoint(const tcp::endpoint& endpoint) {
  const std::string host = endpoint.address().to_string();
  const std::string port = std::to_string(endpoint.port());
  return endpoint.address().is_v6() ? "[" + host + "]:" + port : host + ":" + port;
}

}  // namespace

TcpServer::TcpServer(TcpServerConfig config, LineSessionFactory factory)
    : config_(std::move(config)),
      factory_(std::move(factory)),
      acceptStrand_(asio::make_strand(io_)),
      acceptor_(acceptStrand_),
      acceptRetry_(acceptStrand_) {
  const tcp::endpoint endpoint = resolveListenEndpoint(io_, config_);
  error_code error;
  acceptor_.open(endpoint.protocol(), error);
  if (!error) acceptor_.set_option(tcp::acceptor::reuse_address(true), error);
  if (!error) acceptor_.bind(endpoint, error);
  if (!error) acceptor_.listen(asio::socket_base::max_listen_connections, error);
  if (error)
    throw std::runtime_error("cannot listen on " + formatEndpoint(endpoint) + ": " +
                             error.message());
  port_ = acceptor_.local_endpoint().port();
  accept();
}

TcpServer::~TcpServer() = default;

std::string TcpServer::localAddress() const {
  error_code error;
  return formatEndpoint(acceptor_.local_endpoint(error));
}

bool TcpServer::loopbackOnly() const {
  error_code error;
  const tcp::endpoint endpoint = acceptor_.local_endpoint(error);
  return !error && endpoint.address().is_loopback();
}

void TcpServer::run() {
  // A handler that throws (out of memory, say) ends only what it was doing; the I/O threads
  // go on serving the other connections.
  const auto serve = [this] {
    for (;;) {
      try {
        io_.run();
        return;
      } catch (const std::exception& e) {
        std::cerr << "damiera: error in a connection: " << e.what() << '\n';
      }
    }
  };
  std::vector<std::thread> helpers;
  for (int i = 1; i < config_.ioThreads; ++i) helpers.emplace_back(serve);
  serve();
  for (std::thread& helper : helpers) helper.join();
}

void TcpServer::stop() {
  asio::post(acceptStrand_, [this] { shutdownNow(); });
}

void TcpServer::accept() {
  const Strand strand = asio::make_strand(io_);  // the new connection's
  acceptor_.async_accept(strand, [this, strand](const error_code& error, tcp::socket socket) {
    if (!acceptor_.is_open()) return;  // stopping
    if (error) {
      acceptRetry_.expires_after(kAcceptRetryDelay);
      acceptRetry_.async_wait([this](const error_code& cancelled) {
        if (!cancelled && acceptor_.is_open()) accept();
      });
      return;
    }
    admit(std::move(socket), strand);
    accept();
  });
}

void TcpServer::admit(tcp::socket socket, const Strand& strand) {
  std::shared_ptr<ClientConnection> connection;
  {
    const std::lock_guard lock(connectionsMutex_);
    if (stopping_) return;  // the socket closes here
    const bool full = admitted_ >= config_.maxClients;
    if (full && turnedAway_ >= kMaxTurnedAwayLingering) {
      logLine("a connection closed at once: server full, and " +
              std::to_string(kMaxTurnedAwayLingering) + " turned away still closing");
      // A flood of connections: answer without waiting for each to close (each would hold a
      // file descriptor for seconds), at the risk of a reset that loses the line. A WebSocket
      // client cannot be answered before its handshake: it is only closed.
      if (config_.transport == Transport::Lines) {
        const std::string line = config_.errorLine(kServerFull) + '\n';
        error_code ignored;
        socket.non_blocking(true, ignored);
        socket.send(asio::buffer(line), 0, ignored);
      }
      return;  // the socket closes here
    }
    // Nothing is counted before the connection exists: a failure here changes nothing.
    const auto entry = connections_.emplace(connections_.end());
    const auto admission =
        full ? ClientConnection::Admission::ServerFull : ClientConnection::Admission::Accepted;
    auto onClosed = [this, entry, full] { forget(entry, !full); };
    try {
      if (config_.transport != Transport::Lines)  // WebSocket, HTTP: both begin with a request
        connection = std::make_shared<WebSocketConnection>(std::move(socket), strand, config_,
                                                           factory_, admission, onClosed);
      else
        connection = std::make_shared<TcpConnection>(std::move(socket), strand, config_, factory_,
                                                     admission, onClosed);
    } catch (...) {
      connections_.erase(entry);
      throw;
    }
    *entry = connection;
    ++(full ? turnedAway_ : admitted_);
  }
  connection->start();
}

void TcpServer::forget(std::list<std::weak_ptr<ClientConnection>>::iterator entry, bool heldSlot) {
  const std::lock_guard lock(connectionsMutex_);
  connections_.erase(entry);
  --(heldSlot ? admitted_ : turnedAway_);
}

void TcpServer::shutdownNow() {
  error_code ignored;
  acceptor_.close(ignored);
  acceptRetry_.cancel();
  // Replies still to come would go to connections about to close (and to an io_context that
  // is going): the HTTP API drops them now.
  if (config_.http) config_.http->shutdown();
  std::vector<std::shared_ptr<ClientConnection>> open;
  {
    const std::lock_guard lock(connectionsMutex_);
    stopping_ = true;
    for (const std::weak_ptr<ClientConnection>& entry : connections_)
      if (auto connection = entry.lock()) open.push_back(std::move(connection));
  }
  for (const auto& connection : open) connection->shutdown();
}

int runTcpServer(const TcpServerConfig& config, LineSessionFactory factory, std::ostream& out,
                 StopSignals& signals) {
  TcpServer server(config, std::move(factory));
  signals.whenSignalled([&server] { server.stop(); });
  struct Forget {  // before the server goes, also when this throws
    StopSignals& signals;
    ~Forget() { signals.whenSignalled(nullptr); }
  } forget{signals};
  if (!server.loopbackOnly() && !config.token)
    std::cerr << "damiera: warning: listening on " << server.localAddress()
              << " without --token-file: anybody who can reach it can use it\n";
  if (config.transport == Transport::WebSocket && config.allowedOrigins.empty() && !config.token)
    std::cerr << "damiera: warning: WebSocket without --allow-origin nor --token-file: any web "
                 "page opened in a browser that can reach it can use it\n";
  out << "listening " << server.localAddress() << std::endl;
  server.run();
  return 0;
}

}  // namespace damiera::host
