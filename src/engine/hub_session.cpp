#include "engine/hub_session.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>
#include <variant>

#include "core/fen.h"
#include "core/game.h"
#include "core/notation.h"
#include "protocol/hub_notation.h"
#include "protocol/hub_reply.h"
#include "protocol/hub_syntax.h"
#include "protocol/reply.h"
#include "search/limits.h"
#include "search/tt.h"
#include "version.h"

namespace damiera {

namespace hub = protocol::hub;

namespace {

char lowered(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalIgnoringCase(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lowered(x) == lowered(y); });
}

const HubParam* findParam(std::string_view name) {
  for (const HubParam& param : hubParams())
    if (equalIgnoringCase(param.hubName, name)) return &param;
  return nullptr;
}

// The native option value for a Hub value, or an error naming the Hub parameter.
Parsed<std::string> nativeValue(const HubParam& param, std::string_view value) {
  const std::string name(param.hubName);
  if (param.type == HubParam::Type::Bool) {
    if (equalIgnoringCase(value, "true")) return Parsed<std::string>::ok("true");
    if (equalIgnoringCase(value, "false")) return Parsed<std::string>::ok("false");
    return Parsed<std::string>::fail("set-param: " + name + " must be true or false, got " +
                                     protocol::quoted(value));
  }
  int number = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (ec != std::errc{} || end != value.data() + value.size() || number < param.min ||
      number > param.max)
    return Parsed<std::string>::fail("set-param: " + name + " must be an integer " +
                                     std::to_string(param.min) + ".." + std::to_string(param.max) +
                                     ", got " + protocol::quoted(value));
  return Parsed<std::string>::ok(std::to_string(number));
}

std::int64_t milliseconds(double seconds) { return std::llround(seconds * 1000.0); }

}  // namespace

const std::vector<HubParam>& hubParams() {
  using Type = HubParam::Type;
  static const std::vector<HubParam> params = {
      {"hash", "Hash", Type::Int, static_cast<int>(kMinHashMb), static_cast<int>(kMaxHashMb)},
      {"threads", "Threads", Type::Int, 1, kMaxThreads},
      {"multi-pv", "MultiPV", Type::Int, 1, kMaxMultiPv},
      {"ponder", "Ponder", Type::Bool, 0, 1},
      {"move-overhead", "Move Overhead", Type::Int, 0, kMaxMoveOverheadMs},
      {"no-progress-moves", kNoProgressOption, Type::Int, 1, kNoProgressMovesMax},
  };
  return params;
}

HubSession::HubSession(Sink sink, SessionEnvironment environment)
    : sink_(std::move(sink)),
      session_([this](std::string_view line) { onNativeReply(line); }, std::move(environment)) {}

SessionFlow HubSession::handleLine(std::string_view line) {
  if (hub::isBlankLine(line)) return SessionFlow::Continue;
  const Parsed<hub::Command> command = hub::parseCommand(line);
  if (!command) {
    replyError(command.error);
    return SessionFlow::Continue;
  }
  return std::visit([this](const auto& c) { return execute(c); }, *command.value);
}

SessionFlow HubSession::execute(const hub::Hello&) {
  reply(hub::idLine(kEngineName, kEngineVersion, kEngineAuthor));
  reply(hub::paramLine(
      {"variant", std::string(kHubVariant), "enum", {}, {}, std::string(kHubVariant)}));
  for (const HubParam& param : hubParams()) {
    const std::optional<int> value = session_.options().value(param.nativeName);
    if (!value) continue;  // not an option of this Session: nothing to declare
    if (param.type == HubParam::Type::Bool)
      reply(hub::paramLine(
          {std::string(param.hubName), *value != 0 ? "true" : "false", "bool", {}, {}, {}}));
    else
      reply(hub::paramLine({std::string(param.hubName),
                            std::to_string(*value),
                            "int",
                            std::to_string(param.min),
                            std::to_string(param.max),
                            {}}));
  }
  reply("wait");
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::SetParam& command) {
  if (equalIgnoringCase(command.name, "variant")) {
    if (command.value != kHubVariant)
      replyError("set-param: variant " + protocol::quoted(command.value) +
                 " is not supported (only " + std::string(kHubVariant) + ")");
    return SessionFlow::Continue;
  }
  const HubParam* param = findParam(command.name);
  if (param == nullptr) return SessionFlow::Continue;  // unknown parameters are ignored (Hub)
  const Parsed<std::string> value = nativeValue(*param, command.value);
  if (!value) {
    replyError(value.error);
    return SessionFlow::Continue;
  }
  if (refuseWhileSearching("set-param")) return SessionFlow::Continue;
  forward(protocol::SetOption{std::string(param->nativeName), *value.value});
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Init&) {
  reply("ready");
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::NewGame&) {
  if (refuseWhileSearching("new-game")) return SessionFlow::Continue;
  if (forward(protocol::NewGame{})) {
    position_ = Position::start();
    level_ = {};
  }
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Ping&) {
  reply("pong");
  return SessionFlow::Continue;
}

// A running search is stopped and waited for when the native Session is destroyed; its done
// is still written.
SessionFlow HubSession::execute(const hub::Quit&) { return SessionFlow::Quit; }

SessionFlow HubSession::execute(const hub::Pos& command) {
  if (refuseWhileSearching("pos")) return SessionFlow::Continue;
  protocol::SetPosition position;
  position.fen = formatFen(command.start);
  // The game as the native session will play it, to refuse a move after its end in Hub words
  // (every finished game alike, R13..R15; the native session would refuse it too).
  Game game(command.start, session_.game().noProgressLimitPlies());
  for (std::size_t i = 0; i < command.moves.size(); ++i) {
    const PathMove& move = command.moves[i];
    if (const GameResult over = game.result(); over.outcome != Outcome::Ongoing) {
      replyError("pos: illegal move " + std::to_string(i + 1) + " " +
                 protocol::quoted(hub::formatMove(move.move)) + ": " +
                 protocol::gameOverText(over));
      return SessionFlow::Continue;
    }
    position.moves.push_back(formatMove(move));
    game.play(move.move);
  }
  const Position end = game.position();
  if (forward(position)) {
    position_ = end;
    level_ = {};  // as in Scan: a level belongs to the search that follows its position
  }
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Level& command) {
  level_.merge(command);
  return SessionFlow::Continue;
}

protocol::Go HubSession::nativeGo(hub::GoMode mode) const {
  protocol::Go go;
  if (mode == hub::GoMode::Analyze) {
    go.infinite = true;
    return go;
  }
  go.ponder = mode == hub::GoMode::Ponder;
  hub::Level level = level_;
  const bool anyLimit =
      level.infinite || level.depth || level.nodes || level.moveTime || level.time;
  if (!anyLimit) level.moveTime = kHubDefaultMoveTimeSeconds;
  go.infinite = level.infinite;
  go.depth = level.depth;
  go.nodes = level.nodes;
  if (level.moveTime) go.moveTime = std::max<std::int64_t>(1, milliseconds(*level.moveTime));
  if (level.time) {
    // Scan adds the increment before every move: the clock in hand is time + inc, and each
    // later move brings inc again, which is what a native (UCI) increment means.
    const double increment = level.increment.value_or(0.0);
    const std::int64_t clock = milliseconds(*level.time + increment);
    if (position_.sideToMove() == Color::White) {
      go.whiteTime = clock;
      go.whiteIncrement = milliseconds(increment);
    } else {
      go.blackTime = clock;
      go.blackIncrement = milliseconds(increment);
    }
    if (level.moves && *level.moves > 0) go.movesToGo = level.moves;
  }
  return go;
}

SessionFlow HubSession::execute(const hub::Go& command) {
  if (refuseWhileSearching("go")) return SessionFlow::Continue;
  const protocol::Go go = nativeGo(command.mode);
  {
    const std::lock_guard lock(mutex_);
    searchRoot_ = position_;
    searching_ = true;
    ++searchesStarted_;
  }
  if (!forward(go)) {  // no search started, so no done will come
    const std::lock_guard lock(mutex_);
    searching_ = false;
    --searchesStarted_;
  }
  level_ = {};  // as in Scan: each go has its own level
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::PonderHit&) {
  forward(protocol::PonderHit{});
  return SessionFlow::Continue;
}

// Returns once the search's done is written, so the next pos and go find the engine idle.
SessionFlow HubSession::execute(const hub::Stop&) {
  forward(protocol::Stop{});
  std::unique_lock lock(mutex_);
  doneWritten_.wait(lock, [this] { return donesWritten_ == searchesStarted_; });
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Ignored&) { return SessionFlow::Continue; }

bool HubSession::forward(const protocol::Command& command) {
  nativeError_.store(false);
  session_.handle(command);
  return !nativeError_.load();
}

bool HubSession::refuseWhileSearching(std::string_view command) {
  {
    const std::lock_guard lock(mutex_);
    if (!searching_) return false;
  }
  replyError(std::string(command) + ": busy, a search is running (send stop first)");
  return true;
}

void HubSession::onNativeReply(std::string_view line) {
  const bool isDone = line.starts_with("bestmove");
  if (line.starts_with("error")) nativeError_.store(true);
  Position root;
  {
    const std::lock_guard lock(mutex_);
    root = searchRoot_;
    if (isDone) searching_ = false;  // before the done, so an answer to it never sees "busy"
  }
  if (const std::optional<std::string> hubLine = hub::translateNativeReply(line, root))
    reply(*hubLine);
  if (isDone) {
    {
      const std::lock_guard lock(mutex_);
      ++donesWritten_;
    }
    doneWritten_.notify_all();
  }
}

void HubSession::replyError(std::string_view message) const { reply(hub::errorLine(message)); }

LineSessionFactory hubLineSessionFactory(SessionEnvironment environment) {
  return lineSessionFactory<HubSession>(std::move(environment));
}

}  // namespace damiera
