#pragma once
// One TCP client: reads lines (bounded), hands them to its own LineSession, writes the replies
// (bounded), enforces auth and the idle timeout, and closes cleanly. Everything it does runs
// on its strand, except deliver(), which a search thread may call at any time.
#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/streambuf.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/line_session.h"
#include "server/client_connection.h"
#include "server/tcp_config.h"

namespace damiera::server {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

class TcpConnection : public ClientConnection, public std::enable_shared_from_this<TcpConnection> {
 public:
  // `socket` must have been accepted on `strand`, a strand of its own. `onClosed` runs once,
  // on the strand, when the socket is closed (the server frees the client's slot).
  TcpConnection(boost::asio::ip::tcp::socket socket, Strand strand, const TcpServerConfig& config,
                const LineSessionFactory& factory, Admission admission,
                std::function<void()> onClosed);
  ~TcpConnection() override;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;

  void start() override;
  void shutdown() override;

  // Thread-safe: queues one reply line. A client whose queue would exceed maxOutputBytes is
  // disconnected.
  void deliver(std::string_view line);

 private:
  // Queues the connection's own error, in the dialect's words.
  void deliverError(std::string_view message) { deliver(config_.errorLine(message)); }

  enum class State { Open, Finishing, Closed };
  // How long a finishing connection waits for the client to close its side after the last
  // reply: a while normally, briefly when the server stops.
  enum class Linger { UntilPeerCloses, Short };

  void begin();
  void readLine();
  void onLine(const boost::system::error_code& error, std::size_t bytes);
  bool handleLine(std::string_view line);  // false: the session ends
  void discardInput();
  void armIdleTimer();
  void onIdleTimer(const boost::system::error_code& error);

  // Writes what is queued: at once as far as the socket takes it, the rest asynchronously.
  void writeNext();
  void onWritten(const boost::system::error_code& error, std::size_t bytes);
  // Replies queued by the strand's own handler are written when it is done (one write for all
  // the lines of a command, no extra trip through the I/O threads).
  void flushDeferred();
  bool flushed();

  // Stops reading commands, releases the session, sends what is queued, then closes.
  void finish(Linger linger);
  void closeIfDone();
  void armLingerTimer(Linger linger);
  // Releases the session and closes at once.
  void abort();
  void releaseSession();
  void closeSocket();

  boost::asio::ip::tcp::socket socket_;
  const Strand strand_;
  const TcpServerConfig& config_;
  const LineSessionFactory& factory_;
  const Admission admission_;
  std::function<void()> onClosed_;

  // Strand only.
  State state_ = State::Open;
  std::unique_ptr<LineSession> session_;
  bool authorized_ = false;
  bool reading_ = false;
  bool peerClosed_ = false;
  bool finSent_ = false;
  boost::asio::streambuf input_;
  std::array<char, 4096> discard_{};
  std::string writing_;  // the bytes of the write in progress
  bool deferredWrite_ = false;
  std::chrono::steady_clock::time_point lastActivity_;
  boost::asio::steady_timer idleTimer_;
  boost::asio::steady_timer lingerTimer_;

  // Any thread.
  std::mutex outputMutex_;
  std::string pending_;          // lines queued behind the write in progress
  std::size_t queuedBytes_ = 0;  // pending_ + writing_
  bool writeScheduled_ = false;  // a writeNext is posted or a write is in progress
  bool outputClosed_ = false;    // nothing more is queued
};

}  // namespace damiera::server
