#include "checkerboard/front_end.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <vector>

#include "checkerboard/board8.h"
#include "checkerboard/cb_time.h"
#include "checkerboard/status_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "search/limits.h"
#include "search/pacer.h"
#include "search/search.h"

namespace damiera::cb {

namespace {

// In process there is no pipe or GUI latency to keep in reserve.
constexpr int kMoveOverheadMs = 0;

// The first legal landing path (legal-move order) of a move.
const PathMove& pathOf(const std::vector<PathMove>& legal, const Move& m) {
  const auto it =
      std::find_if(legal.begin(), legal.end(), [&](const PathMove& p) { return p.move == m; });
  return it != legal.end() ? *it : legal.front();
}

// getmove()'s return value once `m` is played: what the rules say (R13..R15), else what the
// search proved.
int outcomeAfter(Game game, const Move& m, const ReportedScore& score) {
  const Color mover = game.position().sideToMove();
  game.play(m);
  const GameResult result = game.result();
  if (result.outcome == Outcome::Draw) return kDraw;
  if (result.outcome != Outcome::Ongoing) {
    const bool moverWins = (result.outcome == Outcome::WhiteWins) == (mover == Color::White);
    return moverWins ? kWin : kLoss;
  }
  if (score.kind == ReportedScore::Kind::Mate) return score.value > 0 ? kWin : kLoss;
  if (std::abs(score.value) >= kScoreDatabaseBound) return score.value > 0 ? kWin : kLoss;
  return kUnknown;
}

// CheckerBoard's "play now": an int it owns, set non-zero to ask for the move at once. The
// search reads it through its host's pacer (search/pacer.h), which the main search thread
// calls every few thousand nodes, and stops its own search: no watcher thread needed.
class PlaynowPacer final : public SearchPacer {
 public:
  PlaynowPacer(const int* playnow, SearchResources::JobStopper stop)
      : playnow_(playnow), stop_(std::move(stop)) {}
  void begin(const GiveUp&) override { check(); }
  void poll(const GiveUp&) override { check(); }
  void urgent(const GiveUp&) override {}
  void end() override {}

 private:
  void check() {
    // CheckerBoard's window thread writes the flag; read it as an atomic, never cached.
    if (playnow_ != nullptr && __atomic_load_n(playnow_, __ATOMIC_RELAXED) != 0) stop_();
  }
  const int* const playnow_;
  const SearchResources::JobStopper stop_;
};

}  // namespace

EngineSettings::EngineSettings() {
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty()) continue;
    const bool isText = option.type == OptionType::String || option.type == OptionType::Combo;
    // The host's environment is not CheckerBoard's: its database is the one the user sets.
    options.emplace(option.checkerboardName,
                    isText ? std::string(option.defaultText) : std::to_string(option.defaultValue));
  }
}

int EngineSettings::number(std::string_view name) const {
  const auto found = options.find(name);
  assert(found != options.end());
  return std::stoi(found->second);
}

const std::string& EngineSettings::text(std::string_view name) const {
  const auto found = options.find(name);
  assert(found != options.end());
  return found->second;
}

FrontEnd::FrontEnd(std::optional<std::filesystem::path> settingsFile,
                   const std::string& defaultBook, OwnDatabase ownDatabase)
    : settingsFile_(std::move(settingsFile)),
      ownDatabase_(std::move(ownDatabase)),
      databaseBuild_(
          [this](const std::filesystem::path& folder, std::shared_ptr<egdb::Database> database) {
            ownDatabaseBuilt(folder, std::move(database));
          },
          ownDatabase_.endThread) {
  settings_.options["bookfile"] = defaultBook;
  loadSettingsFile();
  useDatabaseBesideDll();
  EngineReports reports;
  // From getmove()'s thread: the search runs there (the executor below).
  reports.onInfo = [this](const Position& root, const SearchInfo& line) {
    if (call_.status == nullptr) return;
    if (!call_.allScores) {
      if (line.multiPv == 1) writeText(call_.status, formatStatus(root, line));
      return;
    }
    // The lines of one iteration come one after the other, the first first.
    if (line.multiPv == 1) call_.lines.clear();
    call_.lines.push_back(line);
    writeText(call_.status, formatAllScores(root, call_.lines));
  };
  reports.onResult = [this](const Position&, const SearchResult& result) { call_.result = result; };
  reports.onBookMove = [this](const Position& root, const book::BookMove& move) {
    if (call_.status != nullptr) writeText(call_.status, formatBookMove(root, move));
  };
  SessionEnvironment environment;
  // Every job runs at once on the thread that starts it: go() returns with the result, and no
  // job ever waits in a queue (so the quick lane for stopped queued jobs is never used).
  environment.search.executor = [](std::function<void()> job) { job(); };
  environment.search.quickExecutor = [](std::function<void()> job) { job(); };
  environment.search.pacer = [this](SearchResources::JobStopper stop, SearchClock::TimePoint) {
    return std::make_shared<PlaynowPacer>(call_.playnow, std::move(stop));
  };
  core_ = std::make_unique<damiera::Engine>(std::move(reports), std::move(environment));
  // In process there is no pipe or GUI latency to keep in reserve.
  applySettings(settings_, nullptr);
  core_->setOption("Move Overhead", std::to_string(kMoveOverheadMs));
}

FrontEnd::~FrontEnd() = default;

EngineSettings FrontEnd::settings() const {
  std::lock_guard lock(mutex_);
  return settings_;
}

void FrontEnd::applySettings(const EngineSettings& settings, char* status) {
  const auto set = [&](std::string_view name, const std::string& value) {
    if (const Refused refused = core_->setOption(name, value); refused && status != nullptr)
      writeText(status, "error: " + refused->message);
  };
  // The numbers first, each within the core's range (CheckerBoard's "No limit" of 24 pieces is
  // the core's largest); then the texts: the database folder opens once, with the cache size
  // and pieces already set.
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty() || option.type != OptionType::Spin) continue;
    int value = std::clamp(settings.number(option.checkerboardName), option.min, option.max);
    if (option.name == "EGDBPieces" && !settings.dbEnabled) value = 0;
    if (core_->options().number(option.name) != value) set(option.name, std::to_string(value));
  }
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty() || option.type != OptionType::Check) continue;
    const int value = settings.number(option.checkerboardName);
    if (core_->options().number(option.name) != value) set(option.name, value ? "true" : "false");
  }
  const std::string ownBook = settings.bookLevel != kBookNone ? "true" : "false";
  if (core_->options().number("OwnBook") != (settings.bookLevel != kBookNone))
    set("OwnBook", ownBook);
  const int variety = bookVariety(settings.bookLevel);
  if (core_->options().number("BookVariety") != variety)
    set("BookVariety", std::to_string(variety));
  const int lines = settings.allScores ? kMaxMultiPv : 1;
  if (core_->options().number("MultiPV") != lines) set("MultiPV", std::to_string(lines));
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty() || option.type != OptionType::String) continue;
    const std::string& value = settings.text(option.checkerboardName);
    if (core_->options().text(option.name) != value) set(option.name, value);
  }
}

namespace {
// The database build waits while getmove() runs: the search has the processor to itself.
class BuildPause {
 public:
  explicit BuildPause(DatabaseBuild& build) : build_(build) { build_.pause(); }
  ~BuildPause() { build_.resume(); }
  BuildPause(const BuildPause&) = delete;
  BuildPause& operator=(const BuildPause&) = delete;

 private:
  DatabaseBuild& build_;
};
}  // namespace

int FrontEnd::getMove(Board8x8& board, int color, double maxtime, char* status, const int* playnow,
                      int info, int moreinfo, CBmove* move) {
  std::lock_guard oneSearch(searchMutex_);
  const BuildPause pause(databaseBuild_);
  // The first use with no database folder set: the engine builds its own (2..5 pieces) in the
  // background, and probes it once it is verified.
  if (firstUse_.exchange(false) && ownDatabase_.buildOnFirstUse && ownDatabase_.folder &&
      settings().buildOnFirstUse && settings().text("dbpath").empty())
    databaseBuild_.start(*ownDatabase_.folder, kMaxBuildPieces);

  const Parsed<Position> parsed = positionFromBoard(board, color);
  if (!parsed) {
    writeText(status, "error: " + parsed.error);
    return kUnknown;
  }
  const Position& root = *parsed.value;

  EngineSettings settings;
  bool newGame = false;
  Game game(root);
  {
    std::lock_guard lock(mutex_);
    settings = settings_;
    if (info & kInfoReset) newGamePending_ = true;
    newGame = newGamePending_;
    newGamePending_ = false;
    // R14/R15 need the game so far; CheckerBoard sends it just before (set gamehist).
    if (history_ && history_->position() == root) game = *history_;
  }

  const std::vector<PathMove> legal = generatePathMoves(root);
  if (legal.empty()) {
    writeText(status, "no legal move: the side to move has lost (R13)");
    return kLoss;
  }
  MoveList distinct;
  generateMoves(root, distinct);

  Move chosen = legal.front().move;
  ReportedScore score;
  if (distinct.size() == 1) {
    writeText(status, "only move " + formatMove(legal.front()));
  } else {
    applySettings(settings, status);
    // A new game forgets everything earlier searches learned (the table, the histories).
    if (newGame) core_->newGame();
    core_->setGame(game);
    call_ = Call{status, playnow, std::nullopt, settings.allScores, {}};
    const SearchLimits limits =
        searchLimitsFor(maxtime, info, moreinfo, root.sideToMove(), settings.depth);
    if (const Refused refused = core_->go(limits)) writeText(status, "error: " + refused->message);
    // The Lazy SMP helpers end now, not when the DLL is unloaded.
    if (settings.number("searchthreads") > 1) core_->setOption("Threads", "1");
    // There are legal moves, so the search has one, even when stopped at once; a game already
    // drawn by its history (R14, R15) has none: any legal move then, the draw is claimed below.
    if (call_.result && call_.result->bestMove) {
      chosen = *call_.result->bestMove;
      score = call_.result->score;
    }
    call_ = Call{};
  }

  const PathMove& played = pathOf(legal, chosen);
  *move = describeMove(root, played);
  writeBoard(root.after(chosen), board);
  return outcomeAfter(game, chosen, score);
}

int FrontEnd::isLegal(const Board8x8& board, int color, int from, int to, CBmove* move) const {
  const Parsed<Position> parsed = positionFromBoard(board, color);
  if (!parsed) return 0;
  for (const PathMove& m : generatePathMoves(*parsed.value)) {
    const int first = numberOfSquare(m.path.squares[0]);
    const int last = numberOfSquare(m.path.squares[m.path.length - 1]);
    if (first == from && last == to) {
      *move = describeMove(*parsed.value, m);
      return 1;
    }
  }
  return 0;
}

}  // namespace damiera::cb
