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
#include <string>
#include <string_view>

#include "engine/line_session.h"
#include "host/session_connection.h"
#include "host/tcp_config.h"

namespace damiera::host {

class TcpConnection : public SessionConnection {
 public:
  // `socket` must have been accepted on `strand`, a strand of its own. `onClosed` runs once,
  // on the strand, when the socket is closed (the server frees the client's slot).
  TcpConnection(boost::asio::ip::tcp::socket socket, Strand strand, const TcpServerConfig& config,
                const LineSessionFactory& factory, Admission admission,
                std::function<void()> onClosed);
  ~TcpConnection() override;

  void start() override;
  void shutdown() override;

 private:
  // How long a finishing connection waits for the client to close its side after the last
  // reply: a while normally, briefly when the server stops.
  enum class Linger { UntilPeerCloses, Short };

  std::shared_ptr<TcpConnection> self() { return selfAs<TcpConnection>(); }

  void begin();
  void readLine();
  void onLine(const boost::system::error_code& error, std::size_t bytes);
  bool handleLine(std::string_view line);  // false: the session ends
  void discardInput();
  void armIdleTimer();
  void onIdleTimer(const boost::system::error_code& error);

  // A line and its newline.
  std::string frame(std::string_view line) const override;
  // Replies queued by the strand's own handler are written when it is done (one write for all
  // the lines of a command, no extra trip through the I/O threads).
  void scheduleWrite() override;
  // Writes what is queued: at once as far as the socket takes it, the rest asynchronously.
  void writeNext() override;
  void onWritten(const boost::system::error_code& error, std::size_t bytes);
  void flushDeferred();

  // Stops reading commands, releases the session, sends what is queued, then closes.
  void finish(Linger linger);
  void closeIfDone();
  void armLingerTimer(Linger linger);
  void closeTransport() override;

  boost::asio::ip::tcp::socket socket_;

  // Strand only.
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
};

}  // namespace damiera::host
