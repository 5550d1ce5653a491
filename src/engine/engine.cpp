#include "engine/engine.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>

#include "core/movegen.h"
#include "egdb/database.h"
#include "engine/level.h"
#include "search/eval_weights.h"
#include "search/tunables.h"

namespace damiera {

Engine::Engine(EngineReports reports, SessionEnvironment environment)
    : reports_(std::move(reports)),
      environment_(std::move(environment)),
      clientFiles_(environment_.clientNamesFiles, environment_.evalFolder),
      searcher_(environment_.search) {
  // The host's database, if it names one: a bad one never fails a session, it just means none.
  if (const char* hostDatabase = std::getenv(kDatabaseEnvironment)) {
    options_.setHostDefault("EGDBPath", hostDatabase);
    openDatabase(hostDatabase, options_.number("EGDBCache"), false);
  }
  // The host's book likewise (tools/run: the shipped one).
  if (const char* hostBook = std::getenv(kBookEnvironment)) {
    options_.setHostDefault("BookFile", hostBook);
    openBook(hostBook, false);
  }
  // The host's search constants (a tuner's engine); bad ones are named and left out.
  if (const char* hostTunables = std::getenv(kSearchTunablesEnvironment)) {
    if (const ParsedTunables parsed = parseSearchTunables(hostTunables))
      options_.setHostDefault("SearchTunables", hostTunables);
    else if (reports_.onNotice)
      reports_.onNotice(std::string(kSearchTunablesEnvironment) + ": " + parsed.error +
                        "; the search's own constants are used");
  }
  applySearchOptions();
}

Engine::~Engine() { stop(); }

void Engine::applyOption(const EngineOption& option, int value, const std::string& text) {
  const std::string_view name = option.name;
  if (name == "Hash") {
    resizeHash(value);
  } else if (name == kNoProgressOption) {
    game_.setNoProgressLimitPlies(value * kPliesPerMovePair);
  } else if (name == "EGDBPath") {
    clientFiles_.checkPath("EGDBPath", text, option.hostDefaultText);
    openDatabase(text, options_.number("EGDBCache"));
  } else if (name == "EGDBPieces") {
    // Reopened: a slice damaged since is named again.
    openDatabase(options_.text("EGDBPath"), options_.number("EGDBCache"));
  } else if (name == "EGDBCache") {
    openDatabase(options_.text("EGDBPath"), value);
  } else if (name == "EvalFile") {
    clientFiles_.loadEvalFile(text, [this](const std::string& path) { loadEvalFile(path); });
  } else if (name == "BookFile") {
    clientFiles_.checkPath("BookFile", text, option.hostDefaultText);
    openBook(text);
  } else if (name == "SearchTunables") {
    if (const ParsedTunables parsed = parseSearchTunables(text); !parsed)
      throw OptionRejected("SearchTunables: " + parsed.error);
  }
}

SearchOptions Engine::searchOptions() const {
  SearchOptions options;
  options.threads = options_.number("Threads");
  options.multiPv = options_.number("MultiPV");
  options.ponder = options_.number("Ponder") != 0;
  options.moveOverheadMs = options_.number("Move Overhead");
  options.database = database_;
  options.databasePieces =
      database_ ? std::min(options_.number("EGDBPieces"), database_->largestSlice()) : 0;
  options.evalWeights = evalWeights_;
  options.evalTableSalt = evalWeights_ ? evalTableSalt(*evalWeights_) : 0;
  options.skillLevel = playingLevel();
  options.contempt = options_.number("Contempt");
  options.tunables = parseSearchTunables(options_.text("SearchTunables")).tunables;  // checked
  return options;
}

// Empty: the weights compiled in. A file that cannot be read or is not a whole weights file of
// this version is refused and the evaluation stays what it was.
void Engine::loadEvalFile(const std::string& path) {
  std::shared_ptr<const EvalWeights> weights;
  if (!path.empty()) {
    try {
      weights = loadEvalWeights(path);
    } catch (const std::runtime_error& e) {
      throw OptionRejected(std::string("EvalFile ") + e.what());
    }
  }
  evalWeights_ = std::move(weights);
}

void Engine::openBook(const std::string& path, bool refuseFailure) {
  std::shared_ptr<const book::Book> opened;
  if (!path.empty()) {
    try {
      opened = std::make_shared<const book::Book>(path);
    } catch (const book::BookError& e) {
      if (refuseFailure) throw OptionRejected(e.what());
      if (reports_.onNotice) reports_.onNotice(std::string(e.what()) + "; playing without a book");
    }
  }
  book_ = std::move(opened);
}

std::vector<book::BookMove> Engine::bookMoves() const {
  if (!book_ || game_.result().outcome != Outcome::Ongoing) return {};
  return book_->movesOf(game_.position());
}

std::optional<book::BookMove> Engine::bookMoveFor(const SearchLimits& limits) {
  const std::optional<int> preset = presetLevel();
  const int bookPlies =
      std::min(options_.number("BookDepth"), preset ? levelBookPlies(*preset) : kMaxBookDepth);
  if (!book_ || options_.number("OwnBook") == 0 || limits.infinite || limits.ponder ||
      options_.number("MultiPV") > 1 || static_cast<int>(game_.moves().size()) >= bookPlies)
    return std::nullopt;
  std::vector<book::BookMove> moves = bookMoves();
  if (!limits.searchMoves.empty())
    std::erase_if(moves, [&](const book::BookMove& m) {
      return std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m.move) ==
             limits.searchMoves.end();
    });
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  int variety = options_.number("BookVariety");
  if (preset) variety = std::max(variety, levelBookVariety(*preset));
  return book::chooseMove(moves, variety, uniform(bookRandom_));
}

std::optional<int> Engine::presetLevel() const { return levelSkill(options_.text("Level")); }

int Engine::playingLevel() const {
  if (const std::optional<int> preset = presetLevel()) return *preset;
  return options_.number("UCI_LimitStrength") != 0 ? skillLevelForElo(options_.number("UCI_Elo"))
                                                   : options_.number("Skill Level");
}

// A damaged slice is left out (the rest is used) and named in a notice; a folder that does not
// exist is refused. The default from the environment never fails a session: a bad one just
// means no database.
void Engine::openDatabase(const std::string& dir, int cacheMb, bool refuseFailure) {
  std::shared_ptr<egdb::Database> db;
  if (!dir.empty()) {
    try {
      db = egdb::openShared(dir, std::uint64_t(cacheMb) << 20);
    } catch (const std::exception& e) {
      if (refuseFailure) throw OptionRejected(e.what());
    }
  }
  database_ = db;
  if (db && reports_.onNotice)
    for (const std::string& error : db->errors()) reports_.onNotice(error);
}

void Engine::applySearchOptions() { searcher_.setOptions(searchOptions()); }

// A size the machine cannot hold is refused, not fatal, and the table stays as it was. Any
// other size is taken at once: the table's pages are touched only as searches fill it.
void Engine::resizeHash(int megabytes) {
  // The server's one table, shared by every session: sized once (--hash), never by a client.
  // The value is accepted (GUIs send it) and changes nothing.
  if (searcher_.tableShared()) return;
  const auto wanted = static_cast<std::size_t>(megabytes);
  const std::size_t current = searcher_.table().megabytes();
  if (wanted == current) return;
  const std::size_t limit = maxHashMbOfThisMachine();
  if (wanted > limit)
    throw OptionRejected("Hash " + std::to_string(megabytes) +
                         " (MB) is more than this machine can hold: at most " +
                         std::to_string(limit) + "; it stays " + std::to_string(current));
  try {
    searcher_.resizeHash(wanted);
  } catch (const std::bad_alloc&) {
    throw OptionRejected("not enough memory for Hash " + std::to_string(megabytes) +
                         " (MB); it stays " + std::to_string(current));
  }
}

Refused Engine::refuseWhileBusy() const {
  if (busy()) return Refusal{Refusal::Kind::Busy, "busy", std::nullopt};
  return std::nullopt;
}

Refused Engine::setGame(Game game) {
  if (Refused busy = refuseWhileBusy()) return busy;
  game.setNoProgressLimitPlies(game_.noProgressLimitPlies());
  game_ = std::move(game);
  return std::nullopt;
}

Refused Engine::setGame(const Build<Game>& build) {
  if (Refused busy = refuseWhileBusy()) return busy;
  Parsed<Game> game = build();
  if (!game) return Refusal{Refusal::Kind::Invalid, game.error, game.refusal};
  return setGame(std::move(*game.value));
}

Refused Engine::newGame() {
  if (Refused busy = refuseWhileBusy()) return busy;
  game_ = Game(Position::start(), game_.noProgressLimitPlies());
  searcher_.newGame();
  return std::nullopt;
}

// The moves setGame would accept next: none once the game is over (R13..R15).
std::vector<PathMove> Engine::legalMoves() const {
  if (game_.result().outcome != Outcome::Ongoing) return {};
  return generatePathMoves(game_.position());
}

EvalReport Engine::evaluation() const {
  const EvalWeights* weights = evalWeights_.get();
  return explainEvaluation(game_.position(), weights ? *weights : embeddedEvalWeights());
}

Refused Engine::setOption(std::string_view name, const std::optional<std::string>& value) {
  if (Refused busy = refuseWhileBusy()) return busy;
  const std::optional<std::string> error = options_.set(
      name, value, [this](const EngineOption& option, int number, const std::string& text) {
        applyOption(option, number, text);
      });
  if (error) return Refusal{Refusal::Kind::Invalid, *error, std::nullopt};
  applySearchOptions();
  return std::nullopt;
}

Refused Engine::go(const SearchLimits& requested) {
  if (Refused busy = refuseWhileBusy()) return busy;
  SearchLimits limits = requested;
  // A level counts nodes, not time, so that every device searches the same tree; a clock or
  // movetime may still end it sooner on a slow one.
  if (const std::optional<int> preset = presetLevel(); preset && !limits.infinite) {
    const std::uint64_t budget = levelNodeBudget(*preset);
    limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
  }
  const Position root = game_.position();
  // Nothing to play: the side to move has no move (R13), or the game is drawn (R14, R15), and
  // every finished game is alike. Answered here rather than by the search thread, so the
  // result comes before the reply to whatever the client sends next (a search would still be
  // busy for a moment).
  if (game_.result().outcome != Outcome::Ongoing) {
    if (reports_.onResult) reports_.onResult(root, SearchResult{});
    return std::nullopt;
  }
  if (const std::optional<book::BookMove> bookMove = bookMoveFor(limits)) {
    if (reports_.onBookMove) reports_.onBookMove(root, *bookMove);
    SearchResult result;
    result.bestMove = bookMove->move;
    result.score = reportScore(bookMove->score);
    if (reports_.onResult) reports_.onResult(root, result);
    return std::nullopt;
  }
  SearchCallbacks callbacks;
  callbacks.onInfo = [this, root](const SearchInfo& info) {
    if (reports_.onInfo) reports_.onInfo(root, info);
  };
  if (reports_.onProgress)
    callbacks.onProgress = [this, root](const SearchProgress& progress) {
      reports_.onProgress(root, progress);
    };
  callbacks.onResult = [this, root](const SearchResult& result) {
    busy_.store(false);  // the Searcher lets this job finish before it starts another
    if (reports_.onResult) reports_.onResult(root, result);
  };
  busy_.store(true);
  searcher_.start(game_, limits, std::move(callbacks));
  return std::nullopt;
}

Refused Engine::go(const Build<SearchLimits>& build) {
  if (Refused busy = refuseWhileBusy()) return busy;
  const Parsed<SearchLimits> limits = build();
  if (!limits) return Refusal{Refusal::Kind::Invalid, limits.error, limits.refusal};
  return go(*limits.value);
}

Refused Engine::perft(int depth, const PerftSettings& requested) {
  if (Refused busy = refuseWhileBusy()) return busy;
  assert(depth >= 1);
  Parsed<PerftSettings> settings = perftSettingsFor(requested, environment_, searchOptions());
  if (!settings) return Refusal{Refusal::Kind::Invalid, settings.error, std::nullopt};
  busy_.store(true);
  searcher_.startJob([this, root = game_.position(), depth,
                      settings = *settings.value](SearchControl& control) {
    const PerftSummary summary = runPerftJob(root, depth, settings, control, reports_.onPerftEntry);
    busy_.store(false);
    if (reports_.onPerftDone) reports_.onPerftDone(summary);
  });
  return std::nullopt;
}

Refused Engine::bench(int depth) {
  if (Refused busy = refuseWhileBusy()) return busy;
  busy_.store(true);
  searcher_.startJob([this, depth](SearchControl& control) {
    const BenchResult result = runBench(depth, {}, &control);
    busy_.store(false);
    if (reports_.onBenchDone) reports_.onBenchDone(result);
  });
  return std::nullopt;
}

// Outside a job, stop and ponderhit have nothing to act on and are ignored (as in UCI).
void Engine::stop() {
  searcher_.stop();
  // The answer is out; Lazy SMP helpers still winding down are waited for by the next job.
  searcher_.waitAnswered();
}

void Engine::ponderhit() { searcher_.ponderhit(); }

void Engine::waitIdle() { searcher_.wait(); }

void Engine::waitSettled() { searcher_.waitUntilSettled(); }

}  // namespace damiera
