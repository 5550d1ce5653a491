#include "host/tcp_connection.h"

#include <boost/asio/post.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <optional>
#include <utility>

namespace damiera::host {

namespace asio = boost::asio;
using boost::system::error_code;

TcpConnection::TcpConnection(asio::ip::tcp::socket socket, Strand strand,
                             const TcpServerConfig& config, const LineSessionFactory& factory,
                             Admission admission, std::function<void()> onClosed)
    : SessionConnection(std::move(strand), config, factory, admission, std::move(onClosed),
                        State::Open),
      socket_(std::move(socket)),
      input_(config.maxLineBytes + 1),  // a full line and its newline
      idleTimer_(strand_),
      lingerTimer_(strand_) {
  setPeer(socket_);
}

TcpConnection::~TcpConnection() = default;

void TcpConnection::start() {
  asio::post(strand_, [self = self()] { self->begin(); });
}

void TcpConnection::begin() {
  noteActivity();
  error_code ignored;
  socket_.set_option(asio::ip::tcp::no_delay(true), ignored);  // replies are small lines
  socket_.non_blocking(true, ignored);                         // writeNext writes at once
  if (admission_ == Admission::ServerFull) {
    end(Ending::ServerFull);
    return;
  }
  openSessionUnlessTokenWanted();
  if (const auto deadline = idleDeadline()) armIdleTimer(*deadline);
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
  if (state_ == State::Finishing) {  // a read begun before end(): its input is not wanted
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
    end(Ending::LineTooLong);
    return;
  }
  if (error == asio::error::eof) {  // end of input counts as quit, as on stdin
    peerClosed_ = true;
    const std::size_t rest = input_.size();  // a last line without its newline is still a line
    if (rest > config_.maxLineBytes) {
      end(Ending::LineTooLong);
    } else if (rest > 0) {
      const std::string line(asio::buffers_begin(input_.data()), asio::buffers_end(input_.data()));
      input_.consume(rest);
      end(serveLine(line).value_or(Ending::Quit));
    } else {
      end(Ending::Quit);
    }
    return;
  }
  if (error) {
    abort();
    return;
  }
  noteActivity();
  const auto begin = asio::buffers_begin(input_.data());
  const std::string line(begin, begin + static_cast<std::ptrdiff_t>(bytes - 1));  // no '\n'
  input_.consume(bytes);
  if (const std::optional<Ending> ending = serveLine(line))
    end(*ending);
  else
    readLine();
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

void TcpConnection::armIdleTimer(std::chrono::steady_clock::time_point deadline) {
  idleTimer_.expires_at(deadline);
  idleTimer_.async_wait([self = self()](const error_code& error) { self->onIdleTimer(error); });
}

void TcpConnection::onIdleTimer(const error_code& error) {
  if (error) return;
  if (const auto next = checkIdle()) armIdleTimer(*next);
  flushDeferred();  // the idle timeout's error, if it ended the connection
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
  noteActivity();
}

void TcpConnection::finishTransport(Ending) {
  idleTimer_.cancel();
  flushDeferred();
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

void TcpConnection::armLinger(std::chrono::seconds linger) {
  lingerTimer_.expires_after(linger);
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
