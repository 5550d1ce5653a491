#include "tools/match/combine.h"

#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "core/pdn.h"

namespace damiera::match {

CombinedMatch combinePdnFiles(const std::vector<std::string>& files) {
  struct Game {
    std::string white, black, result;
  };
  std::vector<Game> games;
  std::string firstEngine;
  std::int64_t firstRound = std::numeric_limits<std::int64_t>::max();
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read '" + file + "'");
    std::ostringstream text;
    text << in.rdbuf();
    const Parsed<std::vector<PdnGame>> parsed = readPdn(text.str());
    if (!parsed) throw std::runtime_error(file + ": " + parsed.error);
    std::size_t number = 0;
    for (const PdnGame& pdn : *parsed.value) {
      ++number;
      const auto white = pdn.tag("White"), black = pdn.tag("Black"), round = pdn.tag("Round");
      if (!white || !black || !round)
        throw std::runtime_error(file + ": game " + std::to_string(number) +
                                 " lacks a White, Black or Round tag");
      std::int64_t roundNumber = 0;
      try {
        roundNumber = std::stoll(*round);
      } catch (const std::exception&) {
        throw std::runtime_error(file + ": game " + std::to_string(number) + ": Round '" + *round +
                                 "' is not a number");
      }
      if (roundNumber < firstRound) firstRound = roundNumber, firstEngine = *white;
      games.push_back({*white, *black, pdn.result});
    }
  }
  if (games.empty()) throw std::runtime_error("no games in the files given");

  CombinedMatch match;
  match.first = firstEngine;
  for (const Game& g : games) {
    const std::string other = g.white == match.first ? g.black : g.white;
    if ((g.white != match.first && g.black != match.first) ||
        (!match.second.empty() && other != match.second))
      throw std::runtime_error("more than two engines in the files (" + g.white + " vs " + g.black +
                               "): --combine adds up one match of two");
    match.second = other;
    if (g.result == kPdnUnfinished) {
      ++match.unfinished;
      continue;
    }
    const bool firstWhite = g.white == match.first;
    if (g.result == kPdnDraw)
      ++match.wdl.draws;
    else if ((g.result == kPdnWhiteWins) == firstWhite)
      ++match.wdl.wins;
    else
      ++match.wdl.losses;
  }
  return match;
}

}  // namespace damiera::match
