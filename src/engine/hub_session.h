#pragma once
// The Hub dialect (Scan's protocol, version 2) over the native Session: a HubSession parses Hub
// lines (protocol/hub_command.h), turns them into native commands for a Session it owns, and
// turns the Session's replies (some from the search thread) back into Hub lines. The game,
// the options and the search are the native ones; only the words differ.
//
//   Hub                                  native
//   hub                                  (id, param and wait lines built here)
//   set-param name=N value=V             setoption name <option> value V   (table below)
//   init                                 (answered "ready" here)
//   new-game                             ucinewgame
//   pos pos=P moves="..."                position fen <FEN of P> moves <full-path moves>
//   level ...                            (kept here for the next go)
//   go think | ponder | analyze          go <limits of the level, else movetime 1000> [ponder] | go
//   infinite ponder-hit / stop                    ponderhit / stop (stop returns once "done" is
//   out) ping                                 (answered "pong" here, at once, even while searching)
//   quit                                 quit
//   info ... / bestmove X ponder Y       info ... / done move=X' ponder=Y'
//   error ...                            error message="..."
//
// Unknown commands and arguments are ignored (Hub); a malformed known command gets one
// `error message="..."` and changes nothing. While a search runs, pos, go, new-game and
// set-param are refused ("busy"): the Hub GUI sends only ping, ponder-hit and stop then.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "engine/line_session.h"
#include "engine/session.h"
#include "protocol/hub_command.h"

namespace damiera {

// A Hub engine parameter and the native option it sets.
struct HubParam {
  enum class Type { Int, Bool };
  std::string_view hubName;
  std::string_view nativeName;
  Type type = Type::Int;
  int min = 0;
  int max = 1;
};

// The parameters "hub" declares besides variant, in the order of the native uci list.
const std::vector<HubParam>& hubParams();

inline constexpr std::string_view kHubVariant = "italian";

// The move time of a go think (or of a go ponder, once ponder-hit) sent without any level
// limit: a bare "go" must not think until stop (issue 10, issue 15). `level infinite` does.
inline constexpr double kHubDefaultMoveTimeSeconds = 1.0;

class HubSession : public LineSession {
 public:
  // The environment: stdio's by default; a server passes its pool, shared table and caps.
  explicit HubSession(Sink sink, SessionEnvironment environment = {});
  HubSession(const HubSession&) = delete;
  HubSession& operator=(const HubSession&) = delete;

  SessionFlow handleLine(std::string_view line) override;

 private:
  SessionFlow execute(const protocol::hub::Hello&);
  SessionFlow execute(const protocol::hub::SetParam& command);
  SessionFlow execute(const protocol::hub::Init&);
  SessionFlow execute(const protocol::hub::NewGame&);
  SessionFlow execute(const protocol::hub::Ping&);
  SessionFlow execute(const protocol::hub::Quit&);
  SessionFlow execute(const protocol::hub::Pos& command);
  SessionFlow execute(const protocol::hub::Level& command);
  SessionFlow execute(const protocol::hub::Go& command);
  SessionFlow execute(const protocol::hub::PonderHit&);
  SessionFlow execute(const protocol::hub::Stop&);
  SessionFlow execute(const protocol::hub::Ignored&);

  // The native command for a go in the current position with the current level.
  protocol::Go nativeGo(protocol::hub::GoMode mode) const;
  // Runs a native command; false if the Session answered it with an error (already relayed).
  bool forward(const protocol::Command& command);
  // Replies "busy" and returns true while a search runs.
  bool refuseWhileSearching(std::string_view command);
  // The internal sink of the native Session: any thread.
  void onNativeReply(std::string_view line);
  void reply(std::string_view line) const { sink_(line); }
  void replyError(std::string_view message) const;

  Sink sink_;
  Position position_ = Position::start();  // where the next go searches (after the last pos)
  protocol::hub::Level level_;             // for the next go; reset by pos and by each go

  mutable std::mutex mutex_;
  std::condition_variable doneWritten_;
  Position searchRoot_;     // the position of the running (or last) search: its pv and move
  bool searching_ = false;  // from a go until just before its done is written
  std::uint64_t searchesStarted_ = 0;
  std::uint64_t donesWritten_ = 0;
  std::atomic<bool> nativeError_{false};  // set by an error reply during forward()

  // Last: destroyed first, it stops a running search, whose done still needs the members above.
  Session session_;
};

// For the transports (`damiera hub`, `--protocol hub`): makes a fresh HubSession per client;
// every one gets a copy of `environment`.
LineSessionFactory hubLineSessionFactory(SessionEnvironment environment = {});

}  // namespace damiera
