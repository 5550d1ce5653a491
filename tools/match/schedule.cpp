#include "tools/match/schedule.h"

#include <numeric>
#include <random>
#include <utility>

namespace damiera::match {

std::vector<Pairing> makePairings(int engineCount, TournamentKind kind) {
  std::vector<Pairing> pairings;
  for (int a = 0; a < engineCount; ++a) {
    for (int b = a + 1; b < engineCount; ++b) {
      if (kind == TournamentKind::Gauntlet && a != 0) continue;
      pairings.push_back({a, b});
    }
  }
  return pairings;
}

Schedule::Schedule(int pairingCount, std::int64_t gamesPerPairing, std::vector<int> openingOrder)
    : pairingCount_(pairingCount),
      gamesPerPairing_(gamesPerPairing),
      openingOrder_(std::move(openingOrder)) {}

GameTask Schedule::task(std::int64_t index) const {
  // A round is one opening for every pairing, both colours: 2 x pairings games. If the games
  // per pairing are odd, the last round has one game per pairing.
  const std::int64_t roundSize = 2 * pairingCount_;
  const std::int64_t round = index / roundSize;
  const std::int64_t inRound = index % roundSize;
  const bool lastOddRound = gamesPerPairing_ % 2 == 1 && round == gamesPerPairing_ / 2;
  GameTask task;
  task.number = index + 1;
  task.pairing = static_cast<int>(lastOddRound ? inRound : inRound / 2);
  task.firstIsWhite = lastOddRound || inRound % 2 == 0;
  task.opening = openingOrder_[static_cast<std::size_t>(round) % openingOrder_.size()];
  return task;
}

bool Schedule::inShard(std::int64_t index, std::int64_t shardIndex, std::int64_t shardCount) const {
  return (index / (2 * pairingCount_)) % shardCount == shardIndex - 1;
}

std::int64_t Schedule::shardGames(std::int64_t shardIndex, std::int64_t shardCount) const {
  std::int64_t games = 0;
  for (std::int64_t i = 0; i < totalGames(); ++i) games += inShard(i, shardIndex, shardCount);
  return games;
}

std::vector<int> makeOpeningOrder(int count, bool shuffle, std::uint64_t seed) {
  std::vector<int> order(static_cast<std::size_t>(count));
  std::iota(order.begin(), order.end(), 0);
  if (shuffle) {
    // Fisher-Yates by hand: std::shuffle's use of the engine is not fixed by the standard.
    std::mt19937_64 random(seed);
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random() % i]);
  }
  return order;
}

}  // namespace damiera::match
