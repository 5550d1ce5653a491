#include "engine/session.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdint>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/perft.h"
#include "egdb/database.h"
#include "protocol/diagram.h"
#include "protocol/parse.h"
#include "protocol/reply.h"
#include "protocol/tokens.h"
#include "search/bench.h"
#include "search/eval.h"
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

// Commands that change what a running search works on, or compete with it for the CPU.
template <class C>
constexpr bool kBusyWhileSearching =
    std::is_same_v<C, protocol::SetPosition> || std::is_same_v<C, protocol::Go> ||
    std::is_same_v<C, protocol::SetOption> || std::is_same_v<C, protocol::NewGame> ||
    std::is_same_v<C, protocol::Perft> || std::is_same_v<C, protocol::Bench>;

// The moves of a principal variation in text, each legal in the position it is played from.
std::vector<std::string> pvText(Position pos, const std::vector<Move>& pv) {
  std::vector<std::string> text;
  for (const Move& m : pv) {
    std::string move = formatMove(pos, m);
    if (move.empty()) break;  // cannot happen for a correct search; never print an illegal move
    text.push_back(std::move(move));
    pos = pos.after(m);
  }
  return text;
}

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
  fields.pv = pvText(root, info.pv);
  return fields;
}

// The limits of a go. Its searchmoves must be legal moves of the root (the first that is not
// is the error); no limit at all means infinite, for a ponder search too: after the ponderhit
// it goes on until stop, as the same go without ponder would.
Parsed<SearchLimits> searchLimits(const protocol::Go& command, const Position& root) {
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
  limits.infinite = command.infinite ||
                    (!command.depth && !command.nodes && !command.moveTime && !limits.hasClock());
  for (const std::string& text : command.searchMoves) {
    const Parsed<PathMove> move = parseMove(root, text);
    if (!move)
      return Parsed<SearchLimits>::fail("go: searchmoves: illegal move " + protocol::quoted(text) +
                                        ": " + move.error);
    if (std::find(limits.searchMoves.begin(), limits.searchMoves.end(), move.value->move) ==
        limits.searchMoves.end())
      limits.searchMoves.push_back(move.value->move);
  }
  return Parsed<SearchLimits>::ok(std::move(limits));
}

std::string overServerLimit(std::string_view command, int depth, int limit) {
  return std::string(command) + ": depth " + std::to_string(depth) +
         " is over this server's limit of " + std::to_string(limit);
}

}  // namespace

Session::Session(Sink sink, SessionEnvironment environment)
    : sink_(std::move(sink)), environment_(std::move(environment)), searcher_(environment_.search) {
  registerOptions();
}

void Session::registerOptions() {
  options_.addSpin("Hash", static_cast<int>(kDefaultHashMb), static_cast<int>(kMinHashMb),
                   static_cast<int>(kMaxHashMb), [this](int megabytes) { resizeHash(megabytes); });
  options_.addSpin("Threads", kDefaultThreads, 1, kMaxThreads, [this](int threads) {
    searchOptions_.threads = threads;
    applySearchOptions();
  });
  options_.addSpin("MultiPV", kDefaultMultiPv, 1, kMaxMultiPv, [this](int lines) {
    searchOptions_.multiPv = lines;
    applySearchOptions();
  });
  options_.addCheck("Ponder", false, [this](bool on) {
    searchOptions_.ponder = on;
    applySearchOptions();
  });
  options_.addSpin("Move Overhead", kDefaultMoveOverheadMs, 0, kMaxMoveOverheadMs, [this](int ms) {
    searchOptions_.moveOverheadMs = ms;
    applySearchOptions();
  });
  options_.addSpin(std::string(kNoProgressOption), kDefaultNoProgressPlies / kPliesPerMovePair, 1,
                   kNoProgressMovesMax,
                   [this](int moves) { game_.setNoProgressLimitPlies(moves * kPliesPerMovePair); });
  const char* defaultDir = std::getenv(kDatabaseEnvironment);
  options_.addString("EGDBPath", defaultDir ? defaultDir : "", [this](const std::string& dir) {
    openDatabase(dir, databasePieces_, databaseCacheMb_);
  });
  options_.addSpin("EGDBPieces", kDefaultDatabasePieces, 0, kMaxDatabasePieces, [this](int n) {
    openDatabase(databaseDir_, n, databaseCacheMb_);
  });
  options_.addSpin("EGDBCache", kDefaultDatabaseCacheMb, 1, kMaxDatabaseCacheMb, [this](int mb) {
    openDatabase(databaseDir_, databasePieces_, mb);
  });
}

// A damaged slice is left out (the rest is used) and named in an "info string"; a folder that
// does not exist is refused. The default from the environment never fails a session: a bad
// one just means no database.
void Session::openDatabase(const std::string& dir, int pieces, int cacheMb) {
  std::shared_ptr<egdb::Database> db;
  if (!dir.empty()) {
    try {
      db = egdb::openShared(dir, std::uint64_t(cacheMb) << 20);
    } catch (const std::exception& e) {
      if (options_.value("EGDBCache")) throw OptionRejected(e.what());  // not while registering
    }
  }
  databaseDir_ = dir;
  databasePieces_ = pieces;
  databaseCacheMb_ = cacheMb;
  searchOptions_.database = db;
  searchOptions_.databasePieces = db ? std::min(pieces, db->largestSlice()) : 0;
  applySearchOptions();
  if (db)
    for (const std::string& error : db->errors()) reply(protocol::infoStringLine(error));
}

void Session::applySearchOptions() { searcher_.setOptions(searchOptions_); }

// A size the machine cannot give is refused, not fatal: the table frees its old memory before
// taking the new, so the old size is taken back (empty) and the option keeps its value.
void Session::resizeHash(int megabytes) {
  // The server's one table, shared by every session: sized once (--hash), never by a client.
  // The value is accepted (GUIs send it) and changes nothing.
  if (searcher_.tableShared()) return;
  const auto wanted = static_cast<std::size_t>(megabytes);
  const std::size_t current = searcher_.table().megabytes();
  if (wanted == current) return;
  try {
    searcher_.resizeHash(wanted);
  } catch (const std::bad_alloc&) {
    searcher_.resizeHash(current);
    throw OptionRejected("not enough memory for Hash " + std::to_string(megabytes) +
                         " (MB); it stays " + std::to_string(current));
  }
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
  return std::visit(
      [this](const auto& c) {
        if constexpr (kBusyWhileSearching<std::decay_t<decltype(c)>>) {
          if (searching_.load()) {
            replyError("busy");
            return Flow::Continue;
          }
        }
        return execute(c);
      },
      command);
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
  searcher_.newGame();
  return Flow::Continue;
}

// A running search is stopped when the session ends (the Searcher's destructor): it still
// writes its bestmove, then the transport closes.
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
    // Every finished game alike: after a draw (R14, R15) as after a win (R13), no move more.
    if (const GameResult over = next.result(); over.outcome != Outcome::Ongoing) {
      replyError("illegal move " + std::to_string(i + 1) + " " +
                 protocol::quoted(command.moves[i]) + ": " + protocol::gameOverText(over));
      return Flow::Continue;
    }
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

// The moves `position ... moves` would accept next: none once the game is over (R13..R15).
Session::Flow Session::execute(const protocol::LegalMoves&) {
  if (game_.result().outcome != Outcome::Ongoing) {
    reply(protocol::legalMovesLine({}));
    return Flow::Continue;
  }
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
  if (command.depth > environment_.maxPerftDepth) {
    replyError(overServerLimit("perft", command.depth, environment_.maxPerftDepth));
    return Flow::Continue;
  }
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

Session::Flow Session::execute(const protocol::Go& command) {
  const auto arrival = std::chrono::steady_clock::now();  // time limits count from here
  const Position root = game_.position();
  Parsed<SearchLimits> limits = searchLimits(command, root);
  if (!limits) {
    replyError(limits.error);
    return Flow::Continue;
  }
  // Nothing to play: the side to move has no move (R13), or the game is drawn (R14, R15), and
  // every finished game is alike. Answered here rather than by the search thread, so the
  // bestmove comes before the reply to whatever the client sends next (a search would still
  // be "busy" for a moment).
  if (game_.result().outcome != Outcome::Ongoing) {
    reply(protocol::bestMoveLine("", ""));
    return Flow::Continue;
  }

  SearchCallbacks callbacks;
  const int multiPv = searchOptions_.multiPv;
  callbacks.onInfo = [this, root, multiPv](const SearchInfo& info) {
    reply(protocol::infoLine(infoFields(root, info, multiPv)));
  };
  callbacks.onResult = [this, root](const SearchResult& result) {
    std::string best, ponder;
    if (result.bestMove) {
      best = formatMove(root, *result.bestMove);
      if (result.ponderMove) ponder = formatMove(root.after(*result.bestMove), *result.ponderMove);
    }
    // Not busy any more before the client can read the bestmove, so a command it sends in
    // answer is accepted (the Searcher lets this job finish before it starts another).
    searching_.store(false);
    reply(protocol::bestMoveLine(best, ponder));
  };
  searching_.store(true);
  searcher_.start(game_, *limits.value, std::move(callbacks), arrival);
  return Flow::Continue;
}

// Outside a search, stop and ponderhit have nothing to act on and are ignored (as in UCI).
// stop returns once the bestmove is written (a search ends within milliseconds of it), so
// the commands a client sends right after it ("stop", "position ...", "go ...") are not busy.
Session::Flow Session::execute(const protocol::Stop&) {
  searcher_.stop();
  searcher_.wait();
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::PonderHit&) {
  searcher_.ponderhit();
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Eval&) {
  const EvalReport report = explainEvaluation(game_.position());
  for (const EvalTerm& term : report.terms)
    reply("eval " + evalTermToken(term.name) + " " + std::to_string(term.score));
  reply("eval sum " + std::to_string(report.sum) + " scale " + std::to_string(report.scale) + "/" +
        std::to_string(kEvalScaleFull) + " total " + std::to_string(report.total));
  return Flow::Continue;
}

Session::Flow Session::execute(const protocol::Bench& command) {
  const int depth = command.depth.value_or(kBenchDefaultDepth);
  if (depth > environment_.maxBenchDepth) {
    replyError(overServerLimit("bench", depth, environment_.maxBenchDepth));
    return Flow::Continue;
  }
  const BenchResult result = runBench(depth);
  reply(protocol::benchLine(result.nodes, result.timeMs, result.nps));
  return Flow::Continue;
}

void Session::replyError(std::string_view message) const { reply(protocol::errorLine(message)); }

}  // namespace damiera
