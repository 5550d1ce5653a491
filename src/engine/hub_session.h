#pragma once
// The Hub dialect (Scan's protocol, version 2) as a front-end over the engine: a HubSession
// parses Hub lines (protocol/hub_command.h) into typed calls of its Engine (engine/engine.h)
// and formats the engine's reports as Hub lines (protocol/hub_reply.h). The game, the options
// and the search are the engine's, the same the native Session drives; no native text is made
// or read on the way.
//
//   Hub                                  engine
//   hub                                  (id, param and wait lines from the engine's options)
//   set-param name=N value=V             setOption(<option>, V)   (table below)
//   init                                 (answered "ready" here)
//   new-game                             newGame()
//   pos pos=P moves="..."                setGame(P and its moves)
//   level ...                            (kept here for the next go)
//   go think | ponder | analyze          go(limits of the level, else movetime 1 s [ponder]) |
//   go(infinite) ponder-hit / stop                    ponderhit() / stop() (stop returns once
//   "done" is out) ping                                 (answered "pong" here, at once, even while
//   searching) quit                                 (ends the session; the Engine stops its search)
//   info ... / done move=X ponder=Y      SearchInfo / SearchResult reports
//   error message="..."                  a Refusal, or an error of the Hub parser
//
// Unknown commands and arguments are ignored (Hub); a malformed known command gets one
// `error message="..."` and changes nothing. While a search runs, pos, go, new-game and
// set-param are refused ("busy"): the Hub GUI sends only ping, ponder-hit and stop then.
#include <string>
#include <string_view>
#include <vector>

#include "engine/engine.h"
#include "engine/line_session.h"
#include "engine/session_environment.h"
#include "protocol/hub_command.h"

namespace damiera {

// A Hub engine parameter and the native option it sets: the options of the table
// (engine/option_table.h) that have a Hub name.
struct HubParam {
  enum class Type { Int, Bool, Enum };
  std::string_view hubName;
  std::string_view nativeName;
  Type type = Type::Int;
  int min = 0;
  int max = 1;
  std::vector<std::string_view> choices;  // Enum: the words it takes
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

  // The state a line may change, for checks that a refused line changed nothing (tests, the
  // fuzz harness).
  const Game& game() const { return engine_.game(); }
  const Options& options() const { return engine_.options(); }
  const protocol::hub::Level& level() const { return level_; }

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

  // The limits of a go in the current position with the current level.
  SearchLimits searchLimits(protocol::hub::GoMode mode) const;
  EngineReports reports();
  // Replies the refusal's error, if any, a busy engine's in Hub words ("<command>: busy ...");
  // true if there was one.
  bool refused(const Refused& refusal, std::string_view command) const;
  void reply(std::string_view line) const { sink_(line); }
  void replyError(std::string_view message) const;

  const Sink sink_;
  protocol::hub::Level level_;  // for the next go; reset by pos and by each go
  // Last: destroyed first, it stops a running search, whose done still needs the sink.
  Engine engine_;
};

// For the transports (`damiera hub`, `--protocol hub`): makes a fresh HubSession per client;
// every one gets a copy of `environment`.
LineSessionFactory hubLineSessionFactory(SessionEnvironment environment = {});

}  // namespace damiera
