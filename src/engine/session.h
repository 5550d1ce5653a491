#pragma once
// A Session executes protocol commands against one game and answers through a sink. It does
// no I/O: the same Session serves stdin and, later, every TCP connection (DESIGN.md).
//
// Every command either succeeds or replies with exactly one "error ..." line and leaves the
// session as it was. Replies are whole lines without the newline; the transport adds it.
// A search runs on the Searcher's worker thread (in a server, on its pool: SessionEnvironment)
// and reports (info, bestmove) through the same sink, so a transport must make its sink safe
// to call from two threads. While it runs, the
// commands that would change what it works on (position, go, setoption, ucinewgame, perft,
// bench) get "error busy"; everything else is answered at once. A go with no legal move
// answers "bestmove none" itself, and stop returns only once the bestmove is written: after
// either, the next command is never busy.
#include <atomic>
#include <functional>
#include <string_view>

#include "core/game.h"
#include "engine/options.h"
#include "engine/session_environment.h"
#include "protocol/command.h"
#include "search/searcher.h"

namespace damiera {

// R15 as a UCI option: moves per side without a capture or a man move; the game limit is
// twice this in plies.
inline constexpr std::string_view kNoProgressOption = "NoProgressMoves";
inline constexpr int kNoProgressMovesMax = 1000;

// Endgame database options (docs/egdb.md).
inline constexpr int kDefaultDatabasePieces = 6;
inline constexpr int kMaxDatabasePieces = 9;
inline constexpr int kDefaultDatabaseCacheMb = 64;
inline constexpr int kMaxDatabaseCacheMb = 65536;
// The environment variable that gives EGDBPath its default (tools/run sets it).
inline constexpr const char* kDatabaseEnvironment = "DAMIERA_EGDB";

class Session {
 public:
  using Sink = std::function<void(std::string_view line)>;
  enum class Flow { Continue, Quit };

  // The environment: stdio's by default; a server passes its pool, shared table and caps.
  explicit Session(Sink sink, SessionEnvironment environment = {});
  // The options' apply callbacks point at this session, so it stays where it was built.
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // One line of input: blank lines are ignored, a malformed one gets its error reply.
  Flow handleLine(std::string_view line);
  Flow handle(const protocol::Command& command);

  const Game& game() const { return game_; }
  const Options& options() const { return options_; }

 private:
  // One overload per command; std::visit in handle() fails to compile if one is missing.
  Flow execute(const protocol::Uci&);
  Flow execute(const protocol::IsReady&);
  Flow execute(const protocol::NewGame&);
  Flow execute(const protocol::Quit&);
  Flow execute(const protocol::SetOption& command);
  Flow execute(const protocol::SetPosition& command);
  Flow execute(const protocol::LegalMoves&);
  Flow execute(const protocol::Display&);
  Flow execute(const protocol::Perft& command);
  Flow execute(const protocol::ShowResult&);
  Flow execute(const protocol::Go& command);
  Flow execute(const protocol::Stop&);
  Flow execute(const protocol::PonderHit&);
  Flow execute(const protocol::Eval&);
  Flow execute(const protocol::Bench& command);

  void registerOptions();
  void applySearchOptions();
  void resizeHash(int megabytes);  // the Hash option; throws OptionRejected
  // EGDBPath / EGDBPieces / EGDBCache: (re)opens the endgame database; throws OptionRejected.
  void openDatabase(const std::string& dir, int pieces, int cacheMb);

  void reply(std::string_view line) const { sink_(line); }
  void replyError(std::string_view message) const;

  Sink sink_;
  const SessionEnvironment environment_;  // before searcher_, which is made from it
  Game game_;
  SearchOptions searchOptions_;
  std::string databaseDir_;
  int databasePieces_ = kDefaultDatabasePieces;
  int databaseCacheMb_ = kDefaultDatabaseCacheMb;
  // True from a go until its bestmove is written (cleared just before, so a client that
  // answers the bestmove with a new command at once never sees "busy").
  std::atomic<bool> searching_{false};
  // After what its callbacks use (sink_, searching_): destroyed first, it stops and waits for
  // a running search.
  Searcher searcher_;
  Options options_;  // last: applying the defaults touches the game and the searcher
};

}  // namespace damiera
