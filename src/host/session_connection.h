#pragma once
// What a TCP connection and a WebSocket connection do alike, whatever their framing: the
// client's session (opened once the client is authorized, released when it ends), the queue of
// replies that any thread may add to (bounded: a client that does not read its replies is cut
// off), and the one way to close (the session released, the queue dropped, the server told).
// Each transport reads lines and writes the queue its own way (host/tcp_connection.h,
// host/websocket_connection.h). Everything but deliver() runs on the connection's strand.
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
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
  // Cancels the transport's timers and closes its socket (closeSocket()'s own part).
  virtual void closeTransport() = 0;

  template <class Transport>
  std::shared_ptr<Transport> selfAs() {
    return std::static_pointer_cast<Transport>(shared_from_this());
  }

  // Queues the connection's own error, in the dialect's words.
  void deliverError(std::string_view message) { deliver(config_.errorLine(message)); }
  // Opens the session at once when the server asks for no token (else authorize() does).
  void openSessionUnlessTokenWanted();
  bool authorized() const { return authorized_; }
  // The first line of a client that must authorize: its token opens the session; false: it is
  // not the token.
  bool authorize(std::string_view line);
  // An authorized client's line, handed to its session.
  SessionFlow handToSession(std::string_view line) { return session_->handleLine(line); }
  // Stops the session and its search (the bestmove still goes out).
  void releaseSession();
  // Releases the session and closes at once.
  void abort();
  // Closed for good: the queue dropped, the session released, the socket closed, the server
  // told.
  void closeSocket();

  // The queue, as the transport writes it: the next queued bytes to write (`all`: every message
  // queued, joined, for a transport that writes them at once; else the first), or nothing when
  // the queue is empty, and then the writes stop until deliver() schedules them again.
  std::optional<std::string> takeQueued(bool all);
  // `bytes` taken from the queue have been written, or will not be.
  void written(std::size_t bytes);
  // A write failed: none is going on any more.
  void writesStopped();
  // No write is scheduled or going on.
  bool flushed();
  // Nothing more is queued from now on; when `ifEmpty`, only if nothing is queued now
  // (returns whether the output is closed).
  bool closeOutput(bool ifEmpty = false);

  const Strand strand_;
  const TcpServerConfig& config_;
  const Admission admission_;

  // Strand only.
  State state_;

 private:
  void openSession();

  const LineSessionFactory& factory_;
  std::function<void()> onClosed_;

  // Strand only.
  std::unique_ptr<LineSession> session_;
  bool authorized_ = false;

  // Any thread.
  std::mutex outputMutex_;
  std::deque<std::string> pending_;  // messages queued behind the write in progress
  std::size_t queuedBytes_ = 0;      // pending_ and what is being written
  bool writeScheduled_ = false;      // a writeNext is posted or the writes are going on
  bool outputClosed_ = false;        // nothing more is queued
};

}  // namespace damiera::host
