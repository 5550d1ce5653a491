#include "server/tcp_connection.h"

#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <utility>

#include "server/tcp_auth.h"

namespace damiera::server {

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
    : socket_(std::move(socket)),
      strand_(std::move(strand)),
      config_(config),
      factory_(factory),
      admission_(admission),
      onClosed_(std::move(onClosed)),
      input_(config.maxLineBytes + 1),  // a full line and its newline
      idleTimer_(strand_),
      lingerTimer_(strand_) {}

// Every path out of State::Open releases the session on the strand first, so the last owner
// (possibly a search thread delivering a line) never destroys a live session here.
TcpConnection::~TcpConnection() = default;

void TcpConnection::start() {
  asio::post(strand_, [self = shared_from_this()] { self->begin(); });
}

void TcpConnection::shutdown() {
  asio::post(strand_, [self = shared_from_this()] {
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
  if (!config_.token) authorized_ = true;
  if (authorized_)
    session_ = factory_([weak = weak_from_this()](std::string_view line) {
      if (const auto self = weak.lock()) self->deliver(line);
    });
  armIdleTimer();
  readLine();
}

void TcpConnection::readLine() {
  reading_ = true;
  asio::async_read_until(socket_, input_, '\n',
                         [self = shared_from_this()](const error_code& error, std::size_t bytes) {
                           self->onLine(error, bytes);
                         });
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
  if (!authorized_) {
    if (!isValidAuthLine(line, *config_.token)) {
      deliverError(kUnauthorized);
      return false;
    }
    authorized_ = true;
    session_ = factory_([weak = weak_from_this()](std::string_view reply) {
      if (const auto self = weak.lock()) self->deliver(reply);
    });
    return true;
  }
  return session_->handleLine(line) == SessionFlow::Continue;
}

void TcpConnection::discardInput() {
  reading_ = true;
  socket_.async_read_some(asio::buffer(discard_),
                          [self = shared_from_this()](const error_code& error, std::size_t) {
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
  idleTimer_.async_wait(
      [self = shared_from_this()](const error_code& error) { self->onIdleTimer(error); });
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

void TcpConnection::deliver(std::string_view line) {
  const std::lock_guard lock(outputMutex_);
  if (outputClosed_) return;
  const std::size_t size = line.size() + 1;
  if (queuedBytes_ + size > config_.maxOutputBytes) {
    // The client does not read its replies: disconnect it rather than hold more for it.
    outputClosed_ = true;
    asio::post(strand_, [self = shared_from_this()] { self->abort(); });
    return;
  }
  pending_.append(line);
  pending_.push_back('\n');
  queuedBytes_ += size;
  if (writeScheduled_) return;
  writeScheduled_ = true;
  if (strand_.running_in_this_thread())
    deferredWrite_ = true;  // the handler running now calls flushDeferred() when it is done
  else
    asio::post(strand_, [self = shared_from_this()] { self->writeNext(); });
}

void TcpConnection::flushDeferred() {
  if (!deferredWrite_) return;
  deferredWrite_ = false;
  writeNext();
}

void TcpConnection::writeNext() {
  for (;;) {
    {
      const std::lock_guard lock(outputMutex_);
      if (state_ == State::Closed || pending_.empty()) {
        writeScheduled_ = false;
        break;
      }
      writing_.swap(pending_);  // writing_ is empty here
    }
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
      {
        const std::lock_guard lock(outputMutex_);
        queuedBytes_ -= written;
      }
      asio::async_write(socket_, asio::buffer(writing_),
                        [self = shared_from_this()](const error_code& failed, std::size_t bytes) {
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
  {
    const std::lock_guard lock(outputMutex_);
    queuedBytes_ -= bytes;
  }
  writing_.clear();
  if (error) {
    {
      const std::lock_guard lock(outputMutex_);
      writeScheduled_ = false;
    }
    abort();
    return;
  }
  lastActivity_ = std::chrono::steady_clock::now();
}

bool TcpConnection::flushed() {
  const std::lock_guard lock(outputMutex_);
  return !writeScheduled_;
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
    {
      const std::lock_guard lock(outputMutex_);
      outputClosed_ = true;
    }
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
  lingerTimer_.async_wait([self = shared_from_this()](const error_code& error) {
    if (!error) self->closeSocket();
  });
}

void TcpConnection::abort() {
  if (state_ == State::Closed) return;
  releaseSession();
  closeSocket();
}

void TcpConnection::releaseSession() {
  std::unique_ptr<LineSession> session = std::move(session_);
  session.reset();
}

void TcpConnection::closeSocket() {
  if (state_ == State::Closed) return;
  state_ = State::Closed;
  {
    const std::lock_guard lock(outputMutex_);
    outputClosed_ = true;
    pending_.clear();
  }
  releaseSession();
  idleTimer_.cancel();
  lingerTimer_.cancel();
  error_code ignored;
  socket_.close(ignored);
  if (onClosed_) std::exchange(onClosed_, nullptr)();
}

}  // namespace damiera::server
