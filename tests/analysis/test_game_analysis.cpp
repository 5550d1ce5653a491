// A game scored move by move: the blunder, and only it, gets ?? with the better move, in the
// PDN and the HTML page; the engine's own moves get none (src/analysis/, docs/analysis.md).
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "analysis/annotated_pdn.h"
#include "analysis/game_analysis.h"
#include "analysis/html_report.h"
#include "analysis/pdn_games.h"
#include "core/fen.h"
#include "core/notation.h"
#include "tests/analysis/test_games.h"

using namespace damiera;
using namespace damiera::analysis;
using damiera::analysis_test::engineGame;
using damiera::analysis_test::kTestDepth;

namespace {

GameAnalysis analyse(const PdnGame& game) {
  Effort effort;
  effort.depth = kTestDepth;
  GameAnalyser analyser(effort, Thresholds{});
  return analyser.analyse(game);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("the one move that gives material away is the one blunder, with the better move",
          "[analysis]") {
  const analysis_test::BlunderGame made = engineGame(30, true);
  REQUIRE(made.blunderPly);
  const std::size_t ply = *made.blunderPly;
  INFO("blunder at ply " << ply << ", " << made.lostScore << " below the best");
  const GameAnalysis analysis = analyse(made.pdn);
  REQUIRE(analysis.moves.size() == made.pdn.moves.size());
  REQUIRE(analysis.positions.size() == made.pdn.moves.size() + 1);
  for (std::size_t i = 0; i < analysis.moves.size(); ++i) {
    INFO("ply " << i << " " << formatMove(analysis.moves[i].played) << " lost "
                << analysis.moves[i].lostPercent);
    CHECK((analysis.moves[i].judgement == Judgement::Blunder) == (i == ply));
  }
  const std::vector<PathMove>& better = analysis.betterLine(ply);
  REQUIRE(!better.empty());
  CHECK(better.front().move == made.best);
  const SideSummary& blunderer = ply % 2 == 0 ? analysis.white : analysis.black;
  CHECK(blunderer.blunders == 1);
  CHECK(blunderer.averageLoss > 0);
  const SideSummary& other = ply % 2 == 0 ? analysis.black : analysis.white;
  CHECK(other.blunders == 0);

  // The PDN: ?? once, on that move, the better move named and given as a variation; the text
  // reads back as the same game.
  std::string pdn = writeAnnotatedPdn(analysis);
  INFO(pdn);
  std::replace(pdn.begin(), pdn.end(), '\n', ' ');  // lines wrap anywhere between tokens
  CHECK(count(pdn, "??") == 1);
  const std::string played = formatMove(made.pdn.moves[ply]);
  const std::string bestText = formatMove(better.front());
  CHECK(pdn.find(played + "?? {[%eval") != std::string::npos);
  CHECK(pdn.find("Blunder (-") != std::string::npos);
  CHECK(pdn.find(bestText + " was best") != std::string::npos);
  const std::string number = std::to_string(ply / 2 + 1) + (ply % 2 == 0 ? ". " : "... ");
  CHECK(pdn.find("(" + number + bestText) != std::string::npos);
  CHECK(pdn.find(std::string(ply % 2 == 0 ? "White" : "Black") + "Blunders \"1\"") !=
        std::string::npos);
  const std::vector<PdnEntry> back = splitPdn(pdn);
  REQUIRE(back.size() == 1);
  REQUIRE(back[0].error.empty());
  CHECK(isAnalysed(back[0].game));
  CHECK(gameKey(back[0].game) == gameKey(made.pdn));

  // The page: the mark in the move list, the blunder's board with both moves drawn.
  const std::string page = writeHtmlReport(analysis);
  CHECK(page.find("<meta name=\"viewport\"") != std::string::npos);
  CHECK(page.find("<script") == std::string::npos);
  CHECK(page.find("http://") == page.find("http://www.w3.org/2000/svg"));  // the only URL
  CHECK(count(page, "<section class=\"mistake\"") >= 1);
  const std::string section = "id=\"ply-" + std::to_string(ply + 1) + "\"";
  REQUIRE(page.find(section) != std::string::npos);
  const std::string board = page.substr(page.find(section));
  CHECK(board.find("Blunder") != std::string::npos);
  CHECK(board.find("Better: <b>" + bestText + "</b>") != std::string::npos);
  CHECK(count(board.substr(0, board.find("</section>")), "<polyline") == 2);
  CHECK(count(page, ">?\?</span>") == 1);
}

TEST_CASE("a game of the engine's own best moves has no blunder", "[analysis]") {
  const analysis_test::BlunderGame made = engineGame(30, false);
  const GameAnalysis analysis = analyse(made.pdn);
  for (const MoveAnalysis& move : analysis.moves) {
    INFO(formatMove(move.played) << " lost " << move.lostPercent);
    CHECK(move.judgement != Judgement::Blunder);
  }
  CHECK(analysis.white.blunders + analysis.black.blunders == 0);
  const std::string pdn = writeAnnotatedPdn(analysis);
  CHECK(pdn.find("??") == std::string::npos);
  CHECK(count(writeHtmlReport(analysis), ">?\?</span>") == 0);
}

TEST_CASE("the end of a game is scored by the rules", "[analysis]") {
  // White's man takes Black's last piece: Black has nothing left and has lost (R13).
  PdnGame game;
  game.start = *parseFen("W:W22:B18").value;
  game.moves.push_back(*parseMove(game.start, "22x13").value);
  game.result = "1-0";
  const GameAnalysis analysis = analyse(game);
  REQUIRE(analysis.positions.size() == 2);
  CHECK(analysis.positions[1].score == matedInPlies(0));
  CHECK(analysis.positions[1].whiteScore() > 0);
  CHECK(analysis.moves[0].judgement == Judgement::None);
  CHECK(writeAnnotatedPdn(analysis).find("22x13 {[%eval #0]}") != std::string::npos);
}
