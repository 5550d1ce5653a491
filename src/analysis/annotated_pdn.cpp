#include "analysis/annotated_pdn.h"

#include <array>
#include <cstdio>

#include "core/notation.h"

namespace damiera::analysis {

namespace {

// The tags the analysis adds (and replaces when a game is analysed again).
constexpr std::array<std::string_view, 9> kAnalysisTags{
    "Annotator",        "WhiteAverageLoss",  "WhiteInaccuracies", "WhiteMistakes", "WhiteBlunders",
    "BlackAverageLoss", "BlackInaccuracies", "BlackMistakes",     "BlackBlunders"};

bool isAnalysisTag(std::string_view name) {
  for (std::string_view tag : kAnalysisTags)
    if (tag == name) return true;
  return false;
}

std::string escape(std::string_view value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return escaped;
}

std::string fixed2(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

std::string fixed1(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// Move-text tokens wrapped before kPdnLineWidth columns (as core/pdn.cpp's writer).
class Wrapper {
 public:
  void add(std::string_view token) {
    if (length_ > 0 && length_ + 1 + token.size() > kPdnLineWidth) {
      text_ += '\n';
      length_ = 0;
    }
    if (length_ > 0) {
      text_ += ' ';
      ++length_;
    }
    text_ += token;
    length_ += token.size();
  }
  // A comment's words, so that a long one wraps too.
  void addWords(std::string_view words) {
    std::size_t at = 0;
    while (at < words.size()) {
      std::size_t end = words.find(' ', at);
      if (end == std::string_view::npos) end = words.size();
      if (end > at) add(words.substr(at, end - at));
      at = end + 1;
    }
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  std::size_t length_ = 0;
};

std::string moveNumber(std::size_t ply, Color startSide, Color mover, bool force) {
  // Plies counted from a White move: a game that starts with Black has its first at ply 1.
  const std::size_t whitePly = ply + (startSide == Color::Black ? 1 : 0);
  const std::string number = std::to_string(whitePly / 2 + 1);
  if (mover == Color::White) return number + ".";
  return force ? number + "..." : "";
}

}  // namespace

bool isAnalysed(const PdnGame& game) {
  const std::optional<std::string> annotator = game.tag("Annotator");
  return annotator && annotator->rfind(kAnnotatorPrefix, 0) == 0;
}

std::string gameKey(const PdnGame& game) {
  PdnGame plain;
  plain.start = game.start;
  plain.moves = game.moves;
  plain.result = game.result;
  for (const auto& tag : game.tags)
    if (!isAnalysisTag(tag.first)) plain.tags.push_back(tag);
  return writePdn(plain);
}

std::string writeAnnotatedPdn(const GameAnalysis& analysis) {
  const PdnGame& game = analysis.game;
  std::string out;
  for (const auto& [name, value] : game.tags)
    if (!isAnalysisTag(name)) out += '[' + name + " \"" + escape(value) + "\"]\n";
  out +=
      "[Annotator \"" + std::string(kAnnotatorPrefix) + " (" + escape(analysis.effort) + ")\"]\n";
  for (const auto& [side, summary] :
       {std::pair{"White", &analysis.white}, std::pair{"Black", &analysis.black}}) {
    out +=
        std::string("[") + side + "AverageLoss \"" + fixed2(summary->averageLoss / 100) + "\"]\n";
    out += std::string("[") + side + "Inaccuracies \"" + std::to_string(summary->inaccuracies) +
           "\"]\n";
    out += std::string("[") + side + "Mistakes \"" + std::to_string(summary->mistakes) + "\"]\n";
    out += std::string("[") + side + "Blunders \"" + std::to_string(summary->blunders) + "\"]\n";
  }
  out += '\n';

  Wrapper text;
  const Color startSide = game.start.sideToMove();
  text.addWords("{[%eval " + formatEval(analysis.positions.front().whiteScore()) + "]}");
  bool afterComment = true;  // a Black move after a comment or variation repeats its number
  for (std::size_t ply = 0; ply < analysis.moves.size(); ++ply) {
    const MoveAnalysis& move = analysis.moves[ply];
    const std::string number = moveNumber(ply, startSide, move.mover, afterComment);
    text.add((number.empty() ? "" : number + " ") + formatMove(move.played) +
             std::string(markOf(move.judgement)));
    const PositionAnalysis& after = analysis.positions[ply + 1];
    std::string comment = "{[%eval " + formatEval(after.whiteScore()) + "]";
    const std::vector<PathMove>& better = analysis.betterLine(ply);
    const bool showBetter = move.judgement != Judgement::None && !better.empty();
    if (showBetter) {
      const int bestWhite = analysis.positions[ply].whiteScore();
      comment += ' ' + std::string(nameOf(move.judgement)) + " (-" + fixed1(move.lostPercent) +
                 "%). " + formatMove(better.front()) + " was best (" + formatScore(bestWhite) +
                 ").";
    }
    text.addWords(comment + "}");
    if (showBetter) {
      // The better line as a variation, in place of the move played.
      for (std::size_t i = 0; i < better.size(); ++i) {
        const Color mover = i % 2 == 0 ? move.mover : opponent(move.mover);
        const std::string n = moveNumber(ply + i, startSide, mover, i == 0);
        text.add((i == 0 ? "(" : "") + (n.empty() ? "" : n + " ") + formatMove(better[i]) +
                 (i + 1 == better.size() ? ")" : ""));
      }
    }
    afterComment = true;  // every move has its comment
  }
  text.add(game.result);
  return out + text.text() + "\n\n";
}

}  // namespace damiera::analysis
