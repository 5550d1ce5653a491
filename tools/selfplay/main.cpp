// damiera-selfplay: plays the engine against itself and writes training records
// (docs/selfplay.md).
#include <boost/program_options.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "egdb/database.h"
#include "tools/common/tool_database.h"
#include "tools/selfplay/sample_check.h"
#include "tools/selfplay/selfplay_run.h"
#include "train/sample_file.h"

using namespace damiera;
using namespace damiera::selfplay;
namespace po = boost::program_options;

namespace {

constexpr const char* kHelp = R"(Usage: damiera-selfplay --out FILE [OPTIONS]
       damiera-selfplay --check PATH
Plays Italian draughts games of the engine against itself and writes every position it
searched, with the search's score and the game's result, as training records
(docs/selfplay.md). Games go in chunks FILE.0000, FILE.0001, ... of --chunk-games games, each
written whole (temporary file, verify, rename); a rerun with the same settings keeps the
complete chunks and plays the rest.

Options:
  --out FILE          chunk files FILE.NNNN, and FILE.settings (what the chunks depend on)
  --games N           games in all, resumed ones included (default 1000)
  --threads N         games played at once, one search thread each (default: the cores)
  --nodes N           nodes per move (default 5000, or no limit when --depth is given)
  --node-jitter PCT   each move's node limit is drawn in nodes +-PCT% (default 20, at most
                      50), so that games meeting in one position go on differently
  --depth D           depth per move (default 0: no depth limit)
  --seed S            seed of the random choices (default 1): same seed, same games
  --openings FILE     start each game from a random opening of FILE (one FEN or move
                      sequence a line, or PDN), e.g. tools/openings/3ply.txt (default: the
                      start position)
  --random-plies N    random legal moves after the opening (default 6)
  --balance CP        the first search after them must score within +-CP hundredths of a
                      man, else they are drawn again (default 60)
  --chunk-games N     games per chunk file (default 500)
  --hash MB           transposition table per thread (default 16)
  --max-plies N       adjudicate a game still going after N plies a draw (default 600)
  --no-adjudication   play proven wins out instead of ending the game there
  --egdb DIR          the searches probe this endgame database (damiera-egdb, docs/egdb.md),
                      and a game ends at its first position within it, with the database's
                      value as its result (unless --no-adjudication, or R15 would spoil it)
  --shard K/N         play shard K (1..N) of the run, e.g. one task of a Slurm job array
                      (docs/cluster.md): --games is split over the N shards, the seed is
                      derived from --seed and K, and the chunks go to FILE-shardKofN.NNNN,
                      so shards never share a game or a file; --check the folder after
  --check PATH        check the records of a file, a folder or a chunk set FILE, print
                      counts; exit status 1 if any record is not a reachable position
  --help              this text
)";

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "damiera-selfplay: " << error << "\nTry 'damiera-selfplay --help'.\n";
  std::exit(2);
}

template <class T>
T atLeast(const po::variables_map& vm, const char* name, T minimum) {
  const T value = vm[name].as<T>();
  if (value < minimum)
    usage(std::string("--") + name + " must be at least " + std::to_string(minimum));
  return value;
}

struct Shard {
  std::int64_t index = 1;  // 1..count
  std::int64_t count = 1;
};

Shard parseShard(const std::string& text) {
  Shard shard;
  const std::size_t slash = text.find('/');
  try {
    std::size_t usedIndex = 0, usedCount = 0;
    if (slash != std::string::npos) {
      shard.index = std::stoll(text.substr(0, slash), &usedIndex);
      shard.count = std::stoll(text.substr(slash + 1), &usedCount);
    }
    if (slash != std::string::npos && usedIndex == slash && usedCount == text.size() - slash - 1 &&
        shard.count >= 1 && shard.count <= 1000000 && shard.index >= 1 &&
        shard.index <= shard.count)
      return shard;
  } catch (const std::exception&) {
  }
  usage("--shard wants K/N with 1 <= K <= N (e.g. 3/8), not '" + text + "'");
}

// A shard's seed: splitmix64 of the run's seed and the shard number, so that the shards' games
// (each seeded by its shard seed and its index) are unrelated and no shard repeats another.
std::uint64_t shardSeed(std::uint64_t seed, std::int64_t index) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(index);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Shard K of N: its share of the games (the first G mod N shards one more), seed and file names.
void applyShard(SelfPlayConfig& config, const Shard& shard) {
  const std::int64_t share =
      config.games / shard.count + (shard.index <= config.games % shard.count ? 1 : 0);
  if (share == 0)
    usage("--games " + std::to_string(config.games) + " leaves shard " +
          std::to_string(shard.index) + " of " + std::to_string(shard.count) + " no game");
  config.games = share;
  config.seed = shardSeed(config.seed, shard.index);
  config.out += "-shard" + std::to_string(shard.index) + "of" + std::to_string(shard.count);
}

void openDatabase(const std::string& dir, SelfPlayConfig& config) {
  std::shared_ptr<egdb::Database> database;
  try {
    database =
        tools::openToolDatabase("damiera-selfplay", dir, tools::DatabaseNeed::CompleteSlices);
  } catch (const std::exception& e) {
    usage(e.what());
  }
  config.database = database;
  config.databasePieces = database->pieces();  // complete up to there: every probe answers
}

void printSummary(const RunSummary& s) {
  if (s.gamesPlayed == 0) {
    std::printf("nothing to play: %lld games, %llu positions already there\n",
                static_cast<long long>(s.games), static_cast<unsigned long long>(s.positions));
    return;
  }
  std::printf(
      "played %lld games (white won %lld, drawn %lld, black won %lld; %lld adjudicated), "
      "%llu positions in %.1f s: %.1f games/s, %.0f positions/s\n"
      "in all: %lld games, %llu positions\n",
      static_cast<long long>(s.gamesPlayed), static_cast<long long>(s.whiteWins),
      static_cast<long long>(s.draws), static_cast<long long>(s.blackWins),
      static_cast<long long>(s.adjudicated), static_cast<unsigned long long>(s.positionsPlayed),
      s.seconds, s.gamesPlayed / std::max(s.seconds, 1e-3),
      s.positionsPlayed / std::max(s.seconds, 1e-3), static_cast<long long>(s.games),
      static_cast<unsigned long long>(s.positions));
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description o;
  o.add_options()                                                //
      ("help,h", "")                                             //
      ("out", po::value<std::string>())                          //
      ("games", po::value<std::int64_t>()->default_value(1000))  //
      ("threads", po::value<int>()->default_value(
                      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))))  //
      ("nodes", po::value<std::uint64_t>())                                                  //
      ("node-jitter", po::value<int>()->default_value(20))                                   //
      ("depth", po::value<int>()->default_value(0))                                          //
      ("seed", po::value<std::uint64_t>()->default_value(1))                                 //
      ("openings", po::value<std::string>())                                                 //
      ("random-plies", po::value<int>()->default_value(6))                                   //
      ("balance", po::value<int>()->default_value(60))                                       //
      ("chunk-games", po::value<int>()->default_value(500))                                  //
      ("hash", po::value<int>()->default_value(16))                                          //
      ("max-plies", po::value<int>()->default_value(600))                                    //
      ("no-adjudication", "")                                                                //
      ("egdb", po::value<std::string>())                                                     //
      ("shard", po::value<std::string>())                                                    //
      ("check", po::value<std::string>());
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(o).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage(e.what());
  }
  if (vm.count("help")) {
    std::cout << kHelp;
    return 0;
  }
  try {
    if (vm.count("check")) return checkSamples(vm["check"].as<std::string>()) ? 0 : 1;
    if (!vm.count("out")) usage("--out FILE is required (or --check PATH)");

    SelfPlayConfig config;
    config.out = vm["out"].as<std::string>();
    config.games = atLeast<std::int64_t>(vm, "games", 1);
    config.threads = atLeast(vm, "threads", 1);
    config.depth = atLeast(vm, "depth", 0);
    // With --depth alone the depth decides; a tiny node count would leave no score at all.
    config.nodes = vm.count("nodes") ? vm["nodes"].as<std::uint64_t>() : config.depth ? 0 : 5000;
    if (config.nodes == 0 && config.depth == 0) usage("--nodes 0 needs --depth D");
    if (config.nodes != 0 && config.nodes < 100) usage("--nodes must be at least 100 (or 0)");
    config.nodeJitter = atLeast(vm, "node-jitter", 0);
    if (config.nodeJitter > 50) usage("--node-jitter must be at most 50");
    config.seed = vm["seed"].as<std::uint64_t>();
    if (vm.count("openings")) config.openingsFile = vm["openings"].as<std::string>();
    config.randomPlies = atLeast(vm, "random-plies", 0);
    config.balance = atLeast(vm, "balance", 0);
    config.gamesPerChunk = atLeast(vm, "chunk-games", 1);
    config.hashMb = atLeast(vm, "hash", 1);
    config.maxPlies = atLeast(vm, "max-plies", 1);
    config.adjudicateWins = vm.count("no-adjudication") == 0;
    if (vm.count("egdb")) openDatabase(vm["egdb"].as<std::string>(), config);
    if (vm.count("shard")) applyShard(config, parseShard(vm["shard"].as<std::string>()));
    printSummary(runSelfPlay(config));
    return 0;
  } catch (const std::exception& e) {  // SelfPlayError, train::SampleFileError, filesystem
    std::cerr << "damiera-selfplay: " << e.what() << '\n';
  }
  return 1;
}
