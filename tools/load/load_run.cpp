#include "tools/load/load_run.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>
#include <memory>
#include <random>
#include <utility>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "tools/load/reply_check.h"
#include "tools/load/run_deadline.h"

namespace damiera::load {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;
using Clock = std::chrono::steady_clock;

constexpr int kMaxPlayoutPlies = 40;
constexpr std::size_t kMaxReplyBytes = 1 << 16;
constexpr std::size_t kErrorsShown = 10;

// What every client shares: the counters and the end of the run.
struct Run {
  const LoadConfig& config;
  asio::io_context& io;
  LoadResult result;
  bool stopping = false;  // the duration is over: no new commands
  int active = 0;         // clients not yet finished
  asio::steady_timer durationTimer;
  asio::steady_timer graceTimer;

  Run(const LoadConfig& c, asio::io_context& context)
      : config(c), io(context), durationTimer(context), graceTimer(context) {}

  void error(std::string message) {
    ++result.totals.errors;
    if (result.firstErrors.size() < kErrorsShown) result.firstErrors.push_back(std::move(message));
  }
  void clientDone() {
    if (--active > 0) return;
    durationTimer.cancel();
    graceTimer.cancel();
  }
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(Run& run, int index)
      : run_(run),
        socket_(run.io),
        pause_(run.io),
        input_(kMaxReplyBytes),
        random_(run.config.seed * 1'000'003 + static_cast<std::uint64_t>(index)),
        next_(static_cast<std::size_t>(index) % run.config.script.size()) {}

  void start(const tcp::resolver::results_type& endpoints) {
    asio::async_connect(socket_, endpoints,
                        [self = shared_from_this()](const error_code& error, const tcp::endpoint&) {
                          self->onConnected(error);
                        });
  }

  // The run is over: a command still unanswered is lost.
  void abandon() {
    if (finished_) return;
    if (waiting_) ++run_.result.totals.lost;
    finish();
  }

 private:
  void onConnected(const error_code& error) {
    if (error) {
      run_.error("cannot connect: " + error.message());
      ++run_.result.totals.disconnects;
      finish();
      return;
    }
    error_code ignored;
    socket_.set_option(tcp::no_delay(true), ignored);  // small requests, answered at once
    if (run_.config.token) send("auth " + *run_.config.token);
    read();
    issueNext();
  }

  void issueNext() {
    if (run_.stopping) {
      finish();
      return;
    }
    command_ = &run_.config.script[next_];
    next_ = (next_ + 1) % run_.config.script.size();
    failed_ = false;
    sent_ = Clock::now();
    waiting_ = true;
    if (command_->kind == ScriptCommand::Kind::Position) {
      send(randomGame() + "\nisready");
    } else {
      send(command_->text);
    }
  }

  // "position startpos moves ..." from a random playout; its last position becomes pending_.
  std::string randomGame() {
    std::string text = "position startpos moves";
    Position pos = Position::start();
    const int plies = std::uniform_int_distribution<int>(0, kMaxPlayoutPlies)(random_);
    for (int ply = 0; ply < plies; ++ply) {
      const std::vector<PathMove> moves = generatePathMoves(pos);
      if (moves.empty()) break;
      const PathMove& move =
          moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random_)];
      text += ' ' + formatMove(move);
      pos = pos.after(move.move);
    }
    pending_ = pos;
    return text;
  }

  void send(std::string line) {
    outgoing_ += line + '\n';
    if (!writing_) write();
  }

  void write() {
    writing_ = true;
    current_.swap(outgoing_);
    outgoing_.clear();
    asio::async_write(socket_, asio::buffer(current_),
                      [self = shared_from_this()](const error_code& error, std::size_t) {
                        self->writing_ = false;
                        self->current_.clear();
                        if (error) return self->lostConnection();
                        if (!self->outgoing_.empty()) self->write();
                      });
  }

  void read() {
    asio::async_read_until(socket_, input_, '\n',
                           [self = shared_from_this()](const error_code& error, std::size_t n) {
                             if (self->finished_) return;
                             if (error) return self->lostConnection();
                             const auto begin = asio::buffers_begin(self->input_.data());
                             std::string line(begin, begin + static_cast<std::ptrdiff_t>(n - 1));
                             self->input_.consume(n);
                             self->onLine(line);
                             if (!self->finished_) self->read();
                           });
  }

  void onLine(const std::string& line) {
    if (!waiting_) return fail("unexpected line with no command waiting: " + line);
    const bool isError = line.rfind("error", 0) == 0;
    switch (command_->kind) {
      case ScriptCommand::Kind::Position:
      case ScriptCommand::Kind::IsReady:
        if (line != "readyok") return fail(command_->text + ": unexpected '" + line + "'");
        if (command_->kind == ScriptCommand::Kind::Position && !failed_) position_ = pending_;
        return complete();
      case ScriptCommand::Kind::LegalMoves:
        if (isError)
          fail(line);
        else if (auto wrong = checkLegalMoves(position_, line))
          fail(*wrong);
        return complete();
      case ScriptCommand::Kind::Go:
        if (line.rfind("info", 0) == 0) {
          if (auto wrong = checkInfo(position_, line)) fail(*wrong);
          return;
        }
        if (isError) {
          fail(command_->text + ": " + line);
        } else if (line.rfind("bestmove", 0) == 0) {
          if (auto wrong = checkBestMove(position_, line)) fail(*wrong);
        } else {
          return fail(command_->text + ": unexpected '" + line + "'");
        }
        return complete();
    }
  }

  void fail(std::string message) {
    failed_ = true;
    run_.error(std::move(message));
  }

  void complete() {
    waiting_ = false;
    const std::string name =
        command_->kind == ScriptCommand::Kind::Position ? "position+isready" : command_->text;
    run_.result.latencies.record(name, Clock::now() - sent_);
    if (run_.config.think.count() == 0) return issueNext();
    // Uniform over [0, 2 x think]: on average the think time, and the clients drift apart
    // instead of all sending at the same instant, as the users of a real server do.
    const auto thinkUs = std::chrono::duration_cast<std::chrono::microseconds>(run_.config.think);
    pause_.expires_after(std::chrono::microseconds(
        std::uniform_int_distribution<std::int64_t>(0, 2 * thinkUs.count())(random_)));
    pause_.async_wait([self = shared_from_this()](const error_code& error) {
      if (!error && !self->finished_) self->issueNext();
    });
  }

  void lostConnection() {
    if (finished_) return;
    ++run_.result.totals.disconnects;
    if (waiting_) ++run_.result.totals.lost;
    finish();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    waiting_ = false;
    pause_.cancel();
    error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    run_.clientDone();
  }

  Run& run_;
  tcp::socket socket_;
  asio::steady_timer pause_;  // the think time before the next command
  asio::streambuf input_;
  std::string outgoing_, current_;
  bool writing_ = false;
  std::mt19937_64 random_;
  std::size_t next_;
  const ScriptCommand* command_ = nullptr;
  Clock::time_point sent_;
  bool waiting_ = false;
  bool failed_ = false;
  bool finished_ = false;
  Position position_ = Position::start();  // the server's position for this client
  Position pending_ = Position::start();   // the one a position command in flight sets up
};

}  // namespace

LoadResult runLoad(const LoadConfig& config) {
  asio::io_context io;
  Run run(config, io);
  tcp::resolver resolver(io);
  const tcp::resolver::results_type endpoints = resolver.resolve(config.host, config.port);

  std::vector<std::shared_ptr<Client>> clients;
  for (int i = 0; i < config.clients; ++i) clients.push_back(std::make_shared<Client>(run, i));
  run.active = config.clients;
  const auto start = Clock::now();
  for (const auto& client : clients) client->start(endpoints);

  armRunDeadline(run, config.duration, config.grace, clients);
  io.run();
  run.result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return std::move(run.result);
}

}  // namespace damiera::load
