#include "tools/endings/report.h"

#include <cstdio>

#include "core/fen.h"
#include "core/square.h"

namespace damiera::endings {

namespace {

int piecesOf(const Position& pos) { return popcount(pos.occupied()); }

// The first position of the game within the database, from the engine's side: its value and
// whether the engine's own capture led into it. Nothing when the game never got there.
struct DatabaseEntry {
  egdb::Wdl forEngine;
  int distance;  // the database's distance to conversion, plies
  bool byOwnCapture;
  std::string fen;
};

std::optional<DatabaseEntry> firstDatabasePosition(const PdnGame& game, Color engine,
                                                   egdb::Prober& database, int pieces) {
  Position pos = game.start;
  std::optional<Color> lastMover;
  for (std::size_t ply = 0;; ++ply) {
    if (piecesOf(pos) <= pieces) {
      const std::optional<egdb::Value> value = database.probe(pos);
      if (!value) return std::nullopt;  // a slice it lacks: counted as not reached
      egdb::Wdl wdl = value->wdl;
      if (pos.sideToMove() != engine && wdl != egdb::Wdl::Draw)
        wdl = wdl == egdb::Wdl::Win ? egdb::Wdl::Loss : egdb::Wdl::Win;
      return DatabaseEntry{wdl, value->distance, lastMover == engine, formatFen(pos)};
    }
    if (ply == game.moves.size()) return std::nullopt;
    lastMover = pos.sideToMove();
    pos = pos.after(game.moves[ply].move);
  }
}

std::string percent(int part, int whole) {
  if (whole == 0) return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * part / whole);
  return text;
}

std::string row(const char* name, const Tally& t) {
  char text[160];
  std::snprintf(text, sizeof text, "%-8s %6d %5d %5d %5d %7s %6d %6d %7.1f\n", name, t.games,
                t.wins, t.draws, t.losses, percent(2 * t.wins + t.draws, 2 * t.games).c_str(),
                t.byRepetition, t.byNoProgress,
                t.games ? static_cast<double>(t.plies) / t.games : 0.0);
  return text;
}

std::string databaseRow(const char* name, const Tally& t) {
  char text[160];
  std::snprintf(text, sizeof text, "%-8s %7d %5d %9d %6d %5d %6d %10d\n", name, t.reached, t.dbWins,
                t.dbWinsConverted, t.dbLosses, t.dbLossesHeld, t.dbDraws, t.dbDrawsByOwnCapture);
  return text;
}

}  // namespace

void tally(const PdnGame& game, int number, egdb::Prober* database, EndingsReport& report) {
  const std::optional<KingEnding> start = classify(game.start, report.range);
  if (!start) {
    ++report.notFromEnding;
    return;
  }
  std::optional<Color> engine;
  if (game.tag("White") == report.engine)
    engine = Color::White;
  else if (game.tag("Black") == report.engine)
    engine = Color::Black;
  if (!engine) {
    ++report.without;
    return;
  }
  Tally& t = start->balance == KingEnding::Balance::Level ? report.level
             : start->better == *engine                   ? report.ahead
                                                          : report.behind;
  ++t.games;
  t.plies += static_cast<long>(game.moves.size());
  const std::string_view won = *engine == Color::White ? kPdnWhiteWins : kPdnBlackWins;
  const bool drawn = game.result == kPdnDraw;
  const bool engineWon = game.result == won;
  const bool engineLost = !drawn && !engineWon && game.result != kPdnUnfinished;
  t.wins += engineWon;
  t.draws += drawn;
  t.losses += engineLost;
  if (drawn) {
    const std::string termination = game.tag("Termination").value_or("");
    t.byRepetition += termination.find("(R14)") != std::string::npos;
    t.byNoProgress += termination.find("(R15)") != std::string::npos;
  }
  if (!database || report.databasePieces == 0) return;
  const auto entry = firstDatabasePosition(game, *engine, *database, report.databasePieces);
  if (!entry) return;
  ++t.reached;
  const auto miss = [&](const std::string& what) {
    const std::string termination = game.tag("Termination").value_or(game.result);
    report.misses.push_back("game " + std::to_string(number) + ": " + entry->fen + " " + what +
                            "; " + termination);
  };
  switch (entry->forEngine) {
    case egdb::Wdl::Win:
      ++t.dbWins;
      t.dbWinsConverted += engineWon;
      if (!engineWon) miss("won for " + report.engine + " in " + std::to_string(entry->distance));
      break;
    case egdb::Wdl::Loss:
      ++t.dbLosses;
      t.dbLossesHeld += !engineLost;
      break;
    case egdb::Wdl::Draw:
      ++t.dbDraws;
      t.dbDrawsByOwnCapture += entry->byOwnCapture;
      if (entry->byOwnCapture && &t == &report.ahead && !engineWon)
        miss("drawn, entered by " + report.engine + "'s capture while ahead");
      break;
  }
}

std::string format(const EndingsReport& r, bool listMisses) {
  std::string text = "King endings of " + std::to_string(r.range.fewest) + " to " +
                     std::to_string(r.range.most) + " pieces, played by " + r.engine +
                     " (its side of the balance at the start; W/D/L and score are its own)\n";
  text += "balance   games     W     D     L   score    R14    R15   plies\n";
  text += row("level", r.level) + row("ahead", r.ahead) + row("behind", r.behind);
  if (r.databasePieces > 0) {
    text += "\nThe first position of " + std::to_string(r.databasePieces) +
            " pieces or fewer each game reached, by the endgame database, for " + r.engine + ":\n";
    text += "balance  reached   won converted   lost  held  drawn own-capture\n";
    text += databaseRow("level", r.level) + databaseRow("ahead", r.ahead) +
            databaseRow("behind", r.behind);
  }
  if (r.notFromEnding > 0)
    text +=
        "\n" + std::to_string(r.notFromEnding) + " games left out: their start is no king ending\n";
  if (r.without > 0)
    text += std::to_string(r.without) + " games left out: " + r.engine + " did not play them\n";
  if (listMisses && !r.misses.empty()) {
    text += "\nDatabase wins " + r.engine + " let go, and draws it traded into while ahead:\n";
    for (const std::string& line : r.misses) text += line + "\n";
  }
  return text;
}

}  // namespace damiera::endings
