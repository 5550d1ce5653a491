// damiera-smpbench: Lazy SMP time to depth (issue 13: "Threads=2 time to depth on three
// positions ... goal: at least 1.7x against 1 thread"). A native Session in this process, as on
// stdin, searches each position to a fixed depth, R times with 1 thread and R times with N,
// alternating, each run from an empty table (`ucinewgame`). It prints per position the median
// time to the bestmove and the nodes at each thread count, the speed-up (1-thread median over
// N-thread median), and the geometric mean of the speed-ups.
//
// Time to depth is a wall-clock figure: it says something only on a machine that has N
// processors free for it. So the speed-up is printed as the product of two factors: the work
// speed-up, N times the 1-thread nodes over the N-thread nodes (the speed-up N processors that
// each ran as fast as one alone would give: what the search's parallel algorithm achieves),
// and the thread speed, each thread's nodes per second with N over the 1-thread figure (what
// the processors, the memory and the other load on the machine let the threads do).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "tools/common/session_replies.h"

namespace {

using Clock = std::chrono::steady_clock;
using damiera::tools::parseCount;
using damiera::tools::SessionReplies;

constexpr const char* kUsage =
    "Usage: damiera-smpbench [--threads N] [--depth D] [--runs R] [--fen FEN]...\n"
    "Lazy SMP time to depth: each position searched to depth D (default 22) R times (default 5)\n"
    "with 1 thread and R times with N threads (default 2), alternating, from an empty table\n"
    "each time. Prints the median time and nodes per position, the speed-up 1-thread/N-thread\n"
    "and its geometric mean. The speed-up is the product of the work speed-up (N x 1-thread\n"
    "nodes / N-thread nodes: the speed-up on N processors each as fast as one alone) and the\n"
    "thread speed (nodes per second per thread with N threads / with 1: below 1 when the\n"
    "processors are shared or slowed). Without --fen: the start position and two from `bench`.\n";

// Three positions of different phases: the start, a middlegame and a late middlegame (all from
// the bench set).
const std::vector<std::string> kDefaultPositions = {
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W20,21,22,24,26,28,29,30,31,32:B1,2,3,8,9,11,12,14,15,17",
    "W:W22,23,25,26,29,30,31,32:B1,2,4,9,10,15,16,17,24",
};

struct Sample {
  double ms = 0;
  std::uint64_t nodes = 0;
  int depth = 0;  // of the last iteration line
};

template <typename T>
T median(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// One search of `fen` to `depth` with `threads` threads, from an empty table.
Sample searchOnce(damiera::Session& session, SessionReplies& replies, const std::string& fen,
                  int threads, int depth) {
  session.handleLine("setoption name Threads value " + std::to_string(threads));
  session.handleLine("ucinewgame");
  session.handleLine("position fen " + fen);
  session.handleLine("isready");
  const int before = replies.bestmoves();
  const auto start = Clock::now();
  session.handleLine("go depth " + std::to_string(depth));
  replies.waitForBestmoves(before + 1);
  Sample sample;
  sample.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  sample.nodes = replies.lastNodes();
  sample.depth = replies.lastDepth();
  return sample;
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 2, depth = 22, runs = 5;
  std::vector<std::string> positions;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool hasValue = i + 1 < argc;
    bool ok = false;
    if (arg == "--threads" && hasValue)
      ok = parseCount(argv[++i], 2, 256, threads);
    else if (arg == "--depth" && hasValue)
      ok = parseCount(argv[++i], 1, 60, depth);
    else if (arg == "--runs" && hasValue)
      ok = parseCount(argv[++i], 1, 1000, runs);
    else if (arg == "--fen" && hasValue) {
      positions.emplace_back(argv[++i]);
      ok = true;
    } else if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (!ok) {
      std::fprintf(stderr, "damiera-smpbench: bad argument %.*s\n%s", static_cast<int>(arg.size()),
                   arg.data(), kUsage);
      return 2;
    }
  }
  if (positions.empty()) positions = kDefaultPositions;

  SessionReplies replies;
  std::string error;
  damiera::Session session([&](std::string_view line) {
    if (line.substr(0, 6) == "error ") error = line;
    replies.add(line);
  });

  for (const std::string& fen : positions) {
    session.handleLine("position fen " + fen);
    if (!error.empty()) {
      std::fprintf(stderr, "damiera-smpbench: %s (position %s)\n", error.c_str(), fen.c_str());
      return 1;
    }
  }

  // The first search touches the table's pages for the first time (slow with huge pages); it
  // is not counted.
  searchOnce(session, replies, positions[0], threads, std::min(depth, 12));

  std::printf("time to depth %d, %d runs per thread count, alternating; 1 thread vs %d\n", depth,
              runs, threads);
  std::printf("%-4s %12s %12s %12s %12s %8s %8s %8s\n", "pos", "ms (1)", "nodes (1)", "ms (N)",
              "nodes (N)", "speedup", "work", "thread");
  double logSum = 0, logWorkSum = 0;
  for (std::size_t p = 0; p < positions.size(); ++p) {
    std::vector<double> ms1, msN;
    std::vector<std::uint64_t> nodes1, nodesN;
    for (int run = 0; run < runs; ++run) {
      const Sample one = searchOnce(session, replies, positions[p], 1, depth);
      const Sample many = searchOnce(session, replies, positions[p], threads, depth);
      if (!error.empty()) {
        std::fprintf(stderr, "damiera-smpbench: %s\n", error.c_str());
        return 1;
      }
      if (one.depth != depth || many.depth != depth) {
        std::fprintf(stderr, "damiera-smpbench: the search ended at depth %d, not %d\n",
                     std::min(one.depth, many.depth), depth);
        return 1;
      }
      ms1.push_back(one.ms);
      nodes1.push_back(one.nodes);
      msN.push_back(many.ms);
      nodesN.push_back(many.nodes);
    }
    const double speedup = median(ms1) / std::max(median(msN), 1e-3);
    const double work = threads * static_cast<double>(median(nodes1)) /
                        static_cast<double>(std::max<std::uint64_t>(median(nodesN), 1));
    logSum += std::log(speedup);
    logWorkSum += std::log(work);
    // speedup = work x thread speed, exactly (the medians' ratios factor so).
    std::printf("%-4zu %12.1f %12llu %12.1f %12llu %7.2fx %7.2fx %8.2f\n", p + 1, median(ms1),
                static_cast<unsigned long long>(median(nodes1)), median(msN),
                static_cast<unsigned long long>(median(nodesN)), speedup, work, speedup / work);
    std::fflush(stdout);
  }
  const double count = static_cast<double>(positions.size());
  std::printf("geometric mean speed-up with %d threads: %.2fx\n", threads,
              std::exp(logSum / count));
  std::printf("geometric mean work speed-up: %.2fx; thread speed: %.2f\n",
              std::exp(logWorkSum / count), std::exp((logSum - logWorkSum) / count));
  return 0;
}
