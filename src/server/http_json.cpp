#include "server/http_json.h"

#include <nlohmann/json.hpp>

#include "analysis/score_model.h"
#include "core/notation.h"
#include "search/score.h"

namespace damiera::server {

using nlohmann::json;

namespace {

// User text (PDN tags, a parameter's name) may be any bytes: invalid UTF-8 is replaced, not
// thrown about.
std::string dump(const json& body) {
  return body.dump(-1, ' ', false, json::error_handler_t::replace);
}

// Keys as the JSON of an EvalLine: "cp" or "mate".
void addScore(json& object, bool mate, int value) { object[mate ? "mate" : "cp"] = value; }

void addWhiteScore(json& object, int whiteScore) {
  EvalLine line;
  setWhiteScore(line, whiteScore);
  addScore(object, line.mate, line.value);
}

json sideJson(const analysis::SideSummary& side) {
  return {{"moves", side.moves},
          {"averageLoss", side.averageLoss},
          {"inaccuracies", side.inaccuracies},
          {"mistakes", side.mistakes},
          {"blunders", side.blunders}};
}

std::string lineText(const std::vector<PathMove>& line) {
  std::string text;
  for (const PathMove& move : line) text += (text.empty() ? "" : " ") + formatMove(move);
  return text;
}

}  // namespace

void setWhiteScore(EvalLine& line, int whiteScore) {
  const ReportedScore reported = reportScore(whiteScore);
  line.mate = reported.kind == ReportedScore::Kind::Mate;
  line.value = reported.value;
}

std::string evaluationJson(const Evaluation& evaluation, bool cached) {
  json pvs = json::array();
  for (const EvalLine& line : evaluation.lines) {
    json pv = {{"moves", line.moves}};
    addScore(pv, line.mate, line.value);
    pvs.push_back(std::move(pv));
  }
  const json body = {{"fen", evaluation.fen},
                     {"depth", evaluation.depth},
                     {"knodes", evaluation.nodes / 1000},
                     {"pvs", std::move(pvs)},
                     {"cached", cached}};
  return dump(body);
}

std::string analysisJson(const analysis::GameAnalysis& analysis) {
  json tags = json::object();
  for (const auto& [name, value] : analysis.game.tags) tags[name] = value;
  json moves = json::array();
  for (std::size_t ply = 0; ply < analysis.moves.size(); ++ply) {
    const analysis::MoveAnalysis& move = analysis.moves[ply];
    const analysis::PositionAnalysis& after = analysis.positions[ply + 1];
    json entry = {{"ply", ply + 1},
                  {"move", formatMove(move.played)},
                  {"color", move.mover == Color::White ? "white" : "black"},
                  {"depth", after.depth},
                  {"best", move.best},
                  {"lost", move.lostPercent},
                  {"mark", std::string(analysis::markOf(move.judgement))},
                  {"judgement", std::string(analysis::nameOf(move.judgement))}};
    addWhiteScore(entry, after.whiteScore());  // the position after the move
    if (!move.best && !analysis.betterLine(ply).empty()) {
      json better = {{"moves", lineText(analysis.betterLine(ply))}};
      addWhiteScore(better, analysis.positions[ply].whiteScore());
      entry["better"] = std::move(better);
    }
    moves.push_back(std::move(entry));
  }
  json start = json::object();
  addWhiteScore(start, analysis.positions.front().whiteScore());
  const json body = {{"effort", analysis.effort},         {"tags", std::move(tags)},
                     {"result", analysis.game.result},    {"start", std::move(start)},
                     {"white", sideJson(analysis.white)}, {"black", sideJson(analysis.black)},
                     {"moves", std::move(moves)}};
  return dump(body);
}

std::string jobAcceptedJson(const std::string& id, const std::string& url, int positions,
                            const std::string& effort) {
  return dump(json{{"id", id},
                   {"status", "queued"},
                   {"url", url},
                   {"positions", positions},
                   {"effort", effort}});
}

std::string jobJson(const std::string& id, const std::string& status, int positions, int analysed,
                    const std::string& analysis) {
  json body = {{"id", id}, {"status", status}, {"positions", positions}, {"analysed", analysed}};
  if (!analysis.empty()) body["analysis"] = json::parse(analysis);
  return dump(body);
}

std::string errorJson(std::string_view message) {
  return dump(json{{"error", std::string(message)}});
}

}  // namespace damiera::server
