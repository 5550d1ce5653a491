#include "tools/analyse/analyse_run.h"

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "analysis/annotated_pdn.h"
#include "analysis/html_report.h"
#include "analysis/pdn_games.h"
#include "tools/common/progress_bar.h"

namespace damiera::analyse {

namespace fs = std::filesystem;
using namespace damiera::analysis;

namespace {

struct InputGame {
  std::string source;  // the file it came from ("stdin")
  int page = 0;        // its place among all the games of all the inputs, 1-based: its page
  PdnEntry entry;
  std::optional<std::string> annotated;  // the output's text: done (resumed or analysed)
};

std::optional<std::string> readAll(const std::string& path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), {});
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Written to a temporary beside `path`, then renamed over it: readers see the old file or the
// new one, never half of one. Something that is not a plain file (/dev/null, a pipe) is
// written to as it is.
bool writeWhole(const fs::path& path, const std::string& text) {
  std::error_code error;
  if (fs::exists(path, error) && !fs::is_regular_file(path, error)) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out.flush());
  }
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) return false;
  }
  fs::rename(temporary, path, error);
  return !error;
}

// The games of an earlier run's output, by gameKey: what a rerun need not analyse again.
std::map<std::string, std::string> doneGames(const std::string& output) {
  std::map<std::string, std::string> done;
  const std::optional<std::string> text = readAll(output);
  if (!text) return done;
  for (PdnEntry& entry : splitPdn(*text))
    if (entry.error.empty() && isAnalysed(entry.game) && !entry.text.empty())
      done.emplace(gameKey(entry.game), std::move(entry.text));
  return done;
}

std::string summaryLine(const GameAnalysis& analysis) {
  const auto side = [](const char* name, const SideSummary& s) {
    char text[96];
    std::snprintf(text, sizeof text, "%s %.2f a move, %d?! %d? %d??", name, s.averageLoss / 100,
                  s.inaccuracies, s.mistakes, s.blunders);
    return std::string(text);
  };
  return side("White", analysis.white) + "; " + side("Black", analysis.black);
}

}  // namespace

int runAnalyse(const Config& config) {
  int status = 0;
  const auto error = [&status](const std::string& message) {
    std::cerr << "damiera-analyse: error " << message << "\n";
    status = 1;
  };

  // Every game of every input, named by its file and its number there.
  std::vector<InputGame> games;
  int gamesRead = 0;  // malformed ones too: a page's number is the game's place in the input
  std::vector<std::string> inputs = config.inputs;
  if (inputs.empty()) inputs.push_back("-");
  for (const std::string& input : inputs) {
    const std::optional<std::string> text = readAll(input);
    const std::string source = input == "-" ? "stdin" : input;
    if (!text) {
      error(source + ": cannot read the file");
      continue;
    }
    for (PdnEntry& entry : splitPdn(*text)) {
      ++gamesRead;
      if (!entry.error.empty()) {
        error(source + ": " + entry.name() + ": " + entry.error);
        continue;
      }
      games.push_back({source, gamesRead, std::move(entry), std::nullopt});
    }
  }

  const auto pagePath = [&](std::size_t index) {
    return fs::path(*config.htmlDir) / htmlFileName(games[index].page);
  };
  if (config.htmlDir) {
    std::error_code failed;
    fs::create_directories(*config.htmlDir, failed);
    if (failed) {
      error(*config.htmlDir + ": cannot create the folder: " + failed.message());
      return 1;
    }
  }

  // Resume: a game already in the output (and its page, when pages are asked for) is done.
  if (config.output) {
    const std::map<std::string, std::string> done = doneGames(*config.output);
    for (std::size_t i = 0; i < games.size(); ++i) {
      const auto found = done.find(gameKey(games[i].entry.game));
      if (found != done.end() && (!config.htmlDir || fs::exists(pagePath(i))))
        games[i].annotated = found->second;
    }
  }
  std::vector<std::size_t> todo;
  std::uint64_t totalPositions = 0, donePositions = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::uint64_t positions = games[i].entry.game.moves.size() + 1;
    totalPositions += positions;
    if (games[i].annotated)
      donePositions += positions;
    else
      todo.push_back(i);
  }
  if (!config.quiet && todo.size() < games.size())
    std::cerr << "damiera-analyse: " << games.size() - todo.size() << " of " << games.size()
              << " games already in " << *config.output << ", skipped\n";

  // The workers: each takes the next game, analyses it with its own table, hands it over.
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> positionsDone{donePositions};
  std::mutex mutex;
  std::condition_variable finished;
  std::vector<std::pair<std::size_t, GameAnalysis>> results;  // under mutex
  std::vector<std::thread> workers;
  const int jobs = std::max(1, std::min<int>(config.jobs, static_cast<int>(todo.size())));
  for (int j = 0; j < jobs && !todo.empty(); ++j) {
    workers.emplace_back([&] {
      GameAnalyser analyser(config.effort, config.thresholds);
      for (std::size_t k; (k = next.fetch_add(1)) < todo.size();) {
        GameAnalysis analysis =
            analyser.analyse(games[todo[k]].entry.game, [&] { positionsDone.fetch_add(1); });
        const std::lock_guard guard(mutex);
        results.emplace_back(todo[k], std::move(analysis));
        finished.notify_one();
      }
    });
  }

  // The main thread writes: pages and the output as games finish, the bar in between.
  tools::ProgressBar bar(totalPositions, donePositions);
  std::size_t printed = 0;  // stdout: games written, in input order
  const auto writeOutput = [&](bool last) {
    if (config.output) {
      std::string text;
      for (const InputGame& game : games)
        if (game.annotated) text += *game.annotated;
      if (!writeWhole(*config.output, text)) error(*config.output + ": cannot write the file");
      return;
    }
    while (printed < games.size() && (games[printed].annotated || last)) {
      if (games[printed].annotated) std::cout << *games[printed].annotated;
      ++printed;
    }
    std::cout.flush();
  };
  std::size_t gamesDone = games.size() - todo.size();
  for (std::size_t received = 0; received < todo.size();) {
    std::vector<std::pair<std::size_t, GameAnalysis>> batch;
    {
      std::unique_lock lock(mutex);
      finished.wait_for(lock, std::chrono::milliseconds(250), [&] { return !results.empty(); });
      batch.swap(results);
    }
    for (auto& [index, analysis] : batch) {
      ++received;
      ++gamesDone;
      InputGame& game = games[index];
      game.annotated = writeAnnotatedPdn(analysis);
      if (config.htmlDir && !writeWhole(pagePath(index), writeHtmlReport(analysis)))
        error(pagePath(index).string() + ": cannot write the page");
      if (!config.quiet) {
        bar.clear();
        std::cerr << "damiera-analyse: " << game.source << ": " << game.entry.name() << ": "
                  << summaryLine(analysis) << "\n";
      }
    }
    if (!batch.empty()) writeOutput(false);
    if (!config.quiet)
      bar.update(positionsDone.load(), [&] {
        return std::to_string(gamesDone) + "/" + std::to_string(games.size()) + " games";
      });
  }
  for (std::thread& worker : workers) worker.join();
  writeOutput(true);
  if (!config.quiet) {
    bar.clear();
    // The speed of this run (docs/analysis.md gives it at --nodes with 1 and 2 threads).
    const double seconds = bar.elapsedSeconds();
    const std::uint64_t searched = positionsDone.load() - donePositions;
    char line[160];
    std::snprintf(line, sizeof line,
                  "%llu positions of %zu games in %.1f s: %.1f positions a second",
                  static_cast<unsigned long long>(searched), todo.size(), seconds,
                  seconds > 0 ? searched / seconds : 0.0);
    std::cerr << "damiera-analyse: " << line << "\n";
  }
  return status;
}

}  // namespace damiera::analyse
