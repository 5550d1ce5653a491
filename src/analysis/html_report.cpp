#include "analysis/html_report.h"

#include <cstdio>

#include "analysis/svg.h"
#include "core/notation.h"

namespace damiera::analysis {

namespace {

std::string html(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fixed(double value, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

constexpr const char* kStyle = R"(
body{font-family:system-ui,sans-serif;margin:0 auto;padding:0.5rem;max-width:44rem;
  line-height:1.4;color:#202020;background:#fff}
h1{font-size:1.3rem;margin:0.3rem 0} h2{font-size:1.1rem;margin:1rem 0 0.3rem}
svg{display:block;width:100%;height:auto}
svg.board{max-width:24rem}
table{border-collapse:collapse;width:100%} td,th{padding:0.2rem 0.4rem;text-align:right}
td:first-child,th:first-child{text-align:left}
tr:nth-child(even){background:#f2f2f2}
ol.moves{padding-left:2.5rem;columns:14rem} ol.moves li{break-inside:avoid}
.mv{white-space:nowrap;margin-right:0.6rem} .ev{color:#707070;font-size:0.85em}
a{color:inherit} .mark{font-weight:bold}
section.mistake{border-top:1px solid #ccc;padding-top:0.4rem}
.line{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
)";

// "12. 18-22??" or "12... 18-22??": a move as the page names it.
std::string numbered(const GameAnalysis& analysis, std::size_t ply) {
  const bool blackFirst = analysis.game.start.sideToMove() == Color::Black;
  const std::size_t whitePly = ply + (blackFirst ? 1 : 0);
  const MoveAnalysis& move = analysis.moves[ply];
  return std::to_string(whitePly / 2 + 1) + (move.mover == Color::White ? ". " : "... ") +
         formatMove(move.played) + std::string(markOf(move.judgement));
}

std::string moveSpan(const GameAnalysis& analysis, std::size_t ply) {
  const MoveAnalysis& move = analysis.moves[ply];
  std::string text = html(formatMove(move.played));
  if (move.judgement != Judgement::None)
    text += "<span class=\"mark\" style=\"color:" + colourOf(move.judgement) + "\">" +
            html(markOf(move.judgement)) + "</span>";
  if (move.judgement == Judgement::Mistake || move.judgement == Judgement::Blunder)
    text = "<a href=\"#ply-" + std::to_string(ply + 1) + "\">" + text + "</a>";
  return "<span class=\"mv\">" + text + " <span class=\"ev\">" +
         html(formatScore(analysis.positions[ply + 1].whiteScore())) + "</span></span>";
}

std::string summaryTable(const GameAnalysis& analysis) {
  std::string out =
      "<table><tr><th></th><th title=\"average loss a move, in men\">loss a move</th>"
      "<th title=\"inaccuracies\">?!</th><th title=\"mistakes\">?</th>"
      "<th title=\"blunders\">?\?</th></tr>";
  for (const auto& [side, summary] :
       {std::pair{"White", &analysis.white}, std::pair{"Black", &analysis.black}}) {
    out += std::string("<tr><td>") + side + "</td><td>" +
           fixed(summary->averageLoss / 100, "%.2f") + "</td><td>" +
           std::to_string(summary->inaccuracies) + "</td><td>" + std::to_string(summary->mistakes) +
           "</td><td>" + std::to_string(summary->blunders) + "</td></tr>";
  }
  return out + "</table>";
}

std::string moveList(const GameAnalysis& analysis) {
  std::string out = "<ol class=\"moves\"";
  const bool blackFirst = analysis.game.start.sideToMove() == Color::Black;
  std::size_t ply = 0;
  std::string items;
  while (ply < analysis.moves.size()) {
    items += "<li>";
    if (ply == 0 && blackFirst) items += "<span class=\"mv\">&hellip;</span>";
    items += moveSpan(analysis, ply++);
    if (analysis.moves[ply - 1].mover == Color::White && ply < analysis.moves.size())
      items += moveSpan(analysis, ply++);
    items += "</li>";
  }
  return out + ">" + items + "</ol>";
}

std::string mistakeSection(const GameAnalysis& analysis, std::size_t ply) {
  const MoveAnalysis& move = analysis.moves[ply];
  const PositionAnalysis& before = analysis.positions[ply];
  const std::vector<PathMove>& better = analysis.betterLine(ply);
  std::vector<DrawnMove> drawn{{move.played, colourOf(move.judgement)}};
  std::string text = "<p><b>" + html(numbered(analysis, ply)) + "</b> " +
                     html(nameOf(move.judgement)) + ": the mover's expected score falls by " +
                     fixed(move.lostPercent, "%.1f") + " points (" +
                     html(formatScore(before.whiteScore())) + " &rarr; " +
                     html(formatScore(analysis.positions[ply + 1].whiteScore())) + ").";
  if (!better.empty()) {
    drawn.push_back({better.front(), colourOf(Judgement::None)});
    std::string line;
    for (const PathMove& m : better) line += (line.empty() ? "" : " ") + formatMove(m);
    text += " Better: <b>" + html(formatMove(better.front())) + "</b>, line <span class=\"line\">" +
            html(line) + "</span>";
  }
  text += "</p>";
  const std::string id = "ply-" + std::to_string(ply + 1);
  return "<section class=\"mistake\" id=\"" + id + "\">" + text +
         boardSvg(before.position, drawn, id) + "</section>";
}

}  // namespace

std::string htmlFileName(int number) {
  char name[32];
  std::snprintf(name, sizeof name, "game-%03d.html", number);
  return name;
}

std::string writeHtmlReport(const GameAnalysis& analysis) {
  const PdnGame& game = analysis.game;
  const std::string title =
      game.tag("White").value_or("?") + " - " + game.tag("Black").value_or("?") + " " + game.result;
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<title>" +
      html(title) + "</title><style>" + kStyle + "</style></head><body>";
  page += "<h1>" + html(title) + "</h1><p>";
  for (const char* tag : {"Event", "Site", "Date", "Round"})
    if (const std::optional<std::string> value = game.tag(tag); value && *value != "?")
      page += html(*value) + " &middot; ";
  page += "analysed by damiera-analyse (" + html(analysis.effort) + ")</p>";
  page += summaryTable(analysis);
  page += "<h2>Evaluation</h2>" + evalGraphSvg(analysis);
  page += "<h2>Moves</h2>" + moveList(analysis);
  std::string sections;
  for (std::size_t ply = 0; ply < analysis.moves.size(); ++ply) {
    const Judgement judgement = analysis.moves[ply].judgement;
    if (judgement == Judgement::Mistake || judgement == Judgement::Blunder)
      sections += mistakeSection(analysis, ply);
  }
  if (!sections.empty()) page += "<h2>Mistakes and blunders</h2>" + sections;
  return page + "</body></html>\n";
}

}  // namespace damiera::analysis
