#include "protocol/reply.h"

#include <cstdio>

#include "core/notation.h"

namespace damiera::protocol {

namespace {

std::string_view outcomeText(Outcome outcome) {
  switch (outcome) {
    case Outcome::Ongoing:
      return "*";
    case Outcome::WhiteWins:
      return "1-0";
    case Outcome::BlackWins:
      return "0-1";
    case Outcome::Draw:
      return "1/2-1/2";
  }
  return "*";
}

std::string_view reasonText(OutcomeReason reason) {
  switch (reason) {
    case OutcomeReason::Ongoing:
      return "ongoing";
    case OutcomeReason::NoPieces:
      return "no-pieces";
    case OutcomeReason::NoMoves:
      return "no-moves";
    case OutcomeReason::Repetition:
      return "repetition";
    case OutcomeReason::NoProgress:
      return "no-progress";
  }
  return "ongoing";
}

}  // namespace

std::string errorLine(std::string_view message) { return "error " + printableText(message); }

std::string refusalErrorLine(std::string_view message, const std::optional<MoveRefusal>& refusal) {
  return errorLine(message) + (refusal ? refusalSuffix(*refusal) : "");
}

std::string idNameLine(std::string_view name, std::string_view version) {
  std::string line = "id name ";
  line += name;
  line += ' ';
  line += version;
  return line;
}

std::string idAuthorLine(std::string_view author) {
  std::string line = "id author ";
  line += author;
  return line;
}

std::string spinOptionLine(std::string_view name, int defaultValue, int min, int max) {
  std::string line = "option name ";
  line += name;
  line += " type spin default " + std::to_string(defaultValue) + " min " + std::to_string(min) +
          " max " + std::to_string(max);
  return line;
}

std::string stringOptionLine(std::string_view name, std::string_view defaultValue) {
  std::string line = "option name ";
  line += name;
  line += " type string default ";
  line += defaultValue.empty() ? std::string_view("<empty>") : defaultValue;
  return line;
}

std::string comboOptionLine(std::string_view name, std::string_view defaultValue,
                            const std::vector<std::string>& choices) {
  std::string line = "option name ";
  line += name;
  line += " type combo default ";
  line += defaultValue;
  for (const std::string& choice : choices) line += " var " + choice;
  return line;
}

std::string bookMoveText(std::string_view move, bool mate, int score, std::uint32_t weight) {
  std::string line = "book move ";
  line += move;
  line += mate ? " score mate " : " score cp ";
  line += std::to_string(score) + " weight " + std::to_string(weight);
  return line;
}

std::string infoStringLine(std::string_view text) {
  std::string line = "info string ";
  line += text;
  return line;
}

std::string checkOptionLine(std::string_view name, bool defaultValue) {
  std::string line = "option name ";
  line += name;
  line += defaultValue ? " type check default true" : " type check default false";
  return line;
}

std::string legalMovesLine(const std::vector<PathMove>& moves) {
  std::string line = "legalmoves";
  for (const PathMove& m : moves) {
    line += ' ';
    line += formatMove(m);
  }
  return line;
}

std::string resultLine(const GameResult& result) {
  std::string line = "result ";
  line += outcomeText(result.outcome);
  line += ' ';
  line += reasonText(result.reason);
  return line;
}

namespace {

std::string_view gameOverRule(const GameResult& result) {
  if (result.reason == OutcomeReason::Repetition) return "R14";
  if (result.reason == OutcomeReason::NoProgress) return "R15";
  return "R13";
}

}  // namespace

MoveRefusal gameOverRefusal(const GameResult& result) {
  return makeRefusal("game-over", {{"outcome", std::string(outcomeText(result.outcome))},
                                   {"reason", std::string(reasonText(result.reason))},
                                   {"rule", std::string(gameOverRule(result))}});
}

std::string gameOverText(const GameResult& result) {
  const std::string_view rule = gameOverRule(result);
  std::string text = "the game is over (";
  text += outcomeText(result.outcome);
  text += ' ';
  text += reasonText(result.reason);
  text += ", ";
  text += rule;
  text += ')';
  return text;
}

std::string perftRootLine(const PerftDivideEntry& entry) {
  return formatMove(entry.move) + ' ' + std::to_string(entry.nodes);
}

std::string perftSummaryLine(int depth, std::uint64_t nodes, std::uint64_t milliseconds,
                             std::uint64_t nodesPerSecond, bool stopped) {
  return "perft " + std::to_string(depth) + (stopped ? " stopped" : "") + " nodes " +
         std::to_string(nodes) + " time " + std::to_string(milliseconds) + " nps " +
         std::to_string(nodesPerSecond);
}

std::string infoLine(const InfoFields& info) {
  std::string line =
      "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.selDepth);
  if (info.multiPv > 0) line += " multipv " + std::to_string(info.multiPv);
  line += info.mateScore ? " score mate " : " score cp ";
  line += std::to_string(info.score);
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " time " +
          std::to_string(info.timeMs) + " hashfull " + std::to_string(info.hashfull);
  if (info.tbhits) line += " tbhits " + std::to_string(*info.tbhits);
  line += " pv";
  for (const std::string& move : info.pv) {
    line += ' ';
    line += move;
  }
  return line;
}

std::string currentMoveLine(int depth, std::string_view move, int moveNumber) {
  std::string line = "info depth " + std::to_string(depth) + " currmove ";
  line += move;
  line += " currmovenumber " + std::to_string(moveNumber);
  return line;
}

std::string statisticsLine(std::uint64_t nodes, std::uint64_t nps, std::int64_t timeMs,
                           int hashfull, std::optional<std::uint64_t> tbhits) {
  std::string line = "info nodes " + std::to_string(nodes) + " nps " + std::to_string(nps) +
                     " time " + std::to_string(timeMs) + " hashfull " + std::to_string(hashfull);
  if (tbhits) line += " tbhits " + std::to_string(*tbhits);
  return line;
}

std::string bestMoveLine(std::string_view move, std::string_view ponder) {
  std::string line = "bestmove ";
  line += move.empty() ? std::string_view("none") : move;
  if (!move.empty() && !ponder.empty()) {
    line += " ponder ";
    line += ponder;
  }
  return line;
}

std::string benchLine(std::uint64_t nodes, std::int64_t milliseconds, std::uint64_t nps,
                      bool stopped) {
  return std::string(stopped ? "bench stopped" : "bench") + " nodes " + std::to_string(nodes) +
         " time " + std::to_string(milliseconds) + " nps " + std::to_string(nps);
}

std::string fenLine(std::string_view fen) {
  std::string line = "fen ";
  line += fen;
  return line;
}

std::string keyLine(std::uint64_t key) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
  return std::string("key ") + hex;
}

}  // namespace damiera::protocol
