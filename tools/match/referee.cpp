#include "tools/match/referee.h"

#include <ctime>
#include <optional>

#include "core/fen.h"
#include "core/notation.h"
#include "core/pdn.h"
#include "tools/match/stop_signal.h"

namespace damiera::match {
namespace {

const char* colorName(Color c) { return c == Color::White ? "White" : "Black"; }

Outcome lossFor(Color side) {
  return side == Color::White ? Outcome::BlackWins : Outcome::WhiteWins;
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &local);
  return text;
}

// The words an engine may answer when it has no move (PROTOCOL.md, "bestmove").
bool isNoMove(std::string_view text) {
  return text == "none" || text == "0000" || text == "(none)";
}

// Squares joined by '-' or 'x': anything else is not a move at all (as opposed to a move the
// rules forbid), which the termination text tells apart.
bool looksLikeMove(std::string_view text) {
  std::size_t at = 0;
  for (int squares = 1;; ++squares) {
    const std::size_t digits = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    if (at == digits) return false;
    if (at == text.size()) return squares >= 2;
    if (text[at] != '-' && text[at] != 'x' && text[at] != 'X') return false;
    ++at;
  }
}

std::string describeRules(const GameResult& result, Color sideToMove) {
  switch (result.reason) {
    case OutcomeReason::NoPieces:
      return std::string(colorName(sideToMove)) + " has no pieces left (R13)";
    case OutcomeReason::NoMoves:
      return std::string(colorName(sideToMove)) + " has no legal move (R13)";
    case OutcomeReason::Repetition:
      return "draw by threefold repetition (R14)";
    case OutcomeReason::NoProgress:
      return "draw: " + std::to_string(kDefaultNoProgressPlies / 2) +
             " moves each without a capture or a man move (R15)";
    case OutcomeReason::Ongoing:
      break;
  }
  return "ongoing";
}

class GameRun {
 public:
  GameRun(GameRecord& record, const GamePlayers& players, const AdjudicationRules& rules,
          const Timeouts& timeouts)
      : record_(record),
        players_(players),
        timeouts_(timeouts),
        adjudicator_(rules),
        clocks_(players.whiteLimits, players.blackLimits),
        game_(record.opening.start) {
    for (const PathMove& m : record.opening.moves) game_.play(m.move);
  }

  void play() {
    if (!prepare(Color::White) || !prepare(Color::Black)) return;
    while (true) {
      if (stopRequested()) return abortGame();
      const GameResult result = game_.result();
      if (result.outcome != Outcome::Ongoing)
        return end(result.outcome, describeRules(result, game_.position().sideToMove()));
      if (!playOneMove()) return;
      if (const std::optional<Verdict> verdict = adjudicator_.verdict(moveNumber()))
        return end(verdict->outcome, verdict->reason);
    }
  }

 private:
  EngineClient& engine(Color c) { return c == Color::White ? players_.white : players_.black; }
  const SearchLimits& limits(Color c) {
    return c == Color::White ? players_.whiteLimits : players_.blackLimits;
  }
  int moveNumber() const {
    return 1 + static_cast<int>(record_.opening.moves.size() + record_.moves.size()) / 2;
  }

  void end(Outcome outcome, std::string termination) {
    record_.outcome = outcome;
    record_.termination = std::move(termination);
  }
  void abortGame() {
    record_.aborted = true;
    end(Outcome::Ongoing, "aborted: the match was stopped");
  }
  // The engine broke a rule or failed: it loses, and is restarted before its next game.
  bool forfeit(Color side, const std::string& why) {
    engine(side).kill(why);
    end(lossFor(side), std::string(colorName(side)) + " loses: " + why);
    return false;
  }

  bool prepare(Color side) {
    const std::string error = engine(side).prepareGame();
    if (error.empty()) return true;
    if (stopRequested()) {
      abortGame();
      return false;
    }
    return forfeit(side, "engine could not start: " + error);
  }

  bool playOneMove() {
    const Position& pos = game_.position();
    const Color mover = pos.sideToMove();
    std::vector<PathMove> history = record_.opening.moves;
    history.insert(history.end(), record_.moves.begin(), record_.moves.end());
    const SearchLimits& own = limits(mover);
    const std::chrono::milliseconds allowance = clocks_.allowance(mover, own, timeouts_);
    const SearchReply reply = engine(mover).search(positionCommand(record_.opening.start, history),
                                                   clocks_.goCommand(own), allowance);
    switch (reply.status) {
      case SearchReply::Status::BestMove:
        break;
      case SearchReply::Status::Timeout:
        return forfeit(mover, GameClocks::isTimeLimited(own) ? "time forfeit, " + reply.detail
                                                             : "no reply, " + reply.detail);
      case SearchReply::Status::Crashed:
        return forfeit(mover, "engine crashed: " + reply.detail);
      case SearchReply::Status::Error:
        return forfeit(mover, "engine error: '" + reply.detail + "'");
      case SearchReply::Status::Malformed:
        return forfeit(mover, "unparsable reply: " + reply.detail);
      case SearchReply::Status::Stopped:
        abortGame();
        return false;
    }
    // "No move": Damiera's `bestmove none`, UCI's null move `0000`, Stockfish's `(none)`. The
    // referee only asks for a move while the game goes on, so the mover does have one.
    if (isNoMove(reply.move))
      return forfeit(mover, "bestmove " + reply.move + " (no move), but it has legal moves");
    if (!looksLikeMove(reply.move)) return forfeit(mover, "unparsable move '" + reply.move + "'");
    const Parsed<PathMove> move = parseMove(pos, reply.move);
    if (!move) return forfeit(mover, "illegal move '" + reply.move + "': " + move.error);
    clocks_.charge(mover, reply.elapsed);
    game_.play(move.value->move);
    record_.moves.push_back(*move.value);
    adjudicator_.record(mover,
                        reply.score ? std::optional<int>(reply.score->centipawns()) : std::nullopt);
    return true;
  }

  GameRecord& record_;
  const GamePlayers& players_;
  const Timeouts& timeouts_;
  Adjudicator adjudicator_;
  GameClocks clocks_;
  Game game_;
};

}  // namespace

std::string positionCommand(const Position& start, const std::vector<PathMove>& moves) {
  std::string line =
      start == Position::start() ? "position startpos" : "position fen " + formatFen(start);
  if (!moves.empty()) {
    line += " moves";
    for (const PathMove& m : moves) line += ' ' + formatMove(m);
  }
  return line;
}

std::string resultText(Outcome outcome) {
  switch (outcome) {
    case Outcome::WhiteWins:
      return std::string(kPdnWhiteWins);
    case Outcome::BlackWins:
      return std::string(kPdnBlackWins);
    case Outcome::Draw:
      return std::string(kPdnDraw);
    case Outcome::Ongoing:
      break;
  }
  return std::string(kPdnUnfinished);
}

GameRecord playGame(const GameTask& task, int whiteIndex, int blackIndex,
                    const openings::Opening& opening, const GamePlayers& players,
                    const AdjudicationRules& rules, const Timeouts& timeouts) {
  GameRecord record;
  record.task = task;
  record.white = whiteIndex;
  record.black = blackIndex;
  record.opening = opening;
  record.date = today();
  GameRun(record, players, rules, timeouts).play();
  return record;
}

}  // namespace damiera::match
