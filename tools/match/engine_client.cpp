#include "tools/match/engine_client.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "tools/match/stop_signal.h"

namespace damiera::match {
namespace {

// Scores beyond any material count: a mate in n is kMateScore - n.
constexpr int kMateScore = 100'000;
// A crashed process has usually exited already; this only bounds the wait for its status.
constexpr std::chrono::milliseconds kCrashReapGrace{500};

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> result;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && std::isspace(static_cast<unsigned char>(line[at]))) ++at;
    const std::size_t begin = at;
    while (at < line.size() && !std::isspace(static_cast<unsigned char>(line[at]))) ++at;
    if (at > begin) result.push_back(line.substr(begin, at - begin));
  }
  return result;
}

std::optional<int> toInt(std::string_view text) {
  int value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

// "option name <id> type ...": the id may contain spaces (UCI).
std::optional<std::string> optionName(std::string_view line) {
  constexpr std::string_view kPrefix = "option name ";
  if (line.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  line.remove_prefix(kPrefix.size());
  const std::size_t type = line.find(" type ");
  return std::string(line.substr(0, type));
}

void readInfo(std::string_view line, SearchReply& reply) {
  const std::vector<std::string_view> w = words(line);
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    if (w[i] == "depth") {
      if (const auto depth = toInt(w[i + 1])) reply.depth = depth;
    } else if (w[i] == "score" && i + 2 < w.size() && (w[i + 1] == "cp" || w[i + 1] == "mate")) {
      if (const auto value = toInt(w[i + 2])) reply.score = EngineScore{w[i + 1] == "mate", *value};
    } else if (w[i] == "pv") {
      break;  // the rest is moves
    }
  }
}

}  // namespace

int EngineScore::centipawns() const {
  if (!mate) return value;
  return value > 0 ? kMateScore - value : -kMateScore - value;
}

EngineClient::EngineClient(EngineSpec spec, Timeouts timeouts)
    : spec_(std::move(spec)), timeouts_(timeouts) {}

EngineClient::~EngineClient() { quit(); }

void EngineClient::note(const std::string& text) {
  if (log_) log_->write(EngineLog::kNote, text);
}

bool EngineClient::running() const {
  if (!channel_) return false;
  return !process_ || !process_->hasExited();
}

bool EngineClient::send(const std::string& line, Clock::time_point deadline) {
  if (log_) log_->write(EngineLog::kSent, line);
  return channel_->writeLine(line, deadline);
}

ReadStatus EngineClient::receive(std::string& line, Clock::time_point deadline) {
  const ReadStatus status = channel_->readLine(line, deadline);
  if (status == ReadStatus::Line && log_) log_->write(EngineLog::kReceived, line);
  return status;
}

std::string EngineClient::describeLoss() {
  if (!process_) return "connection closed";
  const std::string ending = process_->stop(kCrashReapGrace);
  channel_.reset();
  process_.reset();
  return "engine process " + ending;
}

std::string EngineClient::start() {
  kill("restart");
  try {
    if (spec_.tcp) {
      connection_ = std::make_unique<TcpConnection>(*spec_.tcp, timeouts_.startTimeout);
      channel_ = std::make_unique<LineChannel>(connection_->fd(), connection_->fd(), -1);
    } else {
      process_ = std::make_unique<ChildProcess>(spec_.command, spec_.workingDir);
      channel_ = std::make_unique<LineChannel>(process_->stdoutFd(), process_->stdinFd(),
                                               process_->stderrFd());
    }
  } catch (const std::exception& e) {
    return e.what();
  }
  channel_->setSideLineHandler([this](std::string_view line) {
    if (log_) log_->write(EngineLog::kStderr, line);
  });
  const std::string error = handshake();
  if (!error.empty()) kill(error);
  return error;
}

// Reads until a line equal to `expected`. Lines on the way: "error ..." fails, the rest are
// kept for the handshake's id and option lines.
std::string EngineClient::waitFor(std::string_view expected, Clock::time_point deadline) {
  std::string line;
  while (true) {
    switch (receive(line, deadline)) {
      case ReadStatus::Line:
        break;
      case ReadStatus::Timeout:
        return "no '" + std::string(expected) + "' within " +
               std::to_string(timeouts_.startTimeout.count()) + " ms";
      case ReadStatus::Closed:
        return "no '" + std::string(expected) + "': " + describeLoss();
      case ReadStatus::Stopped:
        return "stopped";
    }
    if (line == expected) return {};
    if (line == "error" || line.rfind("error ", 0) == 0) return "answered '" + line + "'";
    if (line.rfind("id name ", 0) == 0) idName_ = line.substr(std::string_view("id name ").size());
    if (const std::optional<std::string> name = optionName(line)) optionNames_.push_back(*name);
  }
}

std::string EngineClient::handshake() {
  const Clock::time_point deadline = Clock::now() + timeouts_.startTimeout;
  optionNames_.clear();
  if (!send("uci", deadline)) return "cannot send 'uci'";
  if (std::string error = waitFor("uciok", deadline); !error.empty()) return error;
  for (const auto& [name, value] : spec_.options) {
    // UCI option names are case-insensitive.
    const bool offered = std::any_of(optionNames_.begin(), optionNames_.end(),
                                     [&](const std::string& o) { return lower(o) == lower(name); });
    if (!offered) {
      std::string offers;
      for (const std::string& o : optionNames_) offers += (offers.empty() ? "" : ", ") + o;
      return "does not offer option '" + name +
             "' (it offers: " + (offers.empty() ? "none" : offers) + ")";
    }
    if (!send("setoption name " + name + " value " + value, deadline)) return "cannot send options";
  }
  if (!send("isready", deadline)) return "cannot send 'isready'";
  if (std::string error = waitFor("readyok", deadline); !error.empty())
    return spec_.options.empty() ? error : "after setting options: " + error;
  return {};
}

std::string EngineClient::newGame() {
  const Clock::time_point deadline = Clock::now() + timeouts_.startTimeout;
  std::string error;
  if (!send("ucinewgame", deadline) || !send("isready", deadline))
    error = "cannot send 'ucinewgame'";
  else
    error = waitFor("readyok", deadline);
  if (!error.empty()) kill(error);
  return error;
}

std::string EngineClient::prepareGame() {
  const bool fresh = !running();
  if (fresh) {
    if (std::string error = start(); !error.empty()) return error;
  }
  std::string error = newGame();
  if (!error.empty() && !fresh && !stopRequested()) {
    // A server that dropped the connection, or an engine that quit, between games: that is not
    // a fault in this game, so it gets one fresh start.
    error = start();
    if (error.empty()) error = newGame();
  }
  return error;
}

SearchReply EngineClient::search(const std::string& positionLine, const std::string& goLine,
                                 std::chrono::milliseconds allowance) {
  SearchReply reply;
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline = start + allowance;
  auto finish = [&](SearchReply::Status status, std::string detail) {
    reply.status = status;
    reply.detail = std::move(detail);
    reply.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
    return reply;
  };
  if (!channel_) return finish(SearchReply::Status::Crashed, "engine not running");
  if (!send(positionLine, deadline) || !send(goLine, deadline)) {
    if (stopRequested()) return finish(SearchReply::Status::Stopped, "stopped");
    return finish(SearchReply::Status::Crashed, "cannot send to the engine: " + describeLoss());
  }
  std::string line;
  while (true) {
    switch (receive(line, deadline)) {
      case ReadStatus::Line:
        break;
      case ReadStatus::Timeout:
        return finish(SearchReply::Status::Timeout,
                      "no bestmove within " + std::to_string(allowance.count()) + " ms");
      case ReadStatus::Closed:
        return finish(SearchReply::Status::Crashed, describeLoss());
      case ReadStatus::Stopped:
        return finish(SearchReply::Status::Stopped, "stopped");
    }
    const std::vector<std::string_view> w = words(line);
    if (w.empty()) continue;
    if (w[0] == "info") {
      readInfo(line, reply);
    } else if (w[0] == "error") {
      return finish(SearchReply::Status::Error, line);
    } else if (w[0] == "bestmove") {
      if (w.size() < 2) return finish(SearchReply::Status::Malformed, "'" + line + "'");
      reply.move = std::string(w[1]);
      return finish(SearchReply::Status::BestMove, {});
    }
    // Anything else (unknown words, chatter) is ignored, as UCI GUIs do; it is in the log.
  }
}

void EngineClient::kill(const std::string& why) {
  if (!channel_) return;
  note("killed: " + why);
  channel_.reset();
  if (process_) note("engine process " + process_->stop(std::chrono::milliseconds{0}));
  process_.reset();
  connection_.reset();
}

void EngineClient::quit() {
  if (!channel_) return;
  send("quit", Clock::now() + timeouts_.quitGrace);
  channel_.reset();
  if (process_) note("engine process " + process_->stop(timeouts_.quitGrace));
  process_.reset();
  connection_.reset();  // closing the socket ends the server's session
}

}  // namespace damiera::match
