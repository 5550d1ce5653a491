#include "tools/selfplay/game_player.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <memory>

#include "core/movegen.h"
#include "core/square.h"
#include "search/score.h"

namespace damiera::selfplay {

namespace {

// SplitMix64: small, fast, and the same numbers on every platform and library (the standard
// distributions are not), so a seed means the same games everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (the modulo bias is below 1e-17 for the n used here).
  std::uint64_t below(std::uint64_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

Game openingGame(const openings::Opening& opening) {
  Game game(opening.start);
  for (const PathMove& m : opening.moves) game.play(m.move);
  return game;
}

bool isOver(const Game& game) { return game.result().outcome != Outcome::Ongoing; }

// The result from the view of `side`: +1 won, 0 drawn, -1 lost.
std::int8_t resultFor(Outcome outcome, Color side) {
  if (outcome == Outcome::Draw) return 0;
  const Outcome sideWins = side == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
  return outcome == sideWins ? 1 : -1;
}

Outcome winFor(Color side) {
  return side == Color::White ? Outcome::WhiteWins : Outcome::BlackWins;
}

// The node limit of one search: --nodes, moved at random by up to --node-jitter percent. The
// search is deterministic, so without it two games that meet in one position would go on
// identically from there (and a game from a repeated start would repeat whole).
std::uint64_t nodesForSearch(const SelfPlayConfig& config, Random& random) {
  const std::uint64_t span = config.nodes * static_cast<std::uint64_t>(config.nodeJitter) / 100;
  if (span == 0) return config.nodes;
  return config.nodes - span + random.below(2 * span + 1);
}

}  // namespace

GamePlayer::GamePlayer(const SelfPlayConfig& config, const std::vector<openings::Opening>& openings)
    : config_(config),
      openings_(openings),
      context_(std::make_shared<TranspositionTable>(static_cast<std::size_t>(config.hashMb))) {
  limits_.depth = config.depth;
  options_.threads = 1;  // the node limit is exact with one thread: games are reproducible
  options_.database = config.database;
  options_.databasePieces = config.database ? config.databasePieces : 0;
}

std::optional<GameResult> GamePlayer::databaseResult(const Game& game) const {
  const Position& pos = game.position();
  if (!config_.database || popcount(pos.occupied()) > config_.databasePieces) return std::nullopt;
  const std::optional<egdb::Value> value = config_.database->probe(pos);
  if (!value) return std::nullopt;
  if (value->wdl == egdb::Wdl::Draw) return GameResult{Outcome::Draw, OutcomeReason::Ongoing};
  // The database knows no R15: a win (or loss) too far from its conversion for the no-progress
  // count left is played on, and the search decides it (egdb/value.h).
  if (game.noProgressPlies() + value->distance > game.noProgressLimitPlies()) return std::nullopt;
  const Color winner = value->wdl == egdb::Wdl::Win ? pos.sideToMove() : opponent(pos.sideToMove());
  return GameResult{winFor(winner), OutcomeReason::Ongoing};
}

GamePlayer::Searched GamePlayer::search(const Game& game, std::uint64_t nodes) {
  Searched out;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&out](const SearchInfo& info) {
    if (info.multiPv != 1) return;
    out.score = info.rawScore;
    out.scored = true;
  };
  const auto run = [&](const SearchLimits& limits) {
    SearchControl control;  // one per search: once stopped it stays stopped
    const SearchResult result = runSearch(game, limits, options_, context_, control, callbacks);
    assert(result.bestMove && "searched only where a legal move exists");
    out.best = *result.bestMove;
  };
  SearchLimits limits = limits_;
  limits.nodes = nodes;
  run(limits);
  // A node limit so small that not even depth 1 finished leaves no score: every record needs
  // one (and every game a record), so such a position gets a depth-1 search.
  if (!out.scored) {
    SearchLimits depthOne;
    depthOne.depth = 1;
    run(depthOne);
  }
  assert(out.scored);
  return out;
}

PlayedGame GamePlayer::play(std::int64_t gameIndex) {
  // A generator of its own for every game: the seed and the index alone decide its choices.
  Random random(config_.seed * 0xD1B54A32D192ED03ULL + static_cast<std::uint64_t>(gameIndex));
  context_.table().clear();
  context_.clearHistories();

  // The opening, a few random plies, and a first search that must find the start balanced.
  Game game;
  Searched first;
  for (int attempt = 0;; ++attempt) {
    game = openings_.empty() ? Game() : openingGame(openings_[random.below(openings_.size())]);
    for (int ply = 0; ply < config_.randomPlies && !isOver(game); ++ply) {
      MoveList moves;
      generateMoves(game.position(), moves);
      game.play(moves[static_cast<int>(random.below(static_cast<std::uint64_t>(moves.size())))]);
    }
    if (isOver(game)) {  // possible only with strange openings: draw again
      if (attempt + 1 < kBalanceAttempts) continue;
      game = Game();  // the start position is never over
    }
    first = search(game, nodesForSearch(config_, random));
    if (std::abs(first.score) <= config_.balance || attempt + 1 >= kBalanceAttempts) break;
  }

  PlayedGame played;
  Searched next = first;
  bool searched = true;   // `next` holds the search of the current position
  assert(!isOver(game));  // so every game has at least one record
  while (true) {
    const GameResult result = game.result();
    if (result.outcome != Outcome::Ongoing) {
      played.result = result;
      break;
    }
    const int ply = static_cast<int>(game.moves().size());
    // A safety net (R15 makes such games all but impossible); a game keeps its first record.
    if (ply >= config_.maxPlies && !played.samples.empty()) {
      played.result = {Outcome::Draw, OutcomeReason::Ongoing};
      played.adjudicated = true;
      break;
    }
    if (!searched) next = search(game, nodesForSearch(config_, random));
    searched = false;
    const Color side = game.position().sideToMove();
    train::Sample s = train::sampleOf(game.position(), ply);
    s.score = static_cast<std::int16_t>(
        std::clamp(next.score, -train::kMaxStoredScore, train::kMaxStoredScore));
    if (std::abs(next.score) >= kScoreDatabaseBound) s.flags |= train::kScoreForced;
    played.samples.push_back(s);
    // Within the database the result is known: the records before learn it, and playing on
    // teaches nothing new.
    if (config_.adjudicateWins) {
      if (const std::optional<GameResult> known = databaseResult(game)) {
        played.result = *known;
        played.adjudicated = true;
        break;
      }
    }
    // A win (or loss) the search proved decides the game: playing it out teaches nothing new.
    if (config_.adjudicateWins && isDecisive(next.score)) {
      played.result = {winFor(next.score > 0 ? side : opponent(side)), OutcomeReason::Ongoing};
      played.adjudicated = true;
      break;
    }
    game.play(next.best);
  }

  played.plies = static_cast<int>(game.moves().size());
  for (train::Sample& s : played.samples) {
    s.result = resultFor(played.result.outcome, s.sideToMove);
    if (played.adjudicated) s.flags |= train::kAdjudicated;
  }
  played.samples.front().flags |= train::kGameStart;
  return played;
}

}  // namespace damiera::selfplay
