#pragma once
// The native protocol's front-end (PROTOCOL.md) over the engine (engine/engine.h): a Session
// parses each line into a typed call of its Engine and formats the engine's reports as reply
// lines. It does no I/O: the same Session serves stdin and every TCP connection.
//
// Every command either succeeds or replies with exactly one "error ..." line and leaves the
// session as it was. Replies are whole lines without the newline; the transport adds it.
// go, perft and bench run on the engine's search thread (in a server, on its pool) and reply
// through the same sink, so a transport must make its sink safe to call from two threads.
// While one runs, the commands that would change what it works on (position, go, setoption,
// ucinewgame, perft, bench) get "error busy" (the Engine's refusal, before anything is parsed);
// everything else is answered at once. A go with
// no legal move answers "bestmove none" itself, and stop returns only once the last reply of
// the job is written: after either, the next command is never busy.
#include <string_view>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/line_session.h"
#include "engine/options.h"
#include "engine/session_environment.h"
#include "protocol/command.h"

namespace damiera {

class Session {
 public:
  using Sink = LineSession::Sink;
  using Flow = SessionFlow;

  // The environment: stdio's by default; a server passes its pool, shared table and caps.
  explicit Session(Sink sink, SessionEnvironment environment = {});
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // One line of input: blank lines are ignored, a malformed one gets its error reply.
  Flow handleLine(std::string_view line);
  Flow handle(const protocol::Command& command);
  // Returns once no go, perft or bench runs (tests; a transport draining before it closes).
  void waitIdle() { engine_.waitIdle(); }
  // Returns once a go has answered or holds its bestmove for stop or ponderhit (tests).
  void waitSettled() { engine_.waitSettled(); }
  bool holdingResult() const { return engine_.holdingResult(); }

  const Game& game() const { return engine_.game(); }
  const Options& options() const { return engine_.options(); }
  int playingLevel() const { return engine_.playingLevel(); }

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
  Flow execute(const protocol::ShowBook&);

  EngineReports reports();
  void reply(std::string_view line) const { sink_(line); }
  void replyError(std::string_view message) const;
  // Replies the refusal's error, if any; true if there was one.
  bool refused(const Refused& refusal) const;

  const Sink sink_;
  // Last: destroyed first, it stops a running job, whose last reply still needs the sink.
  Engine engine_;
};

}  // namespace damiera
