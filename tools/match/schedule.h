#pragma once
// Which game is played when: pairings (a match, a round robin or a gauntlet), openings, and
// colours. Games come in pairs: one opening, each engine White once. Rounds of pairs go over
// every pairing before the next opening, so a match stopped early (SPRT, Ctrl-C) is balanced.
#include <cstdint>
#include <vector>

namespace damiera::match {

enum class TournamentKind { RoundRobin, Gauntlet };

struct Pairing {
  int first = 0;  // engine indices; W/D/L are counted from first's side
  int second = 1;
};

// RoundRobin: every engine against every other. Gauntlet: engine 0 against each other one.
std::vector<Pairing> makePairings(int engineCount, TournamentKind kind);

struct GameTask {
  std::int64_t number = 0;  // 1-based, over the whole match
  int pairing = 0;
  int opening = 0;           // index into the openings list
  bool firstIsWhite = true;  // the two games of an opening swap this
};

class Schedule {
 public:
  // openingOrder: the openings in the order to use them, cycled if there are more game pairs.
  Schedule(int pairingCount, std::int64_t gamesPerPairing, std::vector<int> openingOrder);

  std::int64_t totalGames() const { return pairingCount_ * gamesPerPairing_; }
  GameTask task(std::int64_t index) const;  // 0 <= index < totalGames()

  // Shard K of N (1 <= K <= N) holds the rounds r with r mod N == K - 1: a round's two colours
  // stay together, and the shards of one match are disjoint and cover it.
  bool inShard(std::int64_t index, std::int64_t shardIndex, std::int64_t shardCount) const;
  std::int64_t shardGames(std::int64_t shardIndex, std::int64_t shardCount) const;

 private:
  std::int64_t pairingCount_;
  std::int64_t gamesPerPairing_;
  std::vector<int> openingOrder_;
};

// 0, 1, ..., count-1, shuffled with the seed when `shuffle` is set (std::mt19937_64, so the
// same seed gives the same order everywhere).
std::vector<int> makeOpeningOrder(int count, bool shuffle, std::uint64_t seed);

}  // namespace damiera::match
