#pragma once
// The runner's side of the native protocol with one engine: start-up handshake, options, new
// game, one search at a time, quit. Every failure is reported with a reason, never thrown past
// the caller, and whatever state the engine is in, kill() ends it.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/match/child_process.h"
#include "tools/match/engine_log.h"
#include "tools/match/engine_spec.h"
#include "tools/match/line_channel.h"
#include "tools/match/tcp_connection.h"

namespace damiera::match {

// "score cp X" or "score mate N" of an info line, from the side to move.
struct EngineScore {
  bool mate = false;
  int value = 0;  // centipawns (hundredths of a man), or moves to mate (negative: being mated)

  // Mates as huge scores, nearer mates bigger, so adjudication can compare them with cp.
  int centipawns() const;
};

struct SearchReply {
  enum class Status {
    BestMove,   // move holds the text after "bestmove" (maybe "none"; the referee judges it)
    Timeout,    // no bestmove within the allowance
    Crashed,    // the process exited or the connection closed
    Error,      // the engine answered with an "error ..." line
    Malformed,  // a "bestmove" line without a move
    Stopped,    // the runner is stopping
  };
  Status status = Status::BestMove;
  std::string move;
  std::optional<EngineScore> score;  // of the last info line that had one
  std::optional<int> depth;
  std::chrono::milliseconds elapsed{0};
  std::string detail;  // what went wrong, for the game's termination text
};

class EngineClient {
 public:
  EngineClient(EngineSpec spec, Timeouts timeouts);
  ~EngineClient();
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  const EngineSpec& spec() const { return spec_; }
  const std::string& idName() const { return idName_; }
  const std::vector<std::string>& advertisedOptions() const { return optionNames_; }

  // Logs this engine's traffic there from now on (nullptr: no log).
  void setLog(std::shared_ptr<EngineLog> log) { log_ = std::move(log); }

  // Ready for a new game: starts the engine if it is not running (handshake, options), then
  // "ucinewgame" and "isready". Returns an empty string, or why the engine is not usable.
  std::string prepareGame();

  SearchReply search(const std::string& positionLine, const std::string& goLine,
                     std::chrono::milliseconds allowance);

  // Ends the engine now; the next prepareGame starts a fresh one. For an engine that broke a
  // rule or stopped answering: its state can no longer be trusted.
  void kill(const std::string& why);
  // "quit", a grace period, then kill.
  void quit();

 private:
  bool running() const;
  std::string start();
  std::string handshake();
  std::string newGame();
  std::string waitFor(std::string_view expected, Clock::time_point deadline);
  bool send(const std::string& line, Clock::time_point deadline);
  ReadStatus receive(std::string& line, Clock::time_point deadline);
  std::string describeLoss();  // after Closed: how the process ended
  void note(const std::string& text);

  EngineSpec spec_;
  Timeouts timeouts_;
  std::unique_ptr<ChildProcess> process_;
  std::unique_ptr<TcpConnection> connection_;
  std::unique_ptr<LineChannel> channel_;
  std::shared_ptr<EngineLog> log_;
  std::string idName_;
  std::vector<std::string> optionNames_;
};

}  // namespace damiera::match
