#include "host/tcp_connection.h"

#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <utility>

namespace damiera::host {

namespace asio = boost::asio;
using boost::system::error_code;

namespace {

// How long a closing connection waits for its last replies to be read and for the client to
// close its side (so that unread input does not turn the close into a reset that loses them).
constexpr std::chrono::seconds kLingerTime{5};
// The same when the server itself stops.
constexpr std::chrono::seconds kShutdownLingerTime{1};

}  // namespace

TcpConnection::TcpConnection(asio::ip::tcp::socket socket, Strand strand,
                             const TcpServerConfig& config, const LineSessionFactory& factory,
                             Admission admission, std::function<void()> onClosed)
    : SessionConnection(std::move(strand), config, factory, admission, std::move(onClosed),
                        State::Open),
      socket_(std::move(socket)),
      input_(config.maxLineBytes + 1),  // a full line and its newline
      idleTimer_(strand_),
      lingerTimer_(strand_) {}

TcpConnection::~TcpConnection() = default;

void TcpConnection::start() {
  asio::post(strand_, [self = self()] { self->begin(); });
}

void TcpConnection::shutdown() {
  asio::post(strand_, [self = self()] {
    if (self->state_ == State::Finishing) self->armLingerTimer(Linger::Short);  // no 5 s
    self->finish(Linger::Short);
    self->flushDeferred();
  });
}

void TcpConnection::begin() {
  lastActivity_ = std::chrono::steady_clock::now();
  error_code ignored;
  socket_.set_option(asio::ip::tcp::no_delay(true), ignored);  // replies are small lines
  socket_.non_blocking(true, ignored);                         // writeNext writes at once
  if (admission_ == Admission::ServerFull) {
    deliverError(kServerFull);
    finish(Linger::UntilPeerCloses);
    flushDeferred();
    return;
  }
  openSessionUnlessTokenWanted();
  armIdleTimer();
  readLine();
}

void TcpConnection::readLine() {
  reading_ = true;
  asio::async_read_until(
      socket_, input_, '\n',
      [self = self()](const error_code& error, std::size_t bytes) { self->onLine(error, bytes); });
}

void TcpConnection::onLine(const error_code& error, std::size_t bytes) {
  reading_ = false;
  struct FlushAtEnd {
    TcpConnection& connection;
    ~FlushAtEnd() { connection.flushDeferred(); }
  } flushAtEnd{*this};
  if (state_ == State::Closed) return;
  if (state_ == State::Finishing) {  // a read begun before finish(): its input is not wanted
    input_.consume(input_.size());
    if (error && error != asio::error::not_found) {
      peerClosed_ = true;
      closeIfDone();
    } else {
      discardInput();
    }
    return;
  }
  if (error == asio::error::not_found) {  // the buffer is full and holds no newline
    deliverError(kLineTooLong);
    finish(Linger::UntilPeerCloses);
    return;
  }
  if (error == asio::error::eof) {  // end of input counts as quit, as on stdin
    peerClosed_ = true;
    const std::size_t rest = input_.size();  // a last line without its newline is still a line
    if (rest > config_.maxLineBytes) {
      deliverError(kLineTooLong);
    } else if (rest > 0) {
      const std::string line(asio::buffers_begin(input_.data()), asio::buffers_end(input_.data()));
      input_.consume(rest);
      handleLine(line);
    }
    finish(Linger::UntilPeerCloses);
    return;
  }
  if (error) {
    abort();
    return;
  }
  lastActivity_ = std::chrono::steady_clock::now();
  const auto begin = asio::buffers_begin(input_.data());
  const std::string line(begin, begin + static_cast<std::ptrdiff_t>(bytes - 1));  // no '\n'
  input_.consume(bytes);
  if (handleLine(line))
    readLine();
  else
    finish(Linger::UntilPeerCloses);
}

bool TcpConnection::handleLine(std::string_view line) {
  if (!authorized()) {
    if (authorize(line)) return true;
    deliverError(kUnauthorized);
    return false;
  }
  return handToSession(line) == SessionFlow::Continue;
}

void TcpConnection::discardInput() {
  reading_ = true;
  socket_.async_read_some(asio::buffer(discard_),
                          [self = self()](const error_code& error, std::size_t) {
                            self->reading_ = false;
                            if (self->state_ == State::Closed) return;
                            if (error) {
                              self->peerClosed_ = true;
                              self->closeIfDone();
                            } else {
                              self->discardInput();
                            }
                          });
}

void TcpConnection::armIdleTimer() {
  if (config_.idleTimeout.count() <= 0) return;
  idleTimer_.expires_at(lastActivity_ + config_.idleTimeout);
  idleTimer_.async_wait([self = self()](const error_code& error) { self->onIdleTimer(error); });
}

// The timer is not moved at every line; when it fires early it is set again for the rest.
void TcpConnection::onIdleTimer(const error_code& error) {
  if (error || state_ != State::Open) return;
  if (std::chrono::steady_clock::now() < lastActivity_ + config_.idleTimeout) {
    armIdleTimer();
    return;
  }
  deliverError(kIdleTimeout);
  finish(Linger::UntilPeerCloses);
  flushDeferred();
}

std::string TcpConnection::frame(std::string_view line) const {
  std::string framed(line);
  framed.push_back('\n');
  return framed;
}

void TcpConnection::scheduleWrite() {
  if (strand_.running_in_this_thread())
    deferredWrite_ = true;  // the handler running now calls flushDeferred() when it is done
  else
    SessionConnection::scheduleWrite();
}

void TcpConnection::flushDeferred() {
  if (!deferredWrite_) return;
  deferredWrite_ = false;
  writeNext();
}

void TcpConnection::writeNext() {
  for (;;) {
    std::optional<std::string> queued = takeQueued(true);
    if (!queued) break;
    writing_ = std::move(*queued);  // writing_ was empty
    // Most replies fit in the socket's buffer: write them now, without a trip through the
    // reactor; what does not fit goes asynchronously.
    error_code error;
    const std::size_t written = socket_.write_some(asio::buffer(writing_), error);
    if (error && error != asio::error::would_block && error != asio::error::try_again) {
      onWritten(error, 0);
      return;
    }
    if (written < writing_.size()) {
      writing_.erase(0, written);
      this->written(written);
      asio::async_write(socket_, asio::buffer(writing_),
                        [self = self()](const error_code& failed, std::size_t bytes) {
                          self->onWritten(failed, bytes);
                          if (!failed) self->writeNext();
                        });
      return;
    }
    onWritten(error_code(), written);
  }
  closeIfDone();
}

// A write has ended: `bytes` of writing_ are gone.
void TcpConnection::onWritten(const error_code& error, std::size_t bytes) {
  written(bytes);
  writing_.clear();
  if (error) {
    writesStopped();
    abort();
    return;
  }
  lastActivity_ = std::chrono::steady_clock::now();
}

void TcpConnection::finish(Linger linger) {
  if (state_ != State::Open) return;
  state_ = State::Finishing;
  idleTimer_.cancel();
  releaseSession();  // stops its search; the bestmove still goes out
  flushDeferred();
  armLingerTimer(linger);
  // A read still in progress owns the buffer (its handler drops what it got); otherwise drop
  // the unread rest now.
  if (!reading_) input_.consume(input_.size());
  // Keep reading (and dropping) what the client still sends: closing with unread input would
  // reset the connection, and the client could lose the replies it has not read yet.
  if (!reading_ && !peerClosed_) discardInput();
  closeIfDone();
}

void TcpConnection::closeIfDone() {
  if (state_ != State::Finishing || !flushed()) return;
  if (!finSent_) {
    closeOutput();
    error_code ignored;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    finSent_ = true;
  }
  // Closing while the client still sends would reset the connection, and it could lose the
  // replies it has not read yet: wait for its side to close, or for the linger timer.
  if (peerClosed_) closeSocket();
}

void TcpConnection::armLingerTimer(Linger linger) {
  lingerTimer_.expires_after(linger == Linger::Short ? kShutdownLingerTime : kLingerTime);
  lingerTimer_.async_wait([self = self()](const error_code& error) {
    if (!error) self->closeSocket();
  });
}

void TcpConnection::closeTransport() {
  idleTimer_.cancel();
  lingerTimer_.cancel();
  error_code ignored;
  socket_.close(ignored);
}

}  // namespace damiera::host
