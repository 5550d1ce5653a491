// damiera-book: builds, merges, inspects and checks opening books (docs/book.md).
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "book/book.h"
#include "tools/book/assemble.h"
#include "tools/book/build_driver.h"
#include "tools/book/inspect.h"

using namespace damiera;
using namespace damiera::bookbuild;
namespace po = boost::program_options;

namespace {

constexpr const char* kHelp = R"(Usage: damiera-book build --out FILE [OPTIONS]
       damiera-book merge --out FILE BOOK...
       damiera-book stats FILE
       damiera-book show FILE [FEN | MOVES]
       damiera-book verify FILE
Builds an opening book by dropout expansion over every three-move opening, each position
scored by the engine's own search (docs/book.md), and reads books.

build options:
  --out FILE          the book; its state goes to FILE.state/, one file per opening, saved
                      every few positions: a rerun resumes (and a larger --positions grows it)
  --positions N       positions in the whole book (default 2000), an equal share per opening
  --depth D           search depth of each position (default 6 when no other limit is given)
  --nodes N           node limit of each search
  --movetime MS       time limit of each search (not reproducible on a loaded machine)
  --width CP          deviation from the best (hundredths of a man) worth one ply of depth in
                      the expansion priority (default 15): smaller is narrower and deeper
  --threads T         openings grown at once, one search thread each (default 1)
  --hash MB           transposition table per thread (default 16)
  --shard K/N         only the openings K, K+N, K+2N, ... (1-based), for a batch scheduler;
                      `merge` the shards' books into one
  --quiet             no progress bar
merge:  the books' positions united (a position in several: its moves united), the trunk
        above the openings backed up again from the result.
stats:  positions, moves, per ply; per opening its positions, main line, value and judgement.
show:   the book moves of a position (a FEN, or moves from the start; none: the start).
verify: the checksum, and every entry reached from the start with legal moves; status 1 if not.
)";

[[noreturn]] void usage(const std::string& error) {
  std::cerr << "damiera-book: " << error << "\nTry 'damiera-book --help'.\n";
  std::exit(2);
}

Shard parseShard(const std::string& text) {
  Shard shard;
  const std::size_t slash = text.find('/');
  try {
    std::size_t usedIndex = 0, usedCount = 0;
    if (slash != std::string::npos) {
      shard.index = std::stoi(text.substr(0, slash), &usedIndex);
      shard.count = std::stoi(text.substr(slash + 1), &usedCount);
    }
    if (slash != std::string::npos && usedIndex == slash && usedCount == text.size() - slash - 1 &&
        shard.count >= 1 && shard.index >= 1 && shard.index <= shard.count)
      return shard;
  } catch (const std::exception&) {
  }
  usage("--shard wants K/N with 1 <= K <= N (e.g. 3/8), not '" + text + "'");
}

int build(const std::vector<std::string>& args) {
  po::options_description o;
  o.add_options()("out", po::value<std::string>())("positions", po::value<std::uint64_t>())(
      "depth", po::value<int>())("nodes", po::value<std::uint64_t>())(
      "movetime", po::value<std::int64_t>())("width", po::value<int>())(
      "threads", po::value<int>())("hash", po::value<int>())("shard", po::value<std::string>())(
      "quiet", "");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(o).run(), vm);
  if (!vm.count("out")) usage("build needs --out FILE");
  BuildSettings s;
  s.out = vm["out"].as<std::string>();
  if (vm.count("positions")) s.positions = vm["positions"].as<std::uint64_t>();
  if (vm.count("depth")) s.expansion.limits.depth = vm["depth"].as<int>();
  if (vm.count("nodes")) s.expansion.limits.nodes = vm["nodes"].as<std::uint64_t>();
  if (vm.count("movetime")) s.expansion.limits.moveTimeMs = vm["movetime"].as<std::int64_t>();
  if (!vm.count("depth") && !vm.count("nodes") && !vm.count("movetime"))
    s.expansion.limits.depth = 6;
  if (vm.count("width")) s.expansion.width = vm["width"].as<int>();
  if (vm.count("threads")) s.threads = vm["threads"].as<int>();
  if (vm.count("hash")) s.expansion.hashMb = vm["hash"].as<int>();
  if (vm.count("shard")) s.shard = parseShard(vm["shard"].as<std::string>());
  s.quiet = vm.count("quiet") > 0;
  if (s.positions < 1 || s.threads < 1 || s.expansion.width < 1 || s.expansion.hashMb < 1 ||
      s.expansion.limits.depth < 0)
    usage("--positions, --threads, --width and --hash must be at least 1");
  return runBuild(s);
}

int merge(const std::vector<std::string>& args) {
  std::string out;
  std::vector<std::string> inputs;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--out" && i + 1 < args.size())
      out = args[++i];
    else
      inputs.push_back(args[i]);
  }
  if (out.empty() || inputs.empty()) usage("merge needs --out FILE and at least one book");
  EntryMap entries;
  for (const std::string& path : inputs) {
    const book::Book in(path);
    for (std::uint32_t i = 0; i < in.entries(); ++i) mergeEntry(entries, in.entry(i));
  }
  rebuildTrunk(entries);
  std::vector<book::StoredEntry> list;
  for (auto& [key, entry] : entries) list.push_back(std::move(entry));
  book::writeBook(out, list);
  std::cout << "book " << out << ": " << list.size() << " positions from " << inputs.size()
            << " books, " << std::filesystem::file_size(out) << " bytes\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) usage("a command is needed: build, merge, stats, show or verify");
  const std::string& command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << kHelp;
      return 0;
    }
    if (command == "build") return build(rest);
    if (command == "merge") return merge(rest);
    if (command == "stats" && rest.size() == 1) return printStats(rest[0], std::cout);
    if (command == "show" && !rest.empty()) {
      std::string where;
      for (std::size_t i = 1; i < rest.size(); ++i) where += (i > 1 ? " " : "") + rest[i];
      return printBookMoves(rest[0], where, std::cout);
    }
    if (command == "verify" && rest.size() == 1) return verifyBook(rest[0], std::cout);
  } catch (const po::error& e) {
    usage(e.what());
  } catch (const std::exception& e) {
    std::cerr << "error " << e.what() << "\n";
    return 1;
  }
  usage("unknown command or wrong arguments: " + command);
}
