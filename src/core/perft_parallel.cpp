#include "core/perft_parallel.h"

#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/move_count.h"
#include "core/movegen.h"
#include "core/perft_table.h"

namespace damiera {

namespace {

// With one thread the calling thread counts and asks the stop predicate itself, every this
// many interior nodes (each counts a few dozen leaves in bulk: well under a millisecond).
constexpr int kStopPollInterval = 256;
// With several threads the calling thread only waits, reports and asks the stop predicate.
constexpr auto kCoordinatorTick = std::chrono::milliseconds(5);

// A subtree to count: a position two plies below the root (one for depth 2), the root move it
// belongs to, and how many times it counts (the paths of its move when keeping duplicates).
struct Task {
  Position pos;
  int depth = 0;
  int root = 0;
  std::uint64_t weight = 1;
};

struct RootTally {
  std::atomic<std::uint64_t> nodes{0};
  std::atomic<int> tasksLeft{0};
};

// One thread's counter: perft with the shared table (if any) and the shared stop flag.
class Counter {
 public:
  Counter(PerftMode mode, PerftTable* table, const std::atomic<bool>& stop,
          const std::function<bool()>* poll)
      : keepDuplicates_(mode == PerftMode::KeepDuplicates),
        table_(table),
        stop_(stop),
        poll_(poll) {}

  // Meaningless once stopped() is true.
  std::uint64_t count(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return countMoves(pos, keepDuplicates_);
    if (depth == 2) return countReplies(pos, keepDuplicates_);  // cheaper than a probe
    if (stopped()) return 0;
    if (table_) {
      if (const auto hit = table_->probe(pos.key(), depth)) return *hit;
    }
    MoveList moves;
    generateMoves(pos, moves);
    std::uint64_t nodes = 0;
    for (const Move& m : moves) {
      // Keys are only needed when there is a table to look them up in.
      const std::uint64_t subtree = count(table_ ? pos.after(m) : pos.afterUnhashed(m), depth - 1);
      nodes += keepDuplicates_ ? subtree * m.paths : subtree;
    }
    if (table_ && !stopped()) table_->store(pos.key(), depth, nodes);
    return nodes;
  }

  bool stopped() {
    if (stopped_) return true;
    if (poll_) {
      if (--countdown_ > 0) return false;
      countdown_ = kStopPollInterval;
      stopped_ = (*poll_)();
    } else {
      stopped_ = stop_.load(std::memory_order_relaxed);
    }
    return stopped_;
  }

 private:
  const bool keepDuplicates_;
  PerftTable* const table_;
  const std::atomic<bool>& stop_;
  const std::function<bool()>* const poll_;  // one thread: the caller's predicate, asked here
  int countdown_ = 1;
  bool stopped_ = false;
};

}  // namespace

bool perftDivide(const Position& pos, int depth, const PerftSettings& settings,
                 const std::function<bool()>& stopRequested,
                 const std::function<void(const PerftDivideEntry&)>& onEntry) {
  assert(depth >= 1);
  assert(settings.threads >= 1 && settings.threads <= kMaxPerftThreads);
  const bool keepDuplicates = settings.mode == PerftMode::KeepDuplicates;

  // The root moves as perftDivide lists them: every path, or the first path of each result.
  std::vector<PathMove> roots;
  for (const PathMove& m : generatePathMoves(pos)) {
    bool seen = false;
    if (!keepDuplicates)
      for (const PathMove& r : roots) seen = seen || r.move == m.move;
    if (!seen) roots.push_back(m);
  }
  auto tallies = std::make_unique<RootTally[]>(roots.size());
  std::vector<Task> tasks;
  for (int r = 0; r < static_cast<int>(roots.size()); ++r) {
    const Position child = pos.after(roots[r].move);
    if (depth == 1) {
      tallies[r].nodes = 1;
    } else if (depth == 2) {
      tasks.push_back({child, 1, r, 1});
    } else {
      MoveList replies;
      generateMoves(child, replies);
      for (const Move& m : replies)
        tasks.push_back({child.after(m), depth - 2, r, keepDuplicates ? m.paths : 1u});
    }
  }
  for (const Task& t : tasks) ++tallies[t.root].tasksLeft;

  std::shared_ptr<PerftTable> table = settings.table;
  if (!table && settings.hashMegabytes > 0)
    table = std::make_shared<PerftTable>(settings.hashMegabytes);

  std::atomic<bool> stop{false};
  std::atomic<std::size_t> nextTask{0};
  std::mutex mutex;
  std::condition_variable taskDone;
  auto work = [&](const std::function<bool()>* poll, const std::function<void()>& afterTask) {
    Counter counter(settings.mode, table.get(), stop, poll);
    for (;;) {
      const std::size_t i = nextTask.fetch_add(1);
      if (i >= tasks.size()) return;
      const Task& t = tasks[i];
      const std::uint64_t nodes = counter.count(t.pos, t.depth) * t.weight;
      if (counter.stopped()) {
        stop = true;
        return;
      }
      tallies[t.root].nodes += nodes;
      --tallies[t.root].tasksLeft;
      afterTask();
    }
  };

  int reported = 0;
  auto reportReady = [&] {
    while (reported < static_cast<int>(roots.size()) && tallies[reported].tasksLeft == 0) {
      if (onEntry) onEntry({roots[reported], tallies[reported].nodes});
      ++reported;
    }
  };

  if (settings.threads == 1) {
    // Tasks run in root order, so each root move is reported as soon as it is done.
    work(stopRequested ? &stopRequested : nullptr, reportReady);
    reportReady();  // root moves without replies
    return !stop;
  }

  std::vector<std::thread> threads;
  for (int i = 0; i < settings.threads; ++i) {
    threads.emplace_back(work, nullptr, [&] {
      std::lock_guard lock(mutex);
      taskDone.notify_one();
    });
  }
  {
    std::unique_lock lock(mutex);
    while (reported < static_cast<int>(roots.size()) && !stop) {
      taskDone.wait_for(lock, kCoordinatorTick);
      lock.unlock();
      if (stopRequested && stopRequested()) stop = true;
      if (!stop) reportReady();
      lock.lock();
    }
  }
  for (std::thread& t : threads) t.join();
  return !stop;
}

}  // namespace damiera
