#pragma once
// Formatting of reply lines (PROTOCOL.md). Every reply is built here, so the wording of the
// protocol lives in one place and clients (tools, tests) can share it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/move.h"
#include "core/perft.h"
#include "core/quote.h"
#include "core/refusal.h"

namespace damiera::protocol {

// 'text' for an error message: escaped and cut as core/quote.h says (the one place that decides
// how input is echoed), so a huge or binary word gives a short clean reply.
inline std::string quoted(std::string_view text) { return quoteInput(text); }

// "error <message>": the one line every rejected input gets. Any byte of the message that is
// not printable ASCII is escaped here too (printableText), whatever built the message.
std::string errorLine(std::string_view message);
// The same, a refused move's line ending with its code: " [refusal CODE key=value ...]"
// (core/refusal.h).
std::string refusalErrorLine(std::string_view message, const std::optional<MoveRefusal>& refusal);

std::string idNameLine(std::string_view name, std::string_view version);
std::string idAuthorLine(std::string_view author);
// UCI declaration of an integer option: "option name <id> type spin default <d> min <a> max <b>".
std::string spinOptionLine(std::string_view name, int defaultValue, int min, int max);
// "option name <id> type check default <true|false>".
std::string checkOptionLine(std::string_view name, bool defaultValue);
// "option name <id> type string default <text>" (UCI writes an empty default as "<empty>").
std::string stringOptionLine(std::string_view name, std::string_view defaultValue);
// "option name <id> type combo default <word> var <word> var <word>...".
std::string comboOptionLine(std::string_view name, std::string_view defaultValue,
                            const std::vector<std::string>& choices);
// "info string <text>": a message for the user; nothing was refused.
std::string infoStringLine(std::string_view text);

// "legalmoves m1 m2 ..." in the order given, or just "legalmoves".
std::string legalMovesLine(const std::vector<PathMove>& moves);
// An opening book move: "book move 22-18 score cp 12 weight 488" (the `book` command's lines;
// after "info string " when go plays it). `mate`: the score is in moves to a forced result.
std::string bookMoveText(std::string_view move, bool mate, int score, std::uint32_t weight);

// "result <* | 1-0 | 0-1 | 1/2-1/2> <ongoing | no-pieces | no-moves | repetition | no-progress>"
std::string resultLine(const GameResult& result);

// Why a finished game takes no more moves: "the game is over (1/2-1/2 repetition, R14)".
std::string gameOverText(const GameResult& result);
// The same as a refusal code: game-over outcome=1/2-1/2 reason=repetition rule=R14.
MoveRefusal gameOverRefusal(const GameResult& result);

// Perft: "<move> <count>" per root move, then the total with its speed:
// "perft <depth> [stopped] nodes <N> time <ms> nps <N>" (stopped: the moves counted so far).
std::string perftRootLine(const PerftDivideEntry& entry);
std::string perftSummaryLine(int depth, std::uint64_t nodes, std::uint64_t milliseconds,
                             std::uint64_t nodesPerSecond, bool stopped = false);

// One search report, already in text: the search layer converts its moves and scores.
struct InfoFields {
  int depth = 0;
  int selDepth = 0;
  int multiPv = 0;  // 0: not shown (MultiPV 1)
  bool mateScore = false;
  int score = 0;  // centipawns, or moves to mate (negative: being mated)
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::int64_t timeMs = 0;
  int hashfull = 0;
  std::optional<std::uint64_t> tbhits;  // endgame database probes; shown only with a database
  std::vector<std::string> pv;
};

// "info depth D seldepth S [multipv K] score <cp X | mate N> nodes N nps N time MS hashfull H
// [tbhits T] pv m1 m2 ..."
std::string infoLine(const InfoFields& info);
// During a long search: "info depth <D> currmove <m> currmovenumber <N>", the root move the
// iteration D is on, and "info nodes <N> nps <N> time <ms> hashfull <H> [tbhits <T>]".
std::string currentMoveLine(int depth, std::string_view move, int moveNumber);
std::string statisticsLine(std::uint64_t nodes, std::uint64_t nps, std::int64_t timeMs,
                           int hashfull, std::optional<std::uint64_t> tbhits);

// "bestmove <move> [ponder <move>]", or "bestmove none" when there is no legal move.
std::string bestMoveLine(std::string_view move, std::string_view ponder);

// "bench [stopped] nodes <N> time <ms> nps <N>" (stopped: the positions searched so far)
std::string benchLine(std::uint64_t nodes, std::int64_t milliseconds, std::uint64_t nps,
                      bool stopped = false);

std::string fenLine(std::string_view fen);
// "key <16 lowercase hex digits>"
std::string keyLine(std::uint64_t key);

}  // namespace damiera::protocol
