#pragma once
// The engine itself: one game, its searcher and its options, behind typed calls and typed
// reports. It knows no protocol: the native Session (engine/session.h), the Hub session
// (engine/hub_session.h) and an in-process GUI adapter each parse their own grammar into these
// calls and format the reports themselves (Stockfish's Engine under its UCIEngine is the model).
//
//   Engine engine(reports);                       // reports: see EngineReports
//   engine.setGame(game);                         // refused (Busy) while a job runs
//   engine.go(limits);                            // returns at once; info..., then one result
//   engine.perft(6, PerftSettings{});             // a job too: entries..., then one summary
//   engine.stop();                                // returns once the job's last report is out
//
// Threads: every call comes from one thread (the front-end's). A job (go, perft, bench) runs on
// the search thread (in a server, a job of its pool), one at a time, and reports from there, so
// the front-end keeps answering isready, stop or ponderhit meanwhile. While a job runs the
// engine is busy: setGame, newGame, setOption, go, perft and bench are refused; everything else
// is answered at once. busy() turns false just before a job's last report, so a command sent
// in answer to it is never refused.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.h"
#include "core/game.h"
#include "core/move.h"
#include "core/parsed.h"
#include "core/perft.h"
#include "core/perft_parallel.h"
#include "egdb/database.h"
#include "engine/client_files.h"
#include "engine/options.h"
#include "engine/perft_job.h"
#include "engine/session_environment.h"
#include "search/bench.h"
#include "search/eval.h"
#include "search/limits.h"
#include "search/search.h"
#include "search/searcher.h"
#include "search/skill.h"

namespace damiera {

// What the engine reports, from the search thread (go with no legal move: at once, from the
// caller's). Each is optional. root is the position the search started from: the moves of a
// SearchInfo pv and of a SearchResult are legal there (the ponder move after the best move).
struct EngineReports {
  std::function<void(const Position& root, const SearchInfo& info)> onInfo;
  std::function<void(const Position& root, const SearchResult& result)> onResult;
  // During a long search: the root move being searched, the periodic statistics.
  std::function<void(const Position& root, const SearchProgress& progress)> onProgress;
  std::function<void(const PerftDivideEntry& entry)> onPerftEntry;
  std::function<void(const PerftSummary& summary)> onPerftDone;
  std::function<void(const BenchResult& result)> onBenchDone;
  // Something the user should know that is no error (a damaged database slice left out).
  std::function<void(const std::string& message)> onNotice;
  // go answered from the opening book: this, then onResult with the same move, both at once
  // from the caller's thread.
  std::function<void(const Position& root, const book::BookMove& move)> onBookMove;
};

// Why a call was refused: a message in plain words, without any protocol's prefix.
struct Refusal {
  enum class Kind { Busy, Invalid };
  Kind kind = Kind::Invalid;
  std::string message;
  std::optional<MoveRefusal> move;  // a refused move's code (core/refusal.h)
};
using Refused = std::optional<Refusal>;

class Engine {
 public:
  // The environment: a thread and a table of its own by default; a server passes its pool,
  // its shared table and its caps (engine/session_environment.h).
  explicit Engine(EngineReports reports, SessionEnvironment environment = {});
  // The searches' callbacks point at this engine, so it stays where it was built.
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine();  // stops a running job; its last report is still delivered

  // The game: its position is where the next go, perft, legalMoves or eval look.
  const Game& game() const { return game_; }
  // Replaces the game (every move in it legal: Game::play checks nothing). Keeps the
  // NoProgressMoves option's limit.
  Refused setGame(Game game);
  // A front-end's work on a call's argument (parsing a position and its moves, checking
  // searchmoves), done only once the engine takes the call: while a job runs, the call is
  // refused (Busy) before anything is built, so that busy is the answer whatever was sent.
  // A build that fails is refused (Invalid) with its error.
  template <class T>
  using Build = std::function<Parsed<T>()>;
  Refused setGame(const Build<Game>& build);
  // "ucinewgame": the start position, and the search's memories cleared.
  Refused newGame();

  std::vector<PathMove> legalMoves() const;
  // The opening book (BookFile), if one is open, and its moves for the game's position, best
  // first (whatever OwnBook says: for GUIs that show the book).
  bool hasBook() const { return book_ != nullptr; }
  std::vector<book::BookMove> bookMoves() const;
  GameResult result() const { return game_.result(); }
  EvalReport evaluation() const;

  const Options& options() const { return options_; }
  // An option by name (case-insensitive) with its value in words ("64", "true"); a check
  // without a value is refused. The error says what is wrong; then nothing changes.
  Refused setOption(std::string_view name, const std::optional<std::string>& value);
  int multiPv() const { return options_.number("MultiPV"); }
  // The Skill Level searches play at (search/skill.h): the Level option's unless it is off
  // (engine/level.h), else from UCI_Elo when UCI_LimitStrength is on, else the Skill Level
  // option; kMaxSkillLevel is full strength.
  int playingLevel() const;
  // The Level option's Skill Level; none when it is off.
  std::optional<int> presetLevel() const;

  // Searches the game's position under `limits` (its searchmoves legal there), within the
  // Level's node budget when Level is on (not for go infinite). Time limits count from
  // limits.start (by clock(); none: now). With no legal move, the result (no best
  // move) is reported at once; so is a book move (bookMoveFor), without a search.
  Refused go(const SearchLimits& limits);
  Refused go(const Build<SearchLimits>& build);
  // The time the searches read (SessionEnvironment: steady_clock, or a test's).
  const SearchClock& clock() const { return searcher_.clock(); }
  // perft: the mode, and the table and threads it may use (core/perft_parallel.h).
  // A server's thread cap applies; a table this machine cannot hold is refused.
  Refused perft(int depth, const PerftSettings& settings);
  Refused bench(int depth);
  // Ends the running job, if any, and returns once its last report has returned.
  void stop();
  void ponderhit();
  bool busy() const { return busy_.load(); }
  // Returns once no job runs (for tests and for transports that drain before closing).
  void waitIdle();
  // Returns once the running job has answered or holds its answer for stop or ponderhit
  // (go infinite, go ponder: Searcher::waitUntilSettled()).
  void waitSettled();
  // The running search has done its work and holds its bestmove for stop or ponderhit.
  bool holdingResult() const { return searcher_.holdingResult(); }

 private:
  // What a new option value changes beyond the value itself (Options::Hook); throws
  // OptionRejected. The options that only shape searches are read by searchOptions().
  void applyOption(const EngineOption& option, int value, const std::string& text);
  // The options of every search, from the option values and what they opened.
  SearchOptions searchOptions() const;
  void applySearchOptions();
  void resizeHash(int megabytes);  // the Hash option; throws OptionRejected
  // EGDBPath / EGDBPieces / EGDBCache: (re)opens the endgame database; a folder that cannot
  // be opened throws OptionRejected if `refuseFailure`, else just means no database.
  void openDatabase(const std::string& dir, int cacheMb, bool refuseFailure = true);
  void loadEvalFile(const std::string& path);  // throws OptionRejected
  // BookFile: opens the book (empty: none); a file that is not a whole book throws
  // OptionRejected if `refuseFailure`, else is named in a notice and means no book.
  void openBook(const std::string& path, bool refuseFailure = true);
  // The book's move for a go with `limits`: OwnBook on, a book open, a move in it for the
  // position (among searchmoves, if any), the game shorter than BookDepth plies, and a go
  // that wants a move (not infinite, not ponder, one line: analysis searches); with Level on,
  // within the level's plies and its variety (engine/level.h).
  std::optional<book::BookMove> bookMoveFor(const SearchLimits& limits);
  // The one busy gate: every call that would change what a job works on, or compete with it
  // for the processor, asks it first.
  Refused refuseWhileBusy() const;

  const EngineReports reports_;
  const SessionEnvironment environment_;  // before searcher_, which is made from it
  const ClientFilePolicy clientFiles_;    // what files the options may open
  Game game_;
  Options options_;
  // What the options opened: the endgame database (EGDBPath), the weights (EvalFile; none: the
  // embedded ones).
  std::shared_ptr<egdb::Database> database_;
  std::shared_ptr<const EvalWeights> evalWeights_;
  std::shared_ptr<const book::Book> book_;              // BookFile
  std::mt19937_64 bookRandom_{std::random_device{}()};  // BookVariety's choices
  // True from a job's start until just before its last report.
  std::atomic<bool> busy_{false};
  // After what its jobs use (reports_, busy_): destroyed first, it stops and waits for a job.
  Searcher searcher_;
};

}  // namespace damiera
