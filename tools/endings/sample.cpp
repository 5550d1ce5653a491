#include "tools/endings/sample.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "core/fen.h"

namespace damiera::endings {

std::vector<SampledEnding> endingsOfDraws(const std::vector<PdnGame>& games,
                                          const std::string& name, PieceRange range,
                                          std::vector<std::string>& seen) {
  std::vector<SampledEnding> found;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const PdnGame& game = games[g];
    if (game.result != kPdnDraw) continue;
    Position pos = game.start;
    for (std::size_t ply = 0;; ++ply) {
      if (const auto ending = classify(pos, range)) {
        std::string fen = formatFen(pos);
        if (std::find(seen.begin(), seen.end(), fen) == seen.end()) {
          seen.push_back(fen);
          found.push_back(
              {std::move(fen), *ending,
               name + " game " + std::to_string(g + 1) + " ply " + std::to_string(ply)});
        }
        break;  // the first king ending of the game: where it was drawn from
      }
      if (ply == game.moves.size()) break;
      pos = pos.after(game.moves[ply].move);
    }
  }
  return found;
}

std::vector<SampledEnding> choose(const std::vector<SampledEnding>& all, std::size_t count,
                                  std::uint64_t seed) {
  if (count == 0 || count >= all.size()) return all;
  // A partial Fisher-Yates shuffle of the indices with the generator's raw output (the
  // standard distributions may differ between libraries; the engine's own do not).
  std::vector<std::size_t> index(all.size());
  std::iota(index.begin(), index.end(), 0);
  std::mt19937_64 random(seed);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(random() % (index.size() - i));
    std::swap(index[i], index[j]);
  }
  index.resize(count);
  std::sort(index.begin(), index.end());
  std::vector<SampledEnding> chosen;
  for (const std::size_t i : index) chosen.push_back(all[i]);
  return chosen;
}

std::string openingsFile(const std::vector<SampledEnding>& chosen, PieceRange range) {
  std::string text = "# damiera-endings sample: " + std::to_string(chosen.size()) +
                     " king endings of " + std::to_string(range.fewest) + " to " +
                     std::to_string(range.most) +
                     " pieces, the first of each drawn game (docs/endings.md)\n";
  for (const SampledEnding& s : chosen)
    text += "# " + describe(s.ending) + ", " + std::to_string(s.ending.pieces) + " pieces, " +
            s.source + "\n" + s.fen + "\n";
  return text;
}

}  // namespace damiera::endings
