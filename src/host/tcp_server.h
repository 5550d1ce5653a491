#pragma once
// The TCP transport (Boost.Asio): every connection is an independent LineSession made by the
// factory, so the server carries any dialect, as lines or as WebSocket messages
// (config.transport). A few I/O threads serve all connections, each on its own strand; searches run
// wherever the sessions' searchers put them (in server mode, a server-wide pool). stop() ends it
// cleanly; runTcpServer() calls it on SIGINT and SIGTERM.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>

#include "engine/line_session.h"
#include "host/client_connection.h"
#include "host/stop_signals.h"
#include "host/tcp_config.h"
#include "host/tcp_connection.h"

namespace damiera::host {

class TcpServer {
 public:
  // Binds and listens at once; throws std::runtime_error saying why when it cannot.
  TcpServer(TcpServerConfig config, LineSessionFactory factory);
  ~TcpServer();
  TcpServer(const TcpServer&) = delete;
  TcpServer& operator=(const TcpServer&) = delete;

  // "host:port" actually bound ("[host]:port" for IPv6), with the port chosen when 0 was asked.
  std::string localAddress() const;
  std::uint16_t port() const { return port_; }
  // Only this machine can connect (127.0.0.0/8 or ::1).
  bool loopbackOnly() const;

  // Serves until stop(), then returns once every connection is closed.
  void run();
  // Thread-safe: stops accepting, stops every session and closes every connection.
  void stop();

 private:
  void accept();
  void admit(boost::asio::ip::tcp::socket socket, const Strand& strand);
  // A connection has closed; `heldSlot`: it was an admitted client (not one turned away).
  void forget(std::list<std::weak_ptr<ClientConnection>>::iterator entry, bool heldSlot);
  void shutdownNow();

  const TcpServerConfig config_;
  const LineSessionFactory factory_;
  boost::asio::io_context io_;
  const boost::asio::any_io_executor acceptStrand_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer acceptRetry_;
  std::uint16_t port_ = 0;

  std::mutex connectionsMutex_;
  std::list<std::weak_ptr<ClientConnection>> connections_;  // every open one, to stop them all
  std::size_t admitted_ = 0;    // clients holding a slot (--max-clients)
  std::size_t turnedAway_ = 0;  // connections told "server full", not yet closed
  bool stopping_ = false;
};

// Runs a server: prints "listening <host>:<port>" on `out` once it accepts connections (the
// same line for either transport), then serves until `signals` report SIGINT or SIGTERM (also
// one that came before it listened). Returns the exit code (0). Warns on stderr when anybody on
// the network can connect without a token, or any web page over WebSocket.
int runTcpServer(const TcpServerConfig& config, LineSessionFactory factory, std::ostream& out,
                 StopSignals& signals);

}  // namespace damiera::host
