// damiera-egdb: builds, verifies and probes the endgame databases (README "Endgame databases").
#ifdef _WIN32
// damiera-egdb.exe, cross-built for the CheckerBoard zip (tools/checkerboard/windows).
#define NOMINMAX  // std::min and std::max, not the macros
#include <windows.h>  // before psapi.h
#include <psapi.h>  // GetProcessMemoryInfo
#else
#include <sys/resource.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "egdb_build/build_driver.h"
#include "egdb/database.h"
#include "egdb/index.h"
#include "egdb/resolve.h"
#include "egdb/storage.h"
#include "tools/common/progress_bar.h"

using namespace damiera;
using namespace damiera::egdb;

namespace {

constexpr const char* kHelp = R"(Usage: damiera-egdb COMMAND [OPTIONS]
Endgame databases for Italian draughts: win/draw/loss and distance to conversion.

Commands:
  build --dir DIR --pieces N [--threads T]   build every slice up to N pieces (resumable)
  build --dir DIR --slice NAME [--threads T] build one slice pair (its dependencies must exist)
  verify --dir DIR [--pieces N] [--threads T] re-derive every value, check every file
  probe --dir DIR FEN                        value of a position and of each legal move
  plan --pieces N                            slices in build order, dependencies, sizes
  bench --dir DIR [--pieces N] [--probes K] [--cache MB]  probes per second
  sample --dir DIR --pieces N [--probes K]   K random won positions of exactly N pieces
                                             (no capture pending, White to move), as FENs
  --help                                     this text

Slice names: WMWK-BMBK, e.g. 21-10 = White 2 men 1 king, Black 1 man 0 kings.
)";

struct Args {
  std::string command;
  std::string dir;
  std::string slice;
  std::string fen;
  int pieces = 0;
  int threads = 1;
  long probes = 1000000;
  long cacheMb = 64;
};

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "damiera-egdb: " << error << "\nTry 'damiera-egdb --help'.\n";
  std::exit(2);
}

long number(const std::string& option, const std::string& text, long low, long high) {
  try {
    std::size_t used = 0;
    const long v = std::stol(text, &used);
    if (used == text.size() && v >= low && v <= high) return v;
  } catch (const std::exception&) {
  }
  usage(option + " wants a number from " + std::to_string(low) + " to " + std::to_string(high) +
        ", not '" + text + "'");
}

Args parse(int argc, char** argv) {
  Args a;
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) usage("no command");
  if (words[0] == "--help" || words[0] == "-h") {
    std::cout << kHelp;
    std::exit(0);
  }
  a.command = words[0];
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= words.size()) usage(w + " needs a value");
      return words[++i];
    };
    if (w == "--dir")
      a.dir = value();
    else if (w == "--pieces")
      a.pieces = static_cast<int>(number(w, value(), 2, 9));
    else if (w == "--threads")
      a.threads = static_cast<int>(number(w, value(), 1, 256));
    else if (w == "--slice")
      a.slice = value();
    else if (w == "--probes")
      a.probes = number(w, value(), 1, 1000000000);
    else if (w == "--cache")
      a.cacheMb = number(w, value(), 1, 1 << 20);
    else if (w == "--help") {
      std::cout << kHelp;
      std::exit(0);
    } else if (a.command == "probe" && a.fen.empty() && w.rfind("--", 0) != 0)
      a.fen = w;
    else
      usage("unknown argument '" + w + "'");
  }
  return a;
}

std::string humanBytes(std::uint64_t b) {
  char text[32];
  if (b >= (1ULL << 30))
    std::snprintf(text, sizeof text, "%.2f GiB", b / 1073741824.0);
  else if (b >= (1ULL << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", b / 1048576.0);
  else if (b >= 1024)
    std::snprintf(text, sizeof text, "%.1f KiB", b / 1024.0);
  else
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(b));
  return text;
}

std::string duration(double seconds) { return tools::formatDuration(seconds); }

long peakRssMb() {
#ifdef _WIN32
  PROCESS_MEMORY_COUNTERS counters{};
  if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters)) return 0;
  return static_cast<long>(counters.PeakWorkingSetSize >> 20);
#else
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
#endif
}

// Progress over the whole run: a bar redrawn in place on a terminal, one line a pair otherwise.
class Progress {
 public:
  Progress(std::uint64_t total) : bar_(total) {}

  BuildCallbacks callbacks() {
    BuildCallbacks c;
    c.started = [this](const Material& m, std::uint64_t positions) {
      current_ = m;
      pairPositions_ = positions;
    };
    c.progress = [this](std::uint64_t done) { draw(done); };
    c.finished = [this](const PairReport& r) { finished(r); };
    return c;
  }

 private:
  void draw(std::uint64_t done) {  // called by every building thread
    const std::uint64_t overall = finishedPositions_ + done;
    bar_.update(
        overall,
        [&] {
          const double elapsed = bar_.elapsedSeconds();
          char text[96];
          std::snprintf(text, sizeof text, "slice %s %.0f pos/s", current_.name().c_str(),
                        elapsed > 0 ? overall / elapsed : 0);
          return std::string(text);
        },
        /*force=*/done >= pairPositions_);
  }

  void finished(const PairReport& r) {
    finishedPositions_ += r.positions;
    bar_.clear();
    const std::string names =
        r.pair.isSymmetric() ? r.pair.name() : r.pair.name() + "+" + r.pair.mirrored().name();
    if (r.skipped) {
      std::printf("slice %s: already built (%llu positions, %s)\n", names.c_str(),
                  static_cast<unsigned long long>(r.positions), humanBytes(r.bytes).c_str());
    } else {
      std::printf("slice %s: %llu positions, %s, %s, %.0f pos/s, longest win %d, loss %d plies\n",
                  names.c_str(), static_cast<unsigned long long>(r.positions),
                  humanBytes(r.bytes).c_str(), duration(r.seconds).c_str(),
                  r.seconds > 0 ? r.positions / r.seconds : 0.0, r.maxWinDistance,
                  r.maxLossDistance);
    }
    std::fflush(stdout);
  }

  tools::ProgressBar bar_;
  Material current_;
  std::uint64_t pairPositions_ = 0;
  std::uint64_t finishedPositions_ = 0;
};

void printSummary(const std::vector<PairReport>& reports, double seconds) {
  std::map<int, std::pair<std::uint64_t, std::uint64_t>> byPieces;  // positions, bytes
  for (const PairReport& r : reports) {
    byPieces[r.pair.pieces()].first += r.positions;
    byPieces[r.pair.pieces()].second += r.bytes;
  }
  for (const auto& [n, pb] : byPieces)
    std::printf("%d pieces: %llu positions, %s, %.1f positions/byte\n", n,
                static_cast<unsigned long long>(pb.first), humanBytes(pb.second).c_str(),
                pb.second ? double(pb.first) / pb.second : 0.0);
  std::printf("done in %s, peak memory %ld MiB\n", duration(seconds).c_str(), peakRssMb());
}

int build(const Args& a) {
  if (a.dir.empty()) usage("build needs --dir DIR");
  const auto start = std::chrono::steady_clock::now();
  std::vector<PairReport> reports;
  if (!a.slice.empty()) {
    const std::optional<Material> m = Material::parse(a.slice);
    if (!m) usage("bad slice name '" + a.slice + "' (want WMWK-BMBK, e.g. 21-10)");
    std::filesystem::create_directories(a.dir);
    Progress progress(pairPositions(m->canonical()));
    reports.push_back(buildOnePair(a.dir, m->canonical(), a.threads, progress.callbacks()));
  } else {
    if (!a.pieces) usage("build needs --pieces N or --slice NAME");
    std::uint64_t total = 0;
    for (const Material& m : buildOrder(a.pieces)) total += pairPositions(m);
    Progress progress(total);
    reports = buildAll(a.dir, a.pieces, a.threads, progress.callbacks());
  }
  printSummary(reports,
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}

int verify(const Args& a) {
  if (a.dir.empty()) usage("verify needs --dir DIR");
  int pieces = a.pieces;
  if (!pieces) {  // every piece count whose slices are all present
    for (int n = 2; n <= 9; ++n) {
      bool all = true;
      for (const Material& m : slicesUpTo(n))
        if (!std::filesystem::exists(a.dir + "/" + sliceFileName(m))) all = false;
      if (!all) break;
      pieces = n;
    }
    if (!pieces) {
      std::cerr << "damiera-egdb: error: no complete database in " << a.dir << '\n';
      return 1;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t bad = 0, positions = 0;
  verifyAll(a.dir, pieces, a.threads, [&](const VerifyReport& r) {
    positions += r.positions;
    bad += r.mismatches;
    if (r.mismatches)
      std::printf("slice %s: %llu of %llu positions wrong, e.g. %s\n", r.slice.name().c_str(),
                  static_cast<unsigned long long>(r.mismatches),
                  static_cast<unsigned long long>(r.positions), r.firstMismatch.c_str());
    else
      std::printf("slice %s: %llu positions ok\n", r.slice.name().c_str(),
                  static_cast<unsigned long long>(r.positions));
    std::fflush(stdout);
  });
  std::printf(
      "%s: %llu positions up to %d pieces, %llu wrong, in %s, peak memory %ld MiB\n",
      bad ? "verify FAILED" : "verify ok", static_cast<unsigned long long>(positions), pieces,
      static_cast<unsigned long long>(bad),
      duration(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count())
          .c_str(),
      peakRssMb());
  return bad ? 1 : 0;
}

int probe(const Args& a) {
  if (a.dir.empty() || a.fen.empty()) usage("probe needs --dir DIR and a FEN");
  const Parsed<Position> parsed = parseFen(a.fen);
  if (!parsed) {
    std::cerr << "damiera-egdb: error: " << parsed.error << '\n';
    return 2;
  }
  const std::optional<Position>& pos = parsed.value;
  Database db(a.dir, 9, std::uint64_t(a.cacheMb) << 20);
  for (const std::string& e : db.errors()) std::cerr << "damiera-egdb: error: " << e << '\n';
  const std::optional<Value> v = db.probe(*pos);
  if (!v) {
    std::cerr << "damiera-egdb: error: position not in the database in " << a.dir << '\n';
    return 1;
  }
  std::printf("%s: %s\n", formatFen(*pos).c_str(), describe(*v).c_str());
  for (const PathMove& pm : generatePathMoves(*pos)) {
    const std::optional<Value> after = db.probe(pos->after(pm.move));
    if (!after) continue;
    const Value mover = fromMover(*after);
    const bool converts = pos->isProgressMove(pm.move);
    const int plies = mover.wdl == Wdl::Draw ? 0 : converts ? 1 : mover.distance + 1;
    std::printf("  %-10s %s%s\n", formatMove(pm).c_str(),
                mover.wdl == Wdl::Draw ? "draw" : describe({mover.wdl, plies}).c_str(),
                converts ? " (converts)" : "");
  }
  return 0;
}

// One line a build step, in an order where every step's dependencies come earlier. The wave
// is 1 + the highest wave of its dependencies: the steps of one wave can run at the same time.
int plan(const Args& a) {
  if (!a.pieces) usage("plan needs --pieces N");
  std::printf("# step wave slice(s) positions dependencies\n");
  int step = 0;
  std::uint64_t total = 0;
  std::map<Material, int> waves;
  for (const Material& m : buildOrder(a.pieces)) {
    std::string deps;
    int wave = 1;
    for (const Material& d : dependencies(m)) {
      deps += (deps.empty() ? "" : ",") + d.name();
      wave = std::max(wave, waves.at(d) + 1);
    }
    waves[m] = wave;
    const std::uint64_t n = pairPositions(m);
    total += n;
    std::printf("%d %d %s %llu %s\n", ++step, wave,
                (m.isSymmetric() ? m.name() : m.name() + "+" + m.mirrored().name()).c_str(),
                static_cast<unsigned long long>(n), deps.empty() ? "-" : deps.c_str());
  }
  std::printf("# %d steps, %llu positions\n", step, static_cast<unsigned long long>(total));
  return 0;
}

// Probes random positions of the database (no capture pending, as the search probes), first
// with a cold cache (every block read from disk and decompressed, unless already used), then
// the same positions again with the cache warm.
int bench(const Args& a) {
  if (a.dir.empty()) usage("bench needs --dir DIR");
  Database db(a.dir, a.pieces ? a.pieces : 9, std::uint64_t(a.cacheMb) << 20);
  for (const std::string& e : db.errors()) std::cerr << "damiera-egdb: error: " << e << '\n';
  if (!db.pieces()) {
    std::cerr << "damiera-egdb: error: no complete database in " << a.dir << '\n';
    return 1;
  }
  std::vector<Material> slices = slicesUpTo(db.pieces());
  std::mt19937_64 rng(12345);
  std::vector<Position> sample;
  while (static_cast<long>(sample.size()) < a.probes) {
    const Material m = slices[rng() % slices.size()];
    const SliceIndex index(m);
    Position pos = toPosition(index.board(rng() % index.size()));
    if (rng() & 1)
      pos = toPosition(index.board(rng() % index.size()).mirrored()),
      pos.setSideToMove(Color::Black);
    if (!hasCapture(pos)) sample.push_back(pos);
  }
  for (const char* pass : {"uncached", "cached"}) {
    const std::uint64_t readsBefore = db.blockReads();
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t wins = 0;
    for (const Position& p : sample) wins += db.probe(p)->wdl == Wdl::Win;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %zu probes in %.3fs = %.0f probes/s, %llu block reads (%llu wins)\n", pass,
                sample.size(), s, sample.size() / s,
                static_cast<unsigned long long>(db.blockReads() - readsBefore),
                static_cast<unsigned long long>(wins));
  }
  return 0;
}

// Random won positions for conversion tests (tools/egdb/conversion.py): White to move, no
// capture pending, at least 5 plies from the conversion (quick ones test nothing).
int sample(const Args& a) {
  if (a.dir.empty() || !a.pieces) usage("sample needs --dir DIR and --pieces N");
  Database db(a.dir, a.pieces, std::uint64_t(a.cacheMb) << 20);
  std::vector<Material> slices;
  for (const Material& m : slicesUpTo(a.pieces))
    if (m.pieces() == a.pieces) slices.push_back(m);
  std::mt19937_64 rng(2026);
  for (long found = 0; found < a.probes;) {
    const Material m = slices[rng() % slices.size()];
    const SliceIndex index(m);
    const Position pos = toPosition(index.board(rng() % index.size()));
    if (hasCapture(pos)) continue;
    const std::optional<Value> v = db.probe(pos);
    if (!v) {
      std::cerr << "damiera-egdb: error: slice " << m.name() << " is not in " << a.dir << '\n';
      return 1;
    }
    if (v->wdl != Wdl::Win || v->distance < 5) continue;
    std::printf("%s %s\n", formatFen(pos).c_str(), describe(*v).c_str());
    ++found;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  try {
    if (a.command == "build") return build(a);
    if (a.command == "verify") return verify(a);
    if (a.command == "probe") return probe(a);
    if (a.command == "plan") return plan(a);
    if (a.command == "bench") return bench(a);
    if (a.command == "sample") return sample(a);
  } catch (const std::exception& e) {
    std::cerr << "damiera-egdb: error: " << e.what() << '\n';
    return 1;
  }
  usage("unknown command '" + a.command + "'");
}
