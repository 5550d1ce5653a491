// damiera-stopbench: how long `stop` takes with many search threads (issue 10: "stop answers
// within a few ms whatever the thread count"). A native Session in this process, with its own
// search thread and table as on stdin, gets `setoption name Threads value N`, then R times
// `go infinite`, THINK ms of search, `stop`; it prints the median, p90 and max of the time
// from stop to the bestmove line and to stop's return, and the threads this process has alive
// with N threads and after `setoption name Threads value 1`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/session.h"
#include "tools/common/session_replies.h"

namespace {

using Clock = std::chrono::steady_clock;
using damiera::tools::parseCount;
using damiera::tools::SessionReplies;

constexpr const char* kUsage =
    "Usage: damiera-stopbench [--threads N] [--runs R] [--think MS]\n"
    "Times `stop` of a `go infinite` searching with N threads (default 256) after MS ms\n"
    "(default 50), R times (default 20): the median, p90 and max from stop to the bestmove\n"
    "line and to stop's return; and the threads alive with N threads and after Threads 1.\n";

int threadsAlive() {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task"))
    ++count;
  return count;
}

double millis(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

void printFigures(const char* what, std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const auto at = [&](double q) {
    return samples[std::min(samples.size() - 1, static_cast<std::size_t>(q * samples.size()))];
  };
  std::printf("%-24s median %8.2f ms   p90 %8.2f ms   max %8.2f ms\n", what, at(0.5), at(0.9),
              samples.back());
}

}  // namespace

int main(int argc, char** argv) {
  int threads = 256, runs = 20, think = 50;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const bool hasValue = i + 1 < argc;
    bool ok = false;
    if (arg == "--threads" && hasValue)
      ok = parseCount(argv[++i], 1, 256, threads);
    else if (arg == "--runs" && hasValue)
      ok = parseCount(argv[++i], 1, 10000, runs);
    else if (arg == "--think" && hasValue)
      ok = parseCount(argv[++i], 0, 60000, think);
    else if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (!ok) {
      std::fprintf(stderr, "damiera-stopbench: bad argument %.*s\n%s", static_cast<int>(arg.size()),
                   arg.data(), kUsage);
      return 2;
    }
  }

  SessionReplies replies;
  damiera::Session session([&replies](std::string_view line) { replies.add(line); });
  session.handleLine("setoption name Threads value " + std::to_string(threads));

  std::vector<double> toBestmove, toReturn;
  int aliveWithThreads = 0;
  for (int run = 0; run < runs; ++run) {
    const int infosBefore = replies.infos();
    const int bestmovesBefore = replies.bestmoves();
    session.handleLine("go infinite");
    replies.waitForInfos(infosBefore + 1);  // depth 1 is done: every thread is searching
    std::this_thread::sleep_for(std::chrono::milliseconds(think));
    if (run == 0) aliveWithThreads = threadsAlive();
    const auto stopped = Clock::now();
    session.handleLine("stop");
    const auto returned = Clock::now();
    if (replies.bestmoves() != bestmovesBefore + 1) {
      std::fprintf(stderr, "damiera-stopbench: stop did not give exactly one bestmove\n");
      return 1;
    }
    toBestmove.push_back(millis(replies.bestmoveTime() - stopped));
    toReturn.push_back(millis(returned - stopped));
  }
  session.handleLine("setoption name Threads value 1");
  const int aliveAfter = threadsAlive();

  std::printf("stop with %d threads, %d runs, %d ms of search before each stop\n", threads, runs,
              think);
  printFigures("stop -> bestmove", toBestmove);
  printFigures("stop -> stop returned", toReturn);
  std::printf("threads alive: %d while searching with %d, %d after Threads 1\n", aliveWithThreads,
              threads, aliveAfter);
  return 0;
}
