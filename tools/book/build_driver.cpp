#include "tools/book/build_driver.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "tools/book/assemble.h"
#include "tools/book/roots.h"

namespace damiera::bookbuild {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A subtree is saved after this many new nodes (and when its opening is done): what a kill
// can lose.
constexpr std::size_t kSaveEvery = 8;
// The openings grow to their share in this many rounds.
constexpr std::uint64_t kRounds = 16;

std::string subtreeFile(const std::string& folder, std::size_t opening) {
  char name[32];
  std::snprintf(name, sizeof name, "opening-%03zu.subtree", opening + 1);
  return (fs::path(folder) / name).string();
}

std::string readWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void saveSubtree(const Subtree& tree, const std::string& path) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << tree.save();
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary);
  }
  fs::rename(temporary, path);
}

// The saved subtree of an opening, or an empty one (none saved yet, or a damaged file: said).
Subtree loadSubtree(const std::string& path, const openings::Opening& opening) {
  if (fs::exists(path)) {
    try {
      return Subtree::load(readWhole(path));
    } catch (const std::exception& e) {
      std::cerr << "damiera-book: " << path << ": " << e.what() << "; that opening starts again\n";
    }
  }
  return Subtree(openings::openingPosition(opening), kOpeningPlies);
}

std::string duration(double seconds) {
  const long s = static_cast<long>(seconds);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  return text;
}

class Progress {
 public:
  Progress(std::uint64_t target, std::uint64_t done, bool terminal)
      : target_(target), atStart_(done), done_(done), terminal_(terminal), start_(Clock::now()) {}

  void add(std::uint64_t n) { done_ += n; }
  std::uint64_t done() const { return done_.load(); }
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  double rate() const {
    const double s = seconds();
    return s > 0 ? static_cast<double>(done_ - atStart_) / s : 0;
  }

  // One line: a bar redrawn in place on a terminal, else a plain line (a log).
  void show(const std::string& round) const {
    const std::uint64_t done = done_.load();
    const double fraction = target_ ? std::min(1.0, double(done) / double(target_)) : 1;
    constexpr int kBar = 30;
    const int filled = static_cast<int>(fraction * kBar);
    const double r = rate();
    const std::string eta =
        r > 0 && done < target_ ? duration(double(target_ - done) / r) : std::string("-");
    char line[200];
    std::snprintf(line, sizeof line, "[%-*s] %llu/%llu positions  %.1f/s  ETA %s  round %s", kBar,
                  std::string(filled, '#').c_str(), static_cast<unsigned long long>(done),
                  static_cast<unsigned long long>(target_), r, eta.c_str(), round.c_str());
    std::cerr << (terminal_ ? "\r" : "") << line << (terminal_ ? "" : "\n") << std::flush;
  }
  void finish() const {
    if (terminal_) std::cerr << "\n";
  }

 private:
  std::uint64_t target_;
  std::uint64_t atStart_;
  std::atomic<std::uint64_t> done_;
  bool terminal_;
  Clock::time_point start_;
};

}  // namespace

std::string stateFolder(const std::string& out) { return out + ".state"; }

int runBuild(const BuildSettings& settings) {
  const std::vector<openings::Opening> openings = bookRoots();
  const std::string folder = stateFolder(settings.out);
  fs::create_directories(folder);
  const std::uint64_t perOpening =
      std::max<std::uint64_t>(1, (settings.positions + openings.size() - 1) / openings.size());

  std::vector<std::size_t> mine;  // this shard's openings
  for (std::size_t i = 0; i < openings.size(); ++i)
    if (static_cast<int>(i % settings.shard.count) == settings.shard.index - 1) mine.push_back(i);

  // What earlier runs built counts as done.
  std::uint64_t already = 0;
  for (std::size_t i : mine)
    already += std::min<std::uint64_t>(perOpening,
                                       loadSubtree(subtreeFile(folder, i), openings[i]).size());
  Progress progress(perOpening * mine.size(), already, !settings.quiet && isatty(2));

  // The openings grow in rounds, each to a larger share (kRounds of them), so that a build
  // stopped at any time has grown every opening about alike.
  const std::uint64_t step = std::max<std::uint64_t>(kSaveEvery, perOpening / kRounds);
  std::vector<std::pair<std::uint64_t, std::size_t>> tasks;  // (size to reach, opening)
  for (std::uint64_t target = std::min(step, perOpening);;
       target = std::min(perOpening, target + step)) {
    for (std::size_t i : mine) tasks.emplace_back(target, i);
    if (target == perOpening) break;
  }
  std::vector<std::mutex> openingLocks(openings.size());  // one worker per opening at a time
  std::atomic<std::size_t> next{0}, finished{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable allDone;
  const auto work = [&] {
    SearchContext context(
        std::make_shared<TranspositionTable>(static_cast<std::size_t>(settings.expansion.hashMb)));
    for (std::size_t k; !failed && (k = next++) < tasks.size();) {
      const auto [target, i] = tasks[k];
      const std::string path = subtreeFile(folder, i);
      try {
        std::lock_guard opening(openingLocks[i]);
        Subtree tree = loadSubtree(path, openings[i]);
        std::size_t unsaved = 0;
        for (std::size_t before = tree.size();
             tree.size() < target && tree.expand(settings.expansion, context);
             before = tree.size()) {
          // A transposition inside the subtree links a node already there: no new position.
          if (tree.size() > before) progress.add(1);
          if (++unsaved >= kSaveEvery) saveSubtree(tree, path), unsaved = 0;
        }
        if (unsaved > 0 || !fs::exists(path)) saveSubtree(tree, path);
      } catch (const std::exception& e) {
        std::cerr << "\ndamiera-book: opening " << openings[i].source << ": " << e.what() << "\n";
        failed = true;
      }
      ++finished;
      allDone.notify_all();
    }
  };
  std::vector<std::thread> workers;
  for (int t = 0; t < std::max(1, settings.threads); ++t) workers.emplace_back(work);
  const auto round = [&] {
    const std::size_t rounds = tasks.size() / mine.size();
    return std::to_string(std::min(rounds, finished / mine.size() + 1)) + "/" +
           std::to_string(rounds);
  };
  {
    std::unique_lock lock(mutex);
    // A terminal's bar every second; a log's line every minute.
    const auto interval = std::chrono::seconds(isatty(2) ? 1 : 60);
    while (!allDone.wait_for(lock, interval, [&] { return finished == tasks.size() || failed; }))
      if (!settings.quiet) progress.show(round());
  }
  for (std::thread& t : workers) t.join();
  if (!settings.quiet) progress.show(round()), progress.finish();
  if (failed) return 1;

  EntryMap entries;
  for (std::size_t i : mine)
    for (const book::StoredEntry& e : loadSubtree(subtreeFile(folder, i), openings[i]).entries())
      mergeEntry(entries, e);
  rebuildTrunk(entries);
  std::vector<book::StoredEntry> list;
  for (auto& [key, entry] : entries) list.push_back(std::move(entry));
  book::writeBook(settings.out, list);
  std::cout << "book " << settings.out << ": " << list.size() << " positions (" << mine.size()
            << " openings, " << perOpening << " positions each), " << fs::file_size(settings.out)
            << " bytes; this run " << progress.done() - already << " new positions in "
            << duration(progress.seconds()) << " (" << progress.rate() << "/s)\n";
  return 0;
}

}  // namespace damiera::bookbuild
