#include "tools/selfplay/selfplay_run.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "tools/common/progress_bar.h"
#include "tools/selfplay/game_player.h"
#include "train/sample_file.h"

namespace damiera::selfplay {

namespace fs = std::filesystem;

std::string SelfPlayConfig::settingsText() const {
  std::ostringstream text;
  text << "nodes " << nodes << "\nnode-jitter " << nodeJitter << "\ndepth " << depth << "\nseed "
       << seed << "\nopenings " << (openingsFile.empty() ? "-" : openingsFile) << "\nrandom-plies "
       << randomPlies << "\nbalance " << balance << "\nchunk-games " << gamesPerChunk << "\nhash "
       << hashMb << "\nmax-plies " << maxPlies << "\nadjudicate-wins " << (adjudicateWins ? 1 : 0)
       << '\n';
  // Only with a database, so that the chunk sets made before the option resume as they were.
  if (databasePieces > 0) text << "egdb-pieces " << databasePieces << '\n';
  return text.str();
}

std::string chunkPath(const std::string& out, std::int64_t chunk) {
  char suffix[32];
  std::snprintf(suffix, sizeof suffix, ".%04lld", static_cast<long long>(chunk));
  return out + suffix;
}

namespace {

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// out.settings records what the chunks depend on, so that a rerun cannot mix two kinds of
// games under one name. Written once (temporary, then rename), compared on every rerun.
void checkOrWriteSettings(const SelfPlayConfig& config) {
  const fs::path path = config.out + ".settings";
  const std::string wanted = config.settingsText();
  if (fs::exists(path)) {
    const std::string found = readText(path);
    if (found != wanted)
      throw SelfPlayError(path.string() + ": the chunks there were played with other settings:\n" +
                          found + "this run asks for:\n" + wanted +
                          "(rerun with those settings to resume, or choose another --out)");
    return;
  }
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << wanted;
    out.close();
    if (!out) throw SelfPlayError("cannot write " + temporary.string());
  }
  fs::rename(temporary, path);
}

// One chunk still to play: its games' results collect here until the last one is in.
struct PendingChunk {
  std::int64_t index = 0;
  std::int64_t firstGame = 0;
  std::vector<PlayedGame> games;
  std::atomic<int> remaining{0};
};

// Complete when it reads back and holds exactly `games` games (every game has at least one
// record, the first flagged kGameStart).
bool chunkComplete(const std::string& path, std::int64_t games, std::uint64_t& positions) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return false;
  try {
    const std::vector<train::Sample> samples = train::readSampleFile(path);
    const auto starts = std::count_if(samples.begin(), samples.end(), [](const train::Sample& s) {
      return (s.flags & train::kGameStart) != 0;
    });
    if (starts != games) {
      std::printf("%s: %lld games, expected %lld: playing it again\n", path.c_str(),
                  static_cast<long long>(starts), static_cast<long long>(games));
      return false;
    }
    positions = samples.size();
    return true;
  } catch (const train::SampleFileError& e) {
    std::printf("%s: playing it again\n", e.what());
    return false;
  }
}

class Runner {
 public:
  Runner(const SelfPlayConfig& config, std::vector<openings::Opening> openings)
      : config_(config), openings_(std::move(openings)) {}

  RunSummary run() {
    planChunks();
    summary_.games = doneGames_;
    summary_.positions = donePositions_;
    if (!pending_.empty()) {
      std::printf("%lld of %lld games already in complete chunks; playing %lld more on %d %s\n",
                  static_cast<long long>(doneGames_), static_cast<long long>(config_.games),
                  static_cast<long long>(config_.games - doneGames_), threadCount(),
                  threadCount() == 1 ? "thread" : "threads");
      std::fflush(stdout);
      bar_ = std::make_unique<tools::ProgressBar>(config_.games, doneGames_);
      std::vector<std::thread> workers;
      for (int i = 0; i < threadCount(); ++i) workers.emplace_back([this] { work(); });
      for (std::thread& t : workers) t.join();
      bar_->clear();
      if (failure_) std::rethrow_exception(failure_);
      summary_.seconds = bar_->elapsedSeconds();
    }
    return summary_;
  }

 private:
  void planChunks() {
    const std::int64_t chunks = (config_.games + config_.gamesPerChunk - 1) / config_.gamesPerChunk;
    for (std::int64_t k = 0; k < chunks; ++k) {
      const std::int64_t first = k * config_.gamesPerChunk;
      const std::int64_t games =
          std::min<std::int64_t>(config_.gamesPerChunk, config_.games - first);
      std::uint64_t positions = 0;
      if (chunkComplete(chunkPath(config_.out, k), games, positions)) {
        doneGames_ += games;
        donePositions_ += positions;
        continue;
      }
      auto chunk = std::make_unique<PendingChunk>();
      chunk->index = k;
      chunk->firstGame = first;
      chunk->games.resize(static_cast<std::size_t>(games));
      chunk->remaining = static_cast<int>(games);
      for (std::int64_t g = 0; g < games; ++g) queue_.push_back({chunk.get(), first + g});
      pending_.push_back(std::move(chunk));
    }
  }

  int threadCount() const {
    return static_cast<int>(
        std::clamp<std::int64_t>(config_.threads, 1, std::max<std::size_t>(queue_.size(), 1)));
  }

  void work() {
    try {
      GamePlayer player(config_, openings_);
      for (std::size_t i; (i = next_.fetch_add(1)) < queue_.size() && !failed_.load();) {
        const auto [chunk, game] = queue_[i];
        PlayedGame played = player.play(game);
        recordGame(played);
        chunk->games[static_cast<std::size_t>(game - chunk->firstGame)] = std::move(played);
        if (chunk->remaining.fetch_sub(1) == 1) writeChunk(*chunk);
        drawProgress();
      }
    } catch (...) {
      const std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
      failed_ = true;
    }
  }

  void recordGame(const PlayedGame& played) {
    const std::lock_guard lock(mutex_);
    ++summary_.games;
    ++summary_.gamesPlayed;
    summary_.positions += played.samples.size();
    summary_.positionsPlayed += played.samples.size();
    switch (played.result.outcome) {
      case Outcome::WhiteWins:
        ++summary_.whiteWins;
        break;
      case Outcome::BlackWins:
        ++summary_.blackWins;
        break;
      default:
        ++summary_.draws;
        break;
    }
    if (played.adjudicated) ++summary_.adjudicated;
  }

  // The last game of a chunk is in: its games, in order, become one file.
  void writeChunk(PendingChunk& chunk) {
    std::vector<train::Sample> samples;
    for (const PlayedGame& g : chunk.games)
      samples.insert(samples.end(), g.samples.begin(), g.samples.end());
    const std::string path = chunkPath(config_.out, chunk.index);
    train::writeSampleFile(path, samples);
    chunk.games.clear();
    chunk.games.shrink_to_fit();
    const std::lock_guard lock(mutex_);
    bar_->clear();
    std::printf("%s: %zu positions; so far %lld games, %llu positions, %.0f positions/s\n",
                path.c_str(), samples.size(), static_cast<long long>(summary_.games),
                static_cast<unsigned long long>(summary_.positions),
                summary_.positionsPlayed / std::max(bar_->elapsedSeconds(), 1e-3));
    std::fflush(stdout);
  }

  void drawProgress() {
    std::int64_t games;
    std::uint64_t positions, played;
    {
      const std::lock_guard lock(mutex_);
      games = summary_.games;
      positions = summary_.positions;
      played = summary_.positionsPlayed;
    }
    bar_->update(static_cast<std::uint64_t>(games), [&] {
      char text[128];
      std::snprintf(text, sizeof text, "games %lld/%lld, %llu positions, %.0f pos/s",
                    static_cast<long long>(games), static_cast<long long>(config_.games),
                    static_cast<unsigned long long>(positions),
                    played / std::max(bar_->elapsedSeconds(), 1e-3));
      return std::string(text);
    });
  }

  const SelfPlayConfig& config_;
  const std::vector<openings::Opening> openings_;
  std::vector<std::unique_ptr<PendingChunk>> pending_;
  std::vector<std::pair<PendingChunk*, std::int64_t>> queue_;  // (chunk, game index)
  std::atomic<std::size_t> next_{0};
  std::int64_t doneGames_ = 0;
  std::uint64_t donePositions_ = 0;
  std::unique_ptr<tools::ProgressBar> bar_;
  std::mutex mutex_;  // summary_, failure_, stdout
  RunSummary summary_;
  std::exception_ptr failure_;
  std::atomic<bool> failed_{false};
};

}  // namespace

RunSummary runSelfPlay(const SelfPlayConfig& config) {
  std::vector<openings::Opening> openings;
  if (!config.openingsFile.empty()) {
    Parsed<std::vector<openings::Opening>> loaded = openings::loadOpenings(config.openingsFile);
    if (!loaded) throw SelfPlayError(loaded.error);
    if (loaded.value->empty()) throw SelfPlayError(config.openingsFile + ": no openings in it");
    openings = std::move(*loaded.value);
  }
  const fs::path out(config.out);
  if (out.has_parent_path()) fs::create_directories(out.parent_path());
  checkOrWriteSettings(config);
  return Runner(config, std::move(openings)).run();
}

}  // namespace damiera::selfplay
