#include "host/session_connection.h"

#include <boost/asio/post.hpp>
#include <cassert>
#include <string>
#include <utility>

#include "host/server_log.h"
#include "host/tcp_auth.h"

namespace damiera::host {

SessionConnection::SessionConnection(Strand strand, const TcpServerConfig& config,
                                     const LineSessionFactory& factory, Admission admission,
                                     std::function<void()> onClosed, State initial)
    : strand_(std::move(strand)),
      config_(config),
      admission_(admission),
      state_(initial),
      factory_(factory),
      onClosed_(std::move(onClosed)) {}

SessionConnection::~SessionConnection() = default;

void SessionConnection::openSession() {
  session_ = factory_([weak = weak_from_this()](std::string_view line) {
    if (const auto self = weak.lock()) self->deliver(line);
  });
}

void SessionConnection::openSessionUnlessTokenWanted() {
  if (config_.token) return;
  authorized_ = true;
  openSession();
}

bool SessionConnection::authorize(std::string_view line) {
  if (!isValidAuthLine(line, *config_.token)) return false;
  authorized_ = true;
  openSession();
  return true;
}

std::optional<Ending> SessionConnection::serveLine(std::string_view line, bool mayAuthorize) {
  if (!authorized_) {
    if (mayAuthorize && authorize(line)) return std::nullopt;
    return Ending::Unauthorized;
  }
  assert(session_);  // authorized and open: only end() and abort() release it
  if (session_->handleLine(line) == SessionFlow::Continue) return std::nullopt;
  return Ending::Quit;
}

void SessionConnection::deliver(std::string_view line) {
  {
    const std::lock_guard lock(outputMutex_);
    if (outputClosed_) return;
    std::string message = frame(line);
    if (queuedBytes_ + message.size() > config_.maxOutputBytes) {
      // The client does not read its replies: disconnect it rather than hold more for it.
      outputClosed_ = true;
      boost::asio::post(strand_, [self = shared_from_this()] { self->abort(); });
      return;
    }
    queuedBytes_ += message.size();
    pending_.push_back(std::move(message));
    if (writeScheduled_) return;  // the writes going on take this one too
    writeScheduled_ = true;
    // Under the lock, as before the base existed: a write scheduled twice would run twice.
    scheduleWrite();
  }
}

void SessionConnection::scheduleWrite() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->writeNext(); });
}

std::optional<std::string> SessionConnection::takeQueued(bool all) {
  const std::lock_guard lock(outputMutex_);
  if (pending_.empty()) {
    writeScheduled_ = false;
    return std::nullopt;
  }
  std::string bytes = std::move(pending_.front());
  pending_.pop_front();
  for (; all && !pending_.empty(); pending_.pop_front()) bytes += pending_.front();
  return bytes;
}

void SessionConnection::written(std::size_t bytes) {
  const std::lock_guard lock(outputMutex_);
  queuedBytes_ -= bytes;
}

void SessionConnection::writesStopped() {
  const std::lock_guard lock(outputMutex_);
  writeScheduled_ = false;
}

bool SessionConnection::flushed() {
  const std::lock_guard lock(outputMutex_);
  return !writeScheduled_;
}

bool SessionConnection::closeOutput(bool ifEmpty) {
  const std::lock_guard lock(outputMutex_);
  if (ifEmpty && !pending_.empty()) return false;
  outputClosed_ = true;
  return true;
}

void SessionConnection::shutdown() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->serverStopping_ = true;
    switch (self->state_) {
      case State::Handshake:
        self->abort();
        return;
      case State::Open:
        self->end(Ending::ServerStopping);
        return;
      case State::Finishing:  // no more than the server's own linger
        self->armLinger(termsOf(Ending::ServerStopping).linger);
        return;
      case State::Closed:
        return;
    }
  });
}

void SessionConnection::setPeer(const boost::asio::ip::tcp::socket& socket) {
  boost::system::error_code failed;
  const auto endpoint = socket.remote_endpoint(failed);
  if (!failed) peer_ = endpoint.address().to_string() + ':' + std::to_string(endpoint.port());
}

void SessionConnection::end(Ending why) {
  if (state_ != State::Open) return;
  const EndingTerms& terms = termsOf(why);
  // What an operator wants to see; a quit and the server's own stop are no news.
  if (why != Ending::Quit && why != Ending::ServerStopping)
    logLine(peer_ + " closed: " +
            std::string(why == Ending::OriginRefused ? "origin not allowed" : terms.error));
  if (!terms.error.empty()) deliverError(terms.error);
  state_ = State::Finishing;
  releaseSession();  // stops its search; the bestmove still goes out
  armLinger(terms.linger);
  finishTransport(why);
}

std::optional<std::chrono::steady_clock::time_point> SessionConnection::idleDeadline() const {
  if (config_.idleTimeout.count() <= 0) return std::nullopt;
  return lastActivity_ + config_.idleTimeout;
}

std::optional<std::chrono::steady_clock::time_point> SessionConnection::checkIdle() {
  const auto deadline = idleDeadline();
  if (state_ != State::Open || !deadline) return std::nullopt;
  if (std::chrono::steady_clock::now() < *deadline) return deadline;
  end(Ending::IdleTimeout);
  return std::nullopt;
}

void SessionConnection::releaseSession() {
  std::unique_ptr<LineSession> session = std::move(session_);
  session.reset();
}

void SessionConnection::abort() {
  if (state_ == State::Closed) return;
  releaseSession();
  closeSocket();
}

void SessionConnection::closeSocket() {
  if (state_ == State::Closed) return;
  state_ = State::Closed;
  {
    const std::lock_guard lock(outputMutex_);
    outputClosed_ = true;
    pending_.clear();
  }
  releaseSession();
  closeTransport();
  if (onClosed_) std::exchange(onClosed_, nullptr)();
}

}  // namespace damiera::host
