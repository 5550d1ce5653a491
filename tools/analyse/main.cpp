// damiera-analyse: scores every move of PDN games with the engine's search, marks the
// inaccuracies, mistakes and blunders, and writes the annotated PDN and an HTML report
// (docs/analysis.md).
#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "egdb/database.h"
#include "search/limits.h"
#include "tools/analyse/analyse_run.h"
#include "tools/common/tool_database.h"
#include "version.h"

using namespace damiera;
namespace po = boost::program_options;

namespace {

constexpr const char* kHelp = R"(Usage: damiera-analyse [OPTIONS] [PDN...]
Scores every move of the PDN games in the files (standard input when none, or '-') with the
engine's search, marks those that lost (?! inaccuracy, ? mistake, ?? blunder) and gives the
better move with its line; writes the annotated PDN (docs/analysis.md).

Effort of each position's search (the first limit reached ends it; default --depth 8):
  --depth N           search depth
  --nodes N           node limit (with one thread: the same analysis on every run)
  --movetime MS       time limit
  --threads T         search threads per game (default 1)
  --jobs J            games analysed side by side (default 1)
  --hash MB           transposition table per game analysed at once (default 16)
  --egdb DIR          the endgame database the search probes (damiera-egdb; docs/egdb.md)
Output:
  -o, --output FILE   the annotated PDN (default: standard output); a rerun skips the games
                      already in FILE, which is rewritten whole after every game
  --html DIR          one self-contained HTML page per game: DIR/game-001.html, ...
  --quiet             no progress bar, no line per game
Marks, by the mover's loss of expected score in percentage points (0..100, from the scores'
winning chances; docs/analysis.md):
  --inaccuracy P      ?! from P points lost (default 5)
  --mistake P         ?  from P points lost (default 10)
  --blunder P         ?? from P points lost (default 20)
  --help              this text
  --version           the version

Exit status: 0 every game analysed; 1 a game could not be read or written (each named on
stderr, the others analysed); 2 a usage error.
)";

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "damiera-analyse: " << error << "\nTry 'damiera-analyse --help'.\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description o;
  o.add_options()("depth", po::value<int>())("nodes", po::value<std::uint64_t>())(
      "movetime", po::value<std::int64_t>())("threads", po::value<int>())("jobs", po::value<int>())(
      "hash", po::value<int>())("egdb", po::value<std::string>())(
      "output,o", po::value<std::string>())("html", po::value<std::string>())("quiet", "")(
      "inaccuracy", po::value<double>())("mistake", po::value<double>())(
      "blunder", po::value<double>())("help", "")("version", "")(
      "input", po::value<std::vector<std::string>>());
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(o).positional(positional).run(), vm);
  } catch (const po::error& e) {
    usage(e.what());
  }
  if (vm.count("help")) {
    std::cout << kHelp;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "damiera-analyse " << kEngineVersion << "\n";
    return 0;
  }

  analyse::Config config;
  if (vm.count("input")) config.inputs = vm["input"].as<std::vector<std::string>>();
  if (vm.count("output")) config.output = vm["output"].as<std::string>();
  if (vm.count("html")) config.htmlDir = vm["html"].as<std::string>();
  config.quiet = vm.count("quiet") > 0;
  analysis::Effort& effort = config.effort;
  if (vm.count("depth")) effort.depth = vm["depth"].as<int>();
  if (vm.count("nodes")) effort.nodes = vm["nodes"].as<std::uint64_t>();
  if (vm.count("movetime")) effort.moveTimeMs = vm["movetime"].as<std::int64_t>();
  if (vm.count("threads")) effort.threads = vm["threads"].as<int>();
  if (vm.count("hash")) effort.hashMb = vm["hash"].as<int>();
  if (vm.count("jobs")) config.jobs = vm["jobs"].as<int>();
  if ((vm.count("depth") && effort.depth <= 0) || (effort.moveTimeMs && *effort.moveTimeMs <= 0) ||
      (vm.count("nodes") && effort.nodes == 0))
    usage("--depth, --nodes and --movetime want positive numbers");
  if (effort.depth == 0 && effort.nodes == 0 && !effort.moveTimeMs) effort.depth = 8;
  if (effort.threads < 1 || effort.threads > kMaxThreads)
    usage("--threads wants 1.." + std::to_string(kMaxThreads));
  if (config.jobs < 1) usage("--jobs wants at least 1");
  if (effort.hashMb < 1) usage("--hash wants at least 1 (MB)");
  if (vm.count("egdb")) {
    std::shared_ptr<egdb::Database> database;
    try {
      database = tools::openToolDatabase("damiera-analyse", vm["egdb"].as<std::string>(),
                                         tools::DatabaseNeed::AnySlice);
    } catch (const std::exception& e) {
      usage(e.what());
    }
    effort.database = database;
    effort.databasePieces = database->largestSlice();
  }
  analysis::Thresholds& t = config.thresholds;
  if (vm.count("inaccuracy")) t.inaccuracy = vm["inaccuracy"].as<double>();
  if (vm.count("mistake")) t.mistake = vm["mistake"].as<double>();
  if (vm.count("blunder")) t.blunder = vm["blunder"].as<double>();
  if (!(0 < t.inaccuracy && t.inaccuracy <= t.mistake && t.mistake <= t.blunder &&
        t.blunder <= 100))
    usage("the marks want 0 < --inaccuracy <= --mistake <= --blunder <= 100");
  return analyse::runAnalyse(config);
}
