#include "engine/session.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "egdb/database.h"
#include "engine/front_end_kit.h"
#include "protocol/diagram.h"
#include "protocol/parse.h"
#include "protocol/reply.h"
#include "protocol/tokens.h"
#include "search/bench.h"
#include "search/eval.h"
#include "version.h"

namespace damiera {

namespace {

// An evaluation term's name as one word ("back rank guard" -> "back-rank-guard"), so that
// every eval line splits into exactly three words.
std::string evalTermToken(std::string_view name) {
  std::string token;
  for (char c : name) token += (c > ' ' && c < 0x7f) ? c : '-';
  return token.empty() ? std::string("unnamed") : token;
}

protocol::InfoFields infoFields(const Position& root, const SearchInfo& info, int multiPv) {
  protocol::InfoFields fields;
  fields.depth = info.depth;
  fields.selDepth = info.selDepth;
  fields.multiPv = multiPv > 1 ? info.multiPv : 0;
  fields.mateScore = info.score.kind == ReportedScore::Kind::Mate;
  fields.score = info.score.value;
  fields.nodes = info.nodes;
  fields.nps = info.nps;
  fields.timeMs = info.timeMs;
  fields.hashfull = info.hashfull;
  fields.tbhits = info.tbhits;
  fields.pv = pvInNotation(root, info.pv,
                           [](const Position& pos, const Move& m) { return formatMove(pos, m); });
  return fields;
}

// The limits of a go. Its searchmoves must be legal moves of the root (the first that is not
// is the error); no limit at all means infinite, for a ponder search too: after the ponderhit
// it goes on until stop, as the same go without ponder would. With a Level on (`levelOn`), no
// limit means the level's node budget (Engine::go).
Parsed<SearchLimits> searchLimits(const protocol::Go& command, const Position& root, bool levelOn) {
  SearchLimits limits;
  limits.depth = command.depth.value_or(0);
  limits.nodes = command.nodes.value_or(0);
  limits.moveTimeMs = command.moveTime;
  limits.timeMs[static_cast<int>(Color::White)] = command.whiteTime;
  limits.timeMs[static_cast<int>(Color::Black)] = command.blackTime;
  limits.incrementMs[static_cast<int>(Color::White)] = command.whiteIncrement;
  limits.incrementMs[static_cast<int>(Color::Black)] = command.blackIncrement;
  limits.movesToGo = command.movesToGo.value_or(0);
  limits.ponder = command.ponder;
  limits.infinite = command.infinite || (!levelOn && !command.depth && !command.nodes &&
                                         !command.moveTime && !limits.hasClock());
  for (const std::string& text : command.searchMoves) {
    const Parsed<PathMove> move = parseMove(root, text);
    if (!move)
      return Parsed<SearchLimits>::fail(
          "go: searchmoves: illegal move " + protocol::quoted(text) + ": " + move.error,
          move.refusal);
    if (std::find(limits.searchMoves.begin(), limits.searchMoves.end(), move.value->move) ==
        limits.searchMoves.end())
      limits.searchMoves.push_back(move.value->move);
  }
  return Parsed<SearchLimits>::ok(std::move(limits));
}

std::string bookMoveText(const Position& pos, const book::BookMove& move) {
  const ReportedScore score = reportScore(move.score);
  return protocol::bookMoveText(formatMove(pos, move.move), score.kind == ReportedScore::Kind::Mate,
                                score.value, move.weight);
}

// The "option name ... type ..." line of the uci reply for an option, with this host's default.
std::string optionDeclarationLine(const EngineOption& option) {
  switch (option.type) {
    case OptionType::Check:
      return protocol::checkOptionLine(option.name, option.defaultValue != 0);
    case OptionType::String:
      return protocol::stringOptionLine(option.name, option.hostDefaultText);
    case OptionType::Combo:
      return protocol::comboOptionLine(
          option.name, option.defaultText,
          std::vector<std::string>(option.choices.begin(), option.choices.end()));
    case OptionType::Spin:
      break;
  }
  return protocol::spinOptionLine(option.name, option.defaultValue, option.min, option.max);
}

}  // namespace

Session::Session(Sink sink, SessionEnvironment environment)
    : sink_(std::move(sink)), engine_(reports(), std::move(environment)) {}

EngineReports Session::reports() {
  EngineReports reports;
  reports.onInfo = [this](const Position& root, const SearchInfo& info) {
    reply(protocol::infoLine(infoFields(root, info, engine_.multiPv())));
  };
  reports.onProgress = [this](const Position& root, const SearchProgress& progress) {
    if (progress.kind == SearchProgress::Kind::CurrentMove)
      reply(protocol::currentMoveLine(progress.depth, formatMove(root, progress.move),
                                      progress.moveNumber));
    else
      reply(protocol::statisticsLine(progress.nodes, progress.nps, progress.timeMs,
                                     progress.hashfull, progress.tbhits));
  };
  reports.onResult = [this](const Position& root, const SearchResult& result) {
    std::string best, ponder;
    if (result.bestMove) {
      best = formatMove(root, *result.bestMove);
      if (result.ponderMove) ponder = formatMove(root.after(*result.bestMove), *result.ponderMove);
    }
    reply(protocol::bestMoveLine(best, ponder));
  };
  reports.onPerftEntry = [this](const PerftDivideEntry& entry) {
    reply(protocol::perftRootLine(entry));
  };
  reports.onPerftDone = [this](const PerftSummary& summary) {
    reply(protocol::perftSummaryLine(summary.depth, summary.nodes, summary.milliseconds,
                                     summary.nodesPerSecond, summary.stopped));
  };
  reports.onNotice = [this](const std::string& message) {
    reply(protocol::infoStringLine(message));
  };
  reports.onBookMove = [this](const Position& root, const book::BookMove& move) {
    reply(protocol::infoStringLine(bookMoveText(root, move)));
  };
  reports.onBenchDone = [this](const BenchResult& result) {
    reply(protocol::benchLine(result.nodes, result.timeMs, result.nps, result.stopped));
  };
  return reports;
}

bool Session::refused(const Refused& refusal) const {
  if (!refusal) return false;
  reply(protocol::refusalErrorLine(refusal->message, refusal->move));
  return true;
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
  for (const EngineOption& option : engine_.options().all())
    if (option.listed) reply(optionDeclarationLine(option));
  reply("uciok");
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::IsReady&) {
  reply("readyok");
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::NewGame&) {
  refused(engine_.newGame());
  return Flow::Continue;
}

// A running job is stopped when the session ends (the Engine's destructor): it still writes
// its last reply (bestmove, the perft or bench summary), then the transport closes.
Session::Flow Session::execute(const protocol::Quit&) { return Flow::Quit; }

Session::Flow Session::execute(const protocol::SetOption& command) {
  refused(engine_.setOption(command.name, command.value));
  return Flow::Continue;
}

// Builds the new game aside (once the engine takes it: not while busy) and replaces the current
// one only when every part is valid, so a rejected command leaves the previous position and
// history untouched.
Session::Flow Session::execute(const protocol::SetPosition& command) {
  refused(engine_.setGame([&]() -> Parsed<Game> {
    Position start = Position::start();
    if (command.fen) {
      Parsed<Position> parsed = parseFen(*command.fen);
      if (!parsed) return Parsed<Game>::fail(parsed.error);  // "invalid fen: <reason>"
      start = *parsed.value;
    }
    return gameFromMoves(
        start, engine_.game().noProgressLimitPlies(), command.moves.size(),
        [&](const Position& pos, std::size_t i) {
          const Parsed<PathMove> move = parseMove(pos, command.moves[i]);
          return move ? Parsed<Move>::ok(move.value->move)
                      : Parsed<Move>::fail(move.error, move.refusal);
        },
        [&](std::size_t i, const std::string& reason) {
          return "illegal move " + std::to_string(i + 1) + " " +
                 protocol::quoted(command.moves[i]) + ": " + reason;
        });
  }));
  return Flow::Continue;
}

// The moves `position ... moves` would accept next: none once the game is over (R13..R15).
Session::Flow Session::execute(const protocol::LegalMoves&) {
  reply(protocol::legalMovesLine(engine_.legalMoves()));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Display&) {
  const Position& pos = engine_.game().position();
  for (const std::string& line : protocol::diagramLines(pos)) reply(line);
  reply(protocol::fenLine(formatFen(pos)));
  reply(protocol::keyLine(pos.key()));
  return Flow::Continue;
}

// Counted on the search thread: each root move's line as soon as it is counted, then the
// summary (stopped: the moves counted so far and "perft <depth> stopped ...").
Session::Flow Session::execute(const protocol::Perft& command) {
  PerftSettings settings;  // without hash and threads: the plain figure of the generator
  settings.mode = command.mode;
  settings.hashMegabytes = command.hashMegabytes;
  settings.threads = command.threads;
  refused(engine_.perft(command.depth, settings));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::ShowResult&) {
  reply(protocol::resultLine(engine_.result()));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Go& command) {
  const SearchClock::TimePoint arrival = engine_.clock().now();  // time limits count from here
  refused(engine_.go([&] {
    Parsed<SearchLimits> limits =
        searchLimits(command, engine_.game().position(), engine_.presetLevel().has_value());
    if (limits) limits.value->start = arrival;
    return limits;
  }));
  return Flow::Continue;
}

// Outside a job, stop and ponderhit have nothing to act on and are ignored (as in UCI).
// stop returns once the job's last reply is written (a job ends within milliseconds of it), so
// the commands a client sends right after it ("stop", "position ...", "go ...") are not busy.
Session::Flow Session::execute(const protocol::Stop&) {
  engine_.stop();
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::PonderHit&) {
  engine_.ponderhit();
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Eval&) {
  const EvalReport report = engine_.evaluation();
  for (const EvalTerm& term : report.terms)
    reply("eval " + evalTermToken(term.name) + " " + std::to_string(term.score));
  reply("eval sum " + std::to_string(report.sum) + " scale " + std::to_string(report.scale) + "/" +
        std::to_string(kEvalScaleFull) + " total " + std::to_string(report.total));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Bench& command) {
  refused(engine_.bench(command.depth.value_or(kBenchDefaultDepth)));
  return Flow::Continue;
}

// The book's moves for the position, best first, then "book end"; with no book open, an error.
Session::Flow Session::execute(const protocol::ShowBook&) {
  if (!engine_.hasBook()) {
    replyError("book: no opening book open (setoption name BookFile value <file>)");
    return Flow::Continue;
  }
  const Position& pos = engine_.game().position();
  for (const book::BookMove& move : engine_.bookMoves()) reply(bookMoveText(pos, move));
  reply("book end");
  return Flow::Continue;
}

void Session::replyError(std::string_view message) const { reply(protocol::errorLine(message)); }

}  // namespace damiera
