#pragma once
// What a TCP connection and a WebSocket connection do alike, whatever their framing: the
// client's session (opened once the client is authorized, released when it ends), the queue of
// replies that any thread may add to (bounded: a client that does not read its replies is cut
// off), the idle timeout's clock, and the ways to end: end() (the client told why, the
// session released, what is queued sent, then closed within the linger time), abort() (at
// once) and shutdown() (the server stops). Each transport reads lines, writes the queue and
// closes its socket its own way (host/tcp_connection.h, host/websocket_connection.h).
// Everything but deliver() and shutdown() runs on the connection's strand.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "engine/line_session.h"
#include "host/client_connection.h"
#include "host/connection_ending.h"
#include "host/tcp_config.h"

namespace damiera::host {

using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

class SessionConnection : public ClientConnection,
                          public std::enable_shared_from_this<SessionConnection> {
 public:
  // Every path out of State::Open releases the session on the strand first, so the last owner
  // (possibly a search thread delivering a line) never destroys a live session here.
  ~SessionConnection() override;
  SessionConnection(const SessionConnection&) = delete;
  SessionConnection& operator=(const SessionConnection&) = delete;

  // Thread-safe: queues one reply line, framed by the transport. A client whose queue would
  // exceed maxOutputBytes is disconnected.
  void deliver(std::string_view line);

  // Thread-safe: the server stops. An open connection ends (Ending::ServerStopping: its search
  // stopped, its bestmove sent), a finishing one lingers no more than that, a handshake is
  // dropped.
  void shutdown() final;

 protected:
  enum class State { Handshake, Open, Finishing, Closed };

  // `onClosed` runs once, on the strand, when the socket is closed (the server frees the
  // client's slot).
  SessionConnection(Strand strand, const TcpServerConfig& config, const LineSessionFactory& factory,
                    Admission admission, std::function<void()> onClosed, State initial);

  // The transport's part.
  // One reply line as queued: TCP, the line and its newline; WebSocket, one message.
  virtual std::string frame(std::string_view line) const = 0;
  // deliver() queued a reply while no write was scheduled: have writeNext() run on the strand.
  // By default it is posted there.
  virtual void scheduleWrite();
  virtual void writeNext() = 0;
  // end()'s transport part, once the state is Finishing, the error queued and the session
  // released: stop reading commands, send what is queued, then close (TCP: its half-close;
  // WebSocket: the close handshake with termsOf(why)'s code).
  virtual void finishTransport(Ending why) = 0;
  // A finishing connection is closed for good (closeSocket()) at the latest after `linger`
  // from now; a second call sets the time again.
  virtual void armLinger(std::chrono::seconds linger) = 0;
  // Cancels the transport's timers and closes its socket (closeSocket()'s own part).
  virtual void closeTransport() = 0;

  template <class Transport>
  std::shared_ptr<Transport> selfAs() {
    return std::static_pointer_cast<Transport>(shared_from_this());
  }

  // Queues the connection's own error, in the dialect's words.
  void deliverError(std::string_view message) { deliver(config_.errorLine(message)); }
  // Opens the session at once when the server asks for no token (else the first line does).
  void openSessionUnlessTokenWanted();
  bool authorized() const { return authorized_; }
  // One line from the client: before the session is open, it must be `auth <token>` (a line
  // that `mayAuthorize` is false for never is); then it goes to the session. Returns why the
  // connection ends after it, or nothing: the next line is wanted.
  std::optional<Ending> serveLine(std::string_view line, bool mayAuthorize = true);
  // Stops the session and its search (the bestmove still goes out).
  void releaseSession();
  // Ends an open connection for `why` (connection_ending.h): its error, if any, is queued for
  // the client, the session released (its search stopped; the bestmove still goes out), then
  // the transport sends what is queued and closes, within termsOf(why).linger. Does nothing
  // unless the connection is open.
  void end(Ending why);
  // Releases the session and closes at once: the client went away or cannot be written to.
  void abort();
  // Closed for good: the queue dropped, the session released, the socket closed, the server
  // told.
  void closeSocket();

  // The queue, as the transport writes it: the next queued bytes to write (`all`: every message
  // queued, joined, for a transport that writes them at once; else the first), or nothing when
  // the queue is empty, and then the writes stop until deliver() schedules them again.
  std::optional<std::string> takeQueued(bool all);
  // A whole line received or a reply written: activity, for the idle timeout.
  void noteActivity() { lastActivity_ = std::chrono::steady_clock::now(); }
  // When an open connection that stays silent times out, or nothing: no --idle-timeout.
  std::optional<std::chrono::steady_clock::time_point> idleDeadline() const;
  // The idle timer fired (it is not moved at every line, only set again when it fires early):
  // ends the connection if it has been idle for the whole timeout (Ending::IdleTimeout), else
  // returns when to look again.
  std::optional<std::chrono::steady_clock::time_point> checkIdle();
  // `bytes` taken from the queue have been written, or will not be.
  void written(std::size_t bytes);
  // A write failed: none is going on any more.
  void writesStopped();
  // No write is scheduled or going on.
  bool flushed();
  // Nothing more is queued from now on; when `ifEmpty`, only if nothing is queued now
  // (returns whether the output is closed).
  bool closeOutput(bool ifEmpty = false);

  // The client's address, for the log (host/server_log.h): the transport sets it once its
  // socket is there.
  void setPeer(const boost::asio::ip::tcp::socket& socket);
  const std::string& peer() const { return peer_; }
  // shutdown() has come: a connection kept for more (HTTP's persistent one) closes instead.
  bool serverStopping() const { return serverStopping_; }

  const Strand strand_;
  const TcpServerConfig& config_;
  const Admission admission_;

  // Strand only.
  State state_;
  std::chrono::steady_clock::time_point lastActivity_ = std::chrono::steady_clock::now();

 private:
  void openSession();
  // The first line of a client that must authorize: its token opens the session; false: it is
  // not the token.
  bool authorize(std::string_view line);

  const LineSessionFactory& factory_;
  std::function<void()> onClosed_;
  std::string peer_ = "unknown";

  // Strand only.
  std::unique_ptr<LineSession> session_;
  bool authorized_ = false;
  bool serverStopping_ = false;

  // Any thread.
  std::mutex outputMutex_;
  std::deque<std::string> pending_;  // messages queued behind the write in progress
  std::size_t queuedBytes_ = 0;      // pending_ and what is being written
  bool writeScheduled_ = false;      // a writeNext is posted or the writes are going on
  bool outputClosed_ = false;        // nothing more is queued
};

}  // namespace damiera::host
