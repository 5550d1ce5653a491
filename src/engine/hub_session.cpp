#include "engine/hub_session.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <utility>
#include <variant>

#include "core/game.h"
#include "core/notation.h"
#include "engine/front_end_kit.h"
#include "protocol/hub_notation.h"
#include "protocol/hub_reply.h"
#include "protocol/hub_syntax.h"
#include "protocol/reply.h"
#include "search/limits.h"
#include "search/skill.h"
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

// An Enum's words as the Hub lists them: separated by spaces.
std::string enumValues(const HubParam& param) {
  std::string words;
  for (const std::string_view choice : param.choices)
    words += (words.empty() ? "" : " ") + std::string(choice);
  return words;
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
  if (param.type == HubParam::Type::Enum) {
    for (const std::string_view choice : param.choices)
      if (equalIgnoringCase(choice, value)) return Parsed<std::string>::ok(std::string(choice));
    return Parsed<std::string>::fail("set-param: " + name + " must be one of " + enumValues(param) +
                                     ", got " + protocol::quoted(value));
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

// A move in Hub notation, or empty when it is not legal in pos (which a correct search never
// reports: never print an illegal move).
std::string hubMove(const Position& pos, const Move& m) {
  if (damiera::formatMove(pos, m).empty()) return {};
  return hub::formatMove(m);
}

hub::Info hubInfo(const Position& root, const SearchInfo& info, int multiPv) {
  hub::Info line;
  line.depth = info.depth;
  line.selDepth = info.selDepth;
  line.multiPv = multiPv > 1 ? info.multiPv : 0;
  line.score = hub::scoreInMen(info.score.kind == ReportedScore::Kind::Mate, info.score.value);
  line.nodes = info.nodes;
  line.seconds = static_cast<double>(info.timeMs) / 1000.0;
  line.megaNodesPerSecond = static_cast<double>(info.nps) / 1e6;
  line.pv = pvInNotation(root, info.pv, hubMove);
  return line;
}

}  // namespace

const std::vector<HubParam>& hubParams() {
  static const std::vector<HubParam> params = [] {
    std::vector<HubParam> found;
    for (const OptionDeclaration& option : optionTable()) {
      if (option.hubName.empty()) continue;
      assert(option.type != OptionType::String);
      const HubParam::Type type = option.type == OptionType::Check   ? HubParam::Type::Bool
                                  : option.type == OptionType::Combo ? HubParam::Type::Enum
                                                                     : HubParam::Type::Int;
      found.push_back({option.hubName, option.name, type, option.min, option.max, option.choices});
    }
    return found;
  }();
  return params;
}

HubSession::HubSession(Sink sink, SessionEnvironment environment)
    : sink_(std::move(sink)), engine_(reports(), std::move(environment)) {}

EngineReports HubSession::reports() {
  EngineReports reports;
  reports.onInfo = [this](const Position& root, const SearchInfo& info) {
    reply(hub::infoLine(hubInfo(root, info, engine_.multiPv())));
  };
  reports.onResult = [this](const Position& root, const SearchResult& result) {
    std::string best, ponder;
    if (result.bestMove) {
      best = hubMove(root, *result.bestMove);
      if (!best.empty() && result.ponderMove)
        ponder = hubMove(root.after(*result.bestMove), *result.ponderMove);
    }
    reply(hub::doneLine(best, ponder));
  };
  return reports;
}

SessionFlow HubSession::handleLine(std::string_view line) {
  if (hub::isBlankLine(line)) return SessionFlow::Continue;
  const Parsed<hub::Command> command = hub::parseCommand(line);
  if (!command) {
    reply(hub::refusalErrorLine(command.error, command.refusal));
    return SessionFlow::Continue;
  }
  return std::visit([this](const auto& c) { return execute(c); }, *command.value);
}

SessionFlow HubSession::execute(const hub::Hello&) {
  reply(hub::idLine(kEngineName, kEngineVersion, kEngineAuthor));
  reply(hub::paramLine(
      {"variant", std::string(kHubVariant), "enum", {}, {}, std::string(kHubVariant)}));
  for (const HubParam& param : hubParams()) {
    const std::optional<int> value = engine_.options().value(param.nativeName);
    if (!value) continue;  // not an option of this Session: nothing to declare
    if (param.type == HubParam::Type::Enum)
      reply(hub::paramLine({std::string(param.hubName),
                            engine_.options().text(param.nativeName),
                            "enum",
                            {},
                            {},
                            enumValues(param)}));
    else if (param.type == HubParam::Type::Bool)
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
  refused(engine_.setOption(param->nativeName, *value.value), "set-param");
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Init&) {
  reply("ready");
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::NewGame&) {
  if (!refused(engine_.newGame(), "new-game")) level_ = {};
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Ping&) {
  reply("pong");
  return SessionFlow::Continue;
}

// A running search is stopped and waited for when the Engine is destroyed; its done is still
// written.
SessionFlow HubSession::execute(const hub::Quit&) { return SessionFlow::Quit; }

SessionFlow HubSession::execute(const hub::Pos& command) {
  // The game, refusing a move after its end in Hub words (every finished game alike, R13..R15).
  const Refused refusal = engine_.setGame([&] {
    return gameFromMoves(
        command.start, engine_.game().noProgressLimitPlies(), command.moves.size(),
        [&](const Position&, std::size_t i) {
          return Parsed<Move>::ok(command.moves[i].move);  // legal: checked by the parser
        },
        [&](std::size_t i, const std::string& reason) {
          return "pos: illegal move " + std::to_string(i + 1) + " " +
                 protocol::quoted(hub::formatMove(command.moves[i].move)) + ": " + reason;
        });
  });
  // As in Scan: a level belongs to the search that follows its position.
  if (!refused(refusal, "pos")) level_ = {};
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Level& command) {
  level_.merge(command);
  return SessionFlow::Continue;
}

SearchLimits HubSession::searchLimits(hub::GoMode mode) const {
  SearchLimits limits;
  if (mode == hub::GoMode::Analyze) {
    limits.infinite = true;
    return limits;
  }
  limits.ponder = mode == hub::GoMode::Ponder;
  // A go without any level limit thinks kHubDefaultMoveTimeSeconds, not until stop; with the
  // playing-level param on, it searches that level's node budget (Engine::go).
  hub::Level level = level_;
  const bool anyLimit =
      level.infinite || level.depth || level.nodes || level.moveTime || level.time;
  if (!anyLimit && !engine_.presetLevel()) level.moveTime = kHubDefaultMoveTimeSeconds;
  limits.depth = level.depth.value_or(0);
  limits.nodes = level.nodes.value_or(0);
  if (level.moveTime) limits.moveTimeMs = std::max<std::int64_t>(1, milliseconds(*level.moveTime));
  if (level.time) {
    // Scan adds the increment before every move: the clock in hand is time + inc, and each
    // later move brings inc again, which is what a UCI increment means.
    const double increment = level.increment.value_or(0.0);
    const int side = static_cast<int>(engine_.game().position().sideToMove());
    limits.timeMs[side] = milliseconds(*level.time + increment);
    limits.incrementMs[side] = milliseconds(increment);
    if (level.moves && *level.moves > 0) limits.movesToGo = *level.moves;
  }
  limits.infinite = level.infinite;
  return limits;
}

SessionFlow HubSession::execute(const hub::Go& command) {
  const SearchClock::TimePoint arrival = engine_.clock().now();  // time limits count from here
  const Refused refusal = engine_.go([&] {
    SearchLimits limits = searchLimits(command.mode);
    limits.start = arrival;
    return Parsed<SearchLimits>::ok(std::move(limits));
  });
  if (refused(refusal, "go")) return SessionFlow::Continue;
  level_ = {};  // as in Scan: each go has its own level
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::PonderHit&) {
  engine_.ponderhit();
  return SessionFlow::Continue;
}

// Returns once the search's done is written, so the next pos and go find the engine idle.
SessionFlow HubSession::execute(const hub::Stop&) {
  engine_.stop();
  return SessionFlow::Continue;
}

SessionFlow HubSession::execute(const hub::Ignored&) { return SessionFlow::Continue; }

bool HubSession::refused(const Refused& refusal, std::string_view command) const {
  if (!refusal) return false;
  if (refusal->kind == Refusal::Kind::Busy)
    replyError(std::string(command) + ": busy, a search is running (send stop first)");
  else
    reply(hub::refusalErrorLine(refusal->message, refusal->move));
  return true;
}

void HubSession::replyError(std::string_view message) const { reply(hub::errorLine(message)); }

LineSessionFactory hubLineSessionFactory(SessionEnvironment environment) {
  return lineSessionFactory<HubSession>(std::move(environment));
}

}  // namespace damiera
