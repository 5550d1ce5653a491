// damiera-endings: the measurement of how the engine plays king endings (docs/endings.md):
// `sample` takes them from drawn games, damiera-match plays them, `report` tallies the games.
#include <boost/program_options.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/pdn.h"
#include "egdb/database.h"
#include "tools/common/tool_database.h"
#include "tools/endings/report.h"
#include "tools/endings/sample.h"
#include "version.h"

using namespace damiera;
using namespace damiera::endings;
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

constexpr const char* kHelp = R"(Usage: damiera-endings sample [OPTIONS] PDN...
       damiera-endings report --engine NAME [OPTIONS] PDN...
How the engine plays king endings: few pieces, kings on both sides, the material level or one
side slightly better (docs/endings.md).

sample: from every drawn game of the PDN files, the first king ending it reached (each position
once), written as an openings file for damiera-match (one FEN a line, each after a comment
naming its balance and the game it came from).
  --pieces MIN-MAX    pieces on the board (default 6-9)
  --count N           at most N of them, chosen by --seed (default 0: all)
  --seed S            (default 1)
  -o, --output FILE   the openings file (default: standard output); written whole or not at all

report: the games of a match played from those positions, tallied for the engine NAME (a PDN
White or Black tag) by its side of the balance at the start (level, ahead, behind): wins, draws,
losses, its score, the draws by repetition (R14) and by no progress (R15), the mean plies.
  --engine NAME       the engine reported on
  --pieces MIN-MAX    as for sample (games from other starts are left out, and counted)
  --egdb DIR          with an endgame database (damiera-egdb): the first position each game
                      reached within it, won, lost or drawn for NAME, and what NAME made of it
  --misses            with --egdb: list the games where NAME let a database win go, or traded
                      into a database draw while ahead (game numbers count across the files)

  --help              this text
  --version           the version
Exit status: 0 done; 1 a file could not be read or written; 2 a usage error.
)";

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "damiera-endings: " << error << "\nTry 'damiera-endings --help'.\n";
  std::exit(2);
}

[[noreturn]] void fail(const std::string& error) {
  std::cerr << "damiera-endings: " << error << "\n";
  std::exit(1);
}

PieceRange parseRange(const std::string& text) {
  PieceRange range;
  char dash = 0;
  std::istringstream in(text);
  if (!(in >> range.fewest >> dash >> range.most) || dash != '-' || !in.eof() || range.fewest < 2 ||
      range.most > 24 || range.fewest > range.most)
    usage("--pieces '" + text + "': MIN-MAX, 2 <= MIN <= MAX <= 24");
  return range;
}

std::vector<PdnGame> readGames(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  Parsed<std::vector<PdnGame>> games = readPdn(text.str());
  if (!games) fail(path + ": " + games.error);
  return std::move(*games.value);
}

void writeWhole(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) fail(temporary + ": cannot be written");
  }
  std::error_code error;
  fs::rename(temporary, path, error);  // never a half-written file under the real name
  if (error) fail(path + ": " + error.message());
}

int sample(const po::variables_map& vm, const std::vector<std::string>& files) {
  const PieceRange range = parseRange(vm["pieces"].as<std::string>());
  std::vector<std::string> seen;
  std::vector<SampledEnding> all;
  for (const std::string& file : files) {
    std::vector<SampledEnding> found =
        endingsOfDraws(readGames(file), fs::path(file).filename().string(), range, seen);
    all.insert(all.end(), found.begin(), found.end());
  }
  const std::vector<SampledEnding> chosen =
      choose(all, vm["count"].as<std::size_t>(), vm["seed"].as<std::uint64_t>());
  const std::string text = openingsFile(chosen, range);
  if (vm.count("output"))
    writeWhole(vm["output"].as<std::string>(), text);
  else
    std::cout << text;
  std::cerr << "damiera-endings: " << chosen.size() << " of " << all.size()
            << " king endings from the draws\n";
  return 0;
}

int report(const po::variables_map& vm, const std::vector<std::string>& files) {
  if (!vm.count("engine")) usage("report needs --engine NAME");
  EndingsReport result;
  result.engine = vm["engine"].as<std::string>();
  result.range = parseRange(vm["pieces"].as<std::string>());
  std::shared_ptr<egdb::Database> database;
  if (vm.count("egdb")) {
    try {
      database = tools::openToolDatabase("damiera-endings", vm["egdb"].as<std::string>(),
                                         tools::DatabaseNeed::CompleteSlices);
    } catch (const std::exception& e) {
      fail(e.what());
    }
    result.databasePieces = database->pieces();
  }
  int number = 0;
  for (const std::string& file : files)
    for (const PdnGame& game : readGames(file)) tally(game, ++number, database.get(), result);
  std::cout << format(result, vm.count("misses") > 0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description o;
  o.add_options()("help,h", "")("version", "")("command", po::value<std::string>())(
      "files", po::value<std::vector<std::string>>()->multitoken())(
      "pieces", po::value<std::string>()->default_value("6-9"))(
      "count", po::value<std::size_t>()->default_value(0))(
      "seed", po::value<std::uint64_t>()->default_value(1))("output,o", po::value<std::string>())(
      "engine", po::value<std::string>())("egdb", po::value<std::string>())("misses", "");
  po::positional_options_description positional;
  positional.add("command", 1).add("files", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(o).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage(e.what());
  }
  if (vm.count("help")) {
    std::cout << kHelp;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "damiera-endings " << kEngineVersion << "\n";
    return 0;
  }
  if (!vm.count("command")) usage("sample or report?");
  const std::string command = vm["command"].as<std::string>();
  const std::vector<std::string> files =
      vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.empty()) usage(command + ": which PDN files?");
  if (command == "sample") return sample(vm, files);
  if (command == "report") return report(vm, files);
  usage("unknown command '" + command + "': sample or report");
}
