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

 private:
  std::shared_ptr<TcpConnection> self() { return selfAs<TcpConnection>(); }

  void begin();
  void readLine();
  void onLine(const boost::system::error_code& error, std::size_t bytes);
  void discardInput();
  void armIdleTimer(std::chrono::steady_clock::time_point deadline);
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

  // Stops reading commands (what the client still sends is read and dropped), sends what is
  // queued, then half-closes and waits for the client's side to close.
  void finishTransport(Ending why) override;
  void closeIfDone();
  void armLinger(std::chrono::seconds linger) override;
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
  boost::asio::steady_timer idleTimer_;
  boost::asio::steady_timer lingerTimer_;
};

}  // namespace damiera::host
