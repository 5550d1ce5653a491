// damiera-perftbench: the move generator's speed in leaves per second, single-threaded, on
// the start position (both counting modes) and the three published test positions; each
// count is checked against its reference, each figure is the median of several runs, so two
// builds can be compared by running this in each. Speed is leaves per second of the process's
// CPU time, which a loaded machine disturbs far less than wall time (printed beside it).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/perft.h"

namespace {

using namespace damiera;

struct Benchmark {
  const char* name;
  std::string_view fen;
  PerftMode mode;
  int depth;
  std::uint64_t leaves;  // the reference count (docs/rules.md, and the published perft threads)
  int quickDepth;        // --quick: a shallow run with its own reference count
  std::uint64_t quickLeaves;
};

constexpr std::string_view kPosition1 = "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3";
constexpr std::string_view kPosition2 = "B:W30,21,22,17,20,K6:B25,28,9,5,1,3";
constexpr std::string_view kPosition3 = "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4";

const std::vector<Benchmark> kBenchmarks = {
    {"start position", kStartFen, PerftMode::KeepDuplicates, 12, 367917147, 8, 828783},
    {"start position unique", kStartFen, PerftMode::DropDuplicates, 12, 367911475, 8, 828783},
    {"position 1", kPosition1, PerftMode::KeepDuplicates, 15, 212130912, 11, 628686},
    {"position 2", kPosition2, PerftMode::KeepDuplicates, 11, 396940628, 7, 389809},
    {"position 3", kPosition3, PerftMode::KeepDuplicates, 9, 130562037, 5, 46241},
};

constexpr const char* kUsage =
    "Usage: damiera-perftbench [--runs N] [--quick]\n"
    "Prints single-threaded perft speed (leaves per CPU second, median of N runs) for the start\n"
    "position (perft 12, both modes) and the three published positions; checks every count.\n"
    "  --runs N   runs per position, 1..99 (default 3)\n"
    "  --quick    shallow depths (a check that the tool works, not a measurement)\n";

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char* argv[]) {
  int runs = 3;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "--quick") {
      quick = true;
    } else if (arg == "--runs" && i + 1 < argc) {
      char* end = nullptr;
      const long value = std::strtol(argv[++i], &end, 10);
      if (*end != '\0' || value < 1 || value > 99) {
        std::fprintf(stderr, "damiera-perftbench: --runs must be 1..99, got '%s'\n", argv[i]);
        return 2;
      }
      runs = static_cast<int>(value);
    } else {
      std::fprintf(stderr, "damiera-perftbench: unexpected '%s'\n%s", argv[i], kUsage);
      return 2;
    }
  }

  // A progress line with an estimate of the time left, on a terminal only.
  const bool progress = isatty(STDERR_FILENO) != 0;
  const int totalRuns = runs * static_cast<int>(kBenchmarks.size());
  int runsDone = 0;
  double secondsDone = 0;
  bool allExact = true;
  for (const Benchmark& b : kBenchmarks) {
    const Position pos = *parseFen(b.fen).value;
    const int depth = quick ? b.quickDepth : b.depth;
    const std::uint64_t expected = quick ? b.quickLeaves : b.leaves;
    std::vector<double> seconds;
    std::vector<double> cpu;
    std::uint64_t leaves = 0;
    for (int r = 0; r < runs; ++r) {
      if (progress) {
        const double eta = runsDone > 0 ? secondsDone / runsDone * (totalRuns - runsDone) : 0.0;
        std::fprintf(stderr, "\r[%d/%d] %s perft %d, about %.0f s left   ", runsDone + 1, totalRuns,
                     b.name, depth, eta);
      }
      const auto start = std::chrono::steady_clock::now();
      const double cpuStart = cpuSeconds();
      leaves = perft(pos, depth, b.mode);
      cpu.push_back(cpuSeconds() - cpuStart);
      seconds.push_back(secondsSince(start));
      secondsDone += seconds.back();
      ++runsDone;
    }
    if (progress) std::fputs("\r\033[K", stderr);
    const double cpuMedian = median(cpu);
    const bool exact = leaves == expected;
    allExact = allExact && exact;
    std::printf("%-22s perft %2d  %10llu leaves  cpu %7.3f s  %7.1f M leaves/s  (wall %.3f s)%s\n",
                b.name, depth, static_cast<unsigned long long>(leaves), cpuMedian,
                cpuMedian > 0 ? static_cast<double>(leaves) / cpuMedian / 1e6 : 0.0,
                median(seconds), exact ? "" : "  WRONG COUNT");
    std::fflush(stdout);
    if (!exact)
      std::fprintf(stderr, "damiera-perftbench: %s perft %d: %llu leaves, expected %llu\n", b.name,
                   depth, static_cast<unsigned long long>(leaves),
                   static_cast<unsigned long long>(expected));
  }
  return allExact ? 0 : 1;
}
