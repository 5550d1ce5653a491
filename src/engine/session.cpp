#include "engine/session.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "protocol/diagram.h"
#include "protocol/parse.h"
#include "protocol/reply.h"
#include "protocol/tokens.h"
#include "version.h"

namespace damiera {

namespace {

constexpr int kPliesPerMovePair = 2;

// Elapsed time and speed for the perft summary; microseconds so that a fast perft still gets
// a meaningful speed rather than a division by zero.
struct Timing {
  std::uint64_t milliseconds;
  std::uint64_t nodesPerSecond;
};

Timing timingSince(std::chrono::steady_clock::time_point start, std::uint64_t nodes) {
  const auto elapsed = std::chrono::steady_clock::now() - start;
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
  const std::uint64_t safeMicros = micros > 0 ? static_cast<std::uint64_t>(micros) : 1;
  const double perSecond = static_cast<double>(nodes) * 1e6 / static_cast<double>(safeMicros);
  return {safeMicros / 1000, static_cast<std::uint64_t>(perSecond)};
}

}  // namespace

Session::Session(Sink sink) : sink_(std::move(sink)) {
  options_.addSpin(
      {.name = std::string(kNoProgressOption),
       .defaultValue = kDefaultNoProgressPlies / kPliesPerMovePair,
       .min = 1,
       .max = kNoProgressMovesMax,
       .apply = [this](int moves) { game_.setNoProgressLimitPlies(moves * kPliesPerMovePair); }});
}

Session::Flow Session::handleLine(std::string_view line) {
  if (protocol::isBlankLine(line)) return Flow::Continue;
  const Parsed<protocol::Command> command = protocol::parseCommand(line);
  if (!command) {
    replyError(command.error);
    return Flow::Continue;
  }
  return handle(*command.value);
}

Session::Flow Session::handle(const protocol::Command& command) {
  return std::visit([this](const auto& c) { return execute(c); }, command);
}

Session::Flow Session::execute(const protocol::Uci&) {
  reply(protocol::idNameLine(kEngineName, kEngineVersion));
  reply(protocol::idAuthorLine(kEngineAuthor));
  for (const std::string& line : options_.declarationLines()) reply(line);
  reply("uciok");
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::IsReady&) {
  reply("readyok");
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::NewGame&) {
  game_ = Game(Position::start(), game_.noProgressLimitPlies());
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Quit&) { return Flow::Quit; }

Session::Flow Session::execute(const protocol::SetOption& command) {
  if (const auto error = options_.set(command.name, command.value)) replyError(*error);
  return Flow::Continue;
}

// Builds the new game aside and replaces the current one only when every part is valid, so a
// rejected command leaves the previous position and history untouched.
Session::Flow Session::execute(const protocol::SetPosition& command) {
  Position start = Position::start();
  if (command.fen) {
    Parsed<Position> parsed = parseFen(*command.fen);
    if (!parsed) {
      replyError(parsed.error);  // parseFen says "invalid fen: <reason>"
      return Flow::Continue;
    }
    start = *parsed.value;
  }
  Game next(start, game_.noProgressLimitPlies());
  for (std::size_t i = 0; i < command.moves.size(); ++i) {
    const Parsed<PathMove> move = parseMove(next.position(), command.moves[i]);
    if (!move) {
      replyError("illegal move " + std::to_string(i + 1) + " " +
                 protocol::quoted(command.moves[i]) + ": " + move.error);
      return Flow::Continue;
    }
    next.play(move.value->move);
  }
  game_ = std::move(next);
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::LegalMoves&) {
  reply(protocol::legalMovesLine(generatePathMoves(game_.position())));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Display&) {
  const Position& pos = game_.position();
  for (const std::string& line : protocol::diagramLines(pos)) reply(line);
  reply(protocol::fenLine(formatFen(pos)));
  reply(protocol::keyLine(pos.key()));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Perft& command) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<PerftDivideEntry> entries =
      perftDivide(game_.position(), command.depth, command.mode);
  std::uint64_t nodes = 0;
  for (const PerftDivideEntry& entry : entries) nodes += entry.nodes;
  const Timing timing = timingSince(start, nodes);  // before replying: time the count only

  for (const PerftDivideEntry& entry : entries) reply(protocol::perftRootLine(entry));
  reply(
      protocol::perftSummaryLine(command.depth, nodes, timing.milliseconds, timing.nodesPerSecond));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::ShowResult&) {
  reply(protocol::resultLine(game_.result()));
  return Flow::Continue;
}

void Session::replyError(std::string_view message) const { reply(protocol::errorLine(message)); }

}  // namespace damiera
