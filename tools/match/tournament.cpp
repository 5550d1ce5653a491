#include "tools/match/tournament.h"

#include <unistd.h>

#include <algorithm>
#include <boost/filesystem.hpp>
#include <cstdio>
#include <iostream>
#include <thread>

#include "tools/match/stop_signal.h"

namespace damiera::match {
namespace {

// Engine names become file names in the log folder: keep them to safe characters.
std::string fileSafe(const std::string& name) {
  std::string safe;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_' || c == '.';
    safe += ok ? c : '_';
  }
  return safe;
}

constexpr const char* kClearLine = "\r\033[K";

}  // namespace

Tournament::Tournament(const MatchConfig& config, std::vector<openings::Opening> openings,
                       std::int64_t gamesPerPairing, std::ostream& out)
    : config_(config),
      openings_(std::move(openings)),
      pairings_(makePairings(static_cast<int>(config.engines.size()), config.kind)),
      schedule_(static_cast<int>(pairings_.size()), gamesPerPairing,
                makeOpeningOrder(static_cast<int>(openings_.size()), config.shuffleOpenings,
                                 config.seed)),
      out_(out),
      interactive_(&out == &std::cout && isatty(STDOUT_FILENO)) {
  if (!config.pdnFile.empty()) pdn_ = std::make_unique<PdnFile>(config.pdnFile);
  if (!config.logDir.empty()) {
    boost::system::error_code error;
    boost::filesystem::create_directories(config.logDir, error);
    if (error)
      throw std::runtime_error("cannot create log folder '" + config.logDir +
                               "': " + error.message());
  }
  for (const Pairing& p : pairings_) summary_.results.push_back({p, {}});
  shardGames_ = config.shardCount == 1 ? schedule_.totalGames()
                                       : schedule_.shardGames(config.shardIndex, config.shardCount);
}

MatchSummary Tournament::run() {
  const int threads = static_cast<int>(std::min<std::int64_t>(config_.concurrency, shardGames_));
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) workers.emplace_back([this] { worker(); });
  for (std::thread& t : workers) t.join();
  if (interactive_) out_ << '\n';
  return summary_;
}

std::optional<GameTask> Tournament::nextTask() {
  const std::lock_guard lock(mutex_);
  while (nextIndex_ < schedule_.totalGames() &&
         !schedule_.inShard(nextIndex_, config_.shardIndex, config_.shardCount))
    ++nextIndex_;
  if (stopRequested() || nextIndex_ >= schedule_.totalGames()) return std::nullopt;
  return schedule_.task(nextIndex_++);
}

std::shared_ptr<EngineLog> Tournament::openLog(const GameTask& task, int engine) const {
  if (config_.logDir.empty()) return nullptr;
  char number[32];
  std::snprintf(number, sizeof number, "game-%06lld-", static_cast<long long>(task.number));
  const std::string name = fileSafe(config_.engines[static_cast<std::size_t>(engine)].name);
  return std::make_shared<EngineLog>(
      (boost::filesystem::path(config_.logDir) / (number + name + ".log")).string());
}

void Tournament::worker() {
  // This thread's engines, started on first use. Destroyed (quit, then killed if need be)
  // when the thread ends: a child started by a thread must not outlive it (PR_SET_PDEATHSIG).
  std::vector<std::unique_ptr<EngineClient>> engines(config_.engines.size());
  auto engine = [&](int index) -> EngineClient& {
    std::unique_ptr<EngineClient>& slot = engines[static_cast<std::size_t>(index)];
    if (!slot)
      slot = std::make_unique<EngineClient>(config_.engines[static_cast<std::size_t>(index)],
                                            config_.timeouts);
    return *slot;
  };
  while (const std::optional<GameTask> task = nextTask()) {
    const Pairing& pairing = pairings_[static_cast<std::size_t>(task->pairing)];
    const int white = task->firstIsWhite ? pairing.first : pairing.second;
    const int black = task->firstIsWhite ? pairing.second : pairing.first;
    EngineClient& whiteEngine = engine(white);
    EngineClient& blackEngine = engine(black);
    try {
      whiteEngine.setLog(openLog(*task, white));
      blackEngine.setLog(openLog(*task, black));
    } catch (const std::exception& e) {
      std::cerr << "damiera-match: " << e.what() << '\n';  // the game is still worth playing
    }
    const GamePlayers players{whiteEngine, blackEngine,
                              config_.engines[static_cast<std::size_t>(white)].limits,
                              config_.engines[static_cast<std::size_t>(black)].limits};
    const GameRecord record =
        playGame(*task, white, black, openings_[static_cast<std::size_t>(task->opening)], players,
                 config_.adjudication, config_.timeouts);
    whiteEngine.setLog(nullptr);
    blackEngine.setLog(nullptr);
    finish(record);
  }
}

void Tournament::finish(const GameRecord& record) {
  const std::lock_guard lock(mutex_);
  if (record.aborted) {
    ++summary_.gamesAborted;
    return;
  }
  ++summary_.gamesPlayed;
  PairingResult& pair = summary_.results[static_cast<std::size_t>(record.task.pairing)];
  const bool firstIsWhite = record.task.firstIsWhite;
  switch (record.outcome) {
    case Outcome::WhiteWins:
      ++(firstIsWhite ? pair.wdl.wins : pair.wdl.losses);
      break;
    case Outcome::BlackWins:
      ++(firstIsWhite ? pair.wdl.losses : pair.wdl.wins);
      break;
    case Outcome::Draw:
    case Outcome::Ongoing:
      ++pair.wdl.draws;
      break;
  }
  const PdnGame pdnGame = makePdnGame(record, config_.engines, config_.event);
  if (pdn_) pdn_->write(pdnGame);

  const auto& names = config_.engines;
  if (interactive_) out_ << kClearLine;
  out_ << "Finished game " << record.task.number << " ("
       << names[static_cast<std::size_t>(record.white)].name << " vs "
       << names[static_cast<std::size_t>(record.black)].name << "): " << pdnGame.result << " {"
       << record.termination << "}\n";
  const bool onePair = summary_.results.size() == 1;
  const std::string pairName = names[static_cast<std::size_t>(pair.pairing.first)].name + " vs " +
                               names[static_cast<std::size_t>(pair.pairing.second)].name;
  const std::int64_t total = config_.untilSprtVerdict ? 0 : shardGames_;
  out_ << progressLine(summary_.gamesPlayed, total, pairName,
                       onePair ? std::optional<Wdl>(pair.wdl) : std::nullopt, config_.sprt)
       << (interactive_ ? "" : "\n") << std::flush;

  if (config_.sprt && onePair && !summary_.sprtVerdict) {
    const SprtVerdict verdict = sprtVerdict(sprtLlr(pair.wdl, *config_.sprt), *config_.sprt);
    if (verdict != SprtVerdict::Continue) {
      summary_.sprtVerdict = verdict;
      requestStop();  // games still running are aborted: the verdict is in
    }
  }
}

}  // namespace damiera::match
