#include "search/database_root.h"

#include <optional>

#include "egdb/prober.h"

namespace damiera {

std::uint64_t keepDatabaseRootMoves(const Game& game, const SearchOptions& options,
                                    std::vector<RootMove>& moves) {
  egdb::Prober* db = options.database.get();
  const Position& root = game.position();
  if (!db || moves.empty() || popcount(root.occupied()) > options.databasePieces) return 0;

  struct Choice {
    egdb::Wdl result;  // for the side to move at the root, R15 taken into account
    int plies;         // until the conversion
  };
  std::vector<Choice> choices;
  std::uint64_t probes = 0;
  for (const RootMove& rm : moves) {
    const std::optional<egdb::Value> after = db->probe(root.after(rm.move));
    ++probes;
    if (!after) return probes;  // a slice is missing: leave the choice to the search
    const egdb::Value v = egdb::fromMover(*after);
    const bool converts = root.isProgressMove(rm.move);
    const int plies = converts ? 1 : v.distance + 1;
    // R15: the count reaches the limit before the conversion: a draw in play.
    const bool tooLate = !converts && game.noProgressPlies() + plies > game.noProgressLimitPlies();
    choices.push_back({tooLate ? egdb::Wdl::Draw : v.wdl, plies});
  }
  int best = 0;
  for (int i = 1; i < static_cast<int>(choices.size()); ++i) {
    const Choice& c = choices[i];
    const Choice& b = choices[best];
    if (c.result != b.result) {
      if (c.result > b.result) best = i;
    } else if (c.result == egdb::Wdl::Win ? c.plies < b.plies
                                          : c.result == egdb::Wdl::Loss && c.plies > b.plies) {
      best = i;
    }
  }
  std::vector<RootMove> kept;
  for (int i = 0; i < static_cast<int>(moves.size()); ++i) {
    const bool keep =
        choices[best].result == egdb::Wdl::Draw ? choices[i].result == egdb::Wdl::Draw : i == best;
    if (keep) kept.push_back(moves[i]);
  }
  moves = std::move(kept);
  return probes;
}

}  // namespace damiera
