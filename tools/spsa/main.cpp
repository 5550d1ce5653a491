// damiera-spsa: tunes the search's constants (SearchTunables, src/search/tunables.h) by SPSA
// over games of damiera-match between two copies of the engine (docs/spsa.md). Resumable: the
// state is written, then renamed, after every iteration; the same command goes on from it.
#include <sys/wait.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "engine/option_table.h"
#include "search/tunables.h"
#include "tools/common/progress_bar.h"
#include "train/spsa.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace damiera;

namespace {

constexpr int kExitUsage = 2;

constexpr const char* kUsage =
    "Usage: damiera-spsa --engine PATH --state FILE --iterations N [OPTIONS]\n"
    "Tunes the search's constants by SPSA: each iteration plays two copies of the engine,\n"
    "every tunable moved up in one and down in the other, and steps the estimates along the\n"
    "result (docs/spsa.md). The same command resumes from FILE.\n";

std::string shellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The plus engine's points minus the minus engine's, from the match's PDN.
double resultOfPdn(const fs::path& pdn, int& games) {
  std::ifstream in(pdn);
  if (!in) throw std::runtime_error("no PDN from the match: " + pdn.string());
  std::string line, white;
  double result = 0;
  games = 0;
  const std::regex tag(R"re(^\[(\w+) "(.*)"\]\s*$)re");
  for (std::smatch m; std::getline(in, line);) {
    if (!std::regex_match(line, m, tag)) continue;
    if (m[1] == "White") white = m[2];
    if (m[1] != "Result") continue;
    const double sign = white == "plus" ? 1 : -1;  // from White's side
    if (m[2] == "1-0")
      result += sign;
    else if (m[2] == "0-1")
      result -= sign;
    else if (m[2] != "1/2-1/2")
      throw std::runtime_error("an unfinished game in " + pdn.string());
    ++games;
  }
  return result;
}

void saveState(const fs::path& path, const spsa::State& state) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    spsa::writeState(out, state);
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::rename(temporary, path);  // never a half-written state under the real name
}

std::vector<spsa::Parameter> chosenParameters(const std::string& names) {
  const SearchTunables defaults;
  std::vector<spsa::Parameter> parameters;
  for (const TunableDeclaration& d : tunableDeclarations()) {
    const bool wanted =
        names.empty() ||
        ("," + names + ",").find("," + std::string(d.name) + ",") != std::string::npos;
    if (wanted)
      parameters.push_back({std::string(d.name), static_cast<double>(defaults.*(d.field)), d.min,
                            d.max, d.spsaStep});
  }
  // Every name given must be a tunable.
  std::stringstream list(names);
  for (std::string name; std::getline(list, name, ',');) {
    bool known = false;
    for (const spsa::Parameter& p : parameters) known = known || p.name == name;
    if (!known) throw po::error("--params: no tunable '" + name + "'");
  }
  if (parameters.empty()) throw po::error("--params names no tunable");
  return parameters;
}

}  // namespace

int main(int argc, char* argv[]) {
  po::options_description options("Options");
  options.add_options()("help,h", "print this help and exit")                    //
      ("engine", po::value<std::string>(), "the damiera binary both sides run")  //
      ("match", po::value<std::string>(),
       "damiera-match (default: the one beside this program)")                                 //
      ("state", po::value<std::string>(), "the run's state file: created, then resumed from")  //
      ("iterations", po::value<int>(), "N: iterations of the whole run")                       //
      ("params", po::value<std::string>()->default_value(""),
       "tunables to tune, NAME,NAME,... (default: all; the list: docs/spsa.md)")  //
      ("pairs", po::value<int>()->default_value(1),
       "game pairs (one opening, colours swapped) per iteration")                              //
      ("tc", po::value<std::string>(), "time control S+I of every game (damiera-match --tc)")  //
      ("nodes", po::value<long>(), "or nodes per move")                                        //
      ("movetime", po::value<int>(), "or ms per move")                                         //
      ("depth", po::value<int>(), "or depth per move")                                         //
      ("openings", po::value<std::string>(), "openings file (damiera-match --openings)")       //
      ("concurrency", po::value<int>()->default_value(1), "games at once")                     //
      ("option", po::value<std::vector<std::string>>(),
       "NAME=VALUE: an engine option for both sides (repeatable); OwnBook=false is always set")  //
      ("seed", po::value<std::uint64_t>()->default_value(1), "seed of the flips and openings")   //
      ("r-end", po::value<double>()->default_value(0.002), "fishtest's r_end: the final step")   //
      ("quiet", "no progress bar");
  po::variables_map args;
  try {
    po::store(po::parse_command_line(argc, argv, options), args);
    po::notify(args);
    if (args.count("help")) {
      std::cout << kUsage << '\n' << options;
      return 0;
    }
    for (const char* required : {"engine", "state", "iterations"})
      if (!args.count(required)) throw po::error(std::string("--") + required + " is required");
    if (args.count("tc") + args.count("nodes") + args.count("movetime") + args.count("depth") != 1)
      throw po::error("give one of --tc, --nodes, --movetime, --depth");
    if (args["iterations"].as<int>() < 1 || args["pairs"].as<int>() < 1)
      throw po::error("--iterations and --pairs must be at least 1");
  } catch (const po::error& e) {
    std::cerr << "damiera-spsa: " << e.what() << "\nTry 'damiera-spsa --help'.\n";
    return kExitUsage;
  }

  const fs::path statePath = args["state"].as<std::string>();
  spsa::State state;
  try {
    if (fs::exists(statePath)) {
      std::ifstream in(statePath);
      state = spsa::readState(in);
      if (state.settings.iterations != args["iterations"].as<int>() ||
          state.settings.seed != args["seed"].as<std::uint64_t>())
        throw std::runtime_error("it was started with another --iterations or --seed");
    } else {
      state.settings.iterations = args["iterations"].as<int>();
      state.settings.seed = args["seed"].as<std::uint64_t>();
      state.settings.rEnd = args["r-end"].as<double>();
      state.parameters = chosenParameters(args["params"].as<std::string>());
      saveState(statePath, state);
    }
  } catch (const po::error& e) {
    std::cerr << "damiera-spsa: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << "damiera-spsa: " << statePath.string() << ": " << e.what() << "\n";
    return 1;
  }

  const fs::path match = args.count("match")
                             ? fs::path(args["match"].as<std::string>())
                             : fs::canonical("/proc/self/exe").parent_path() / "damiera-match";
  std::string common = " --each option.OwnBook=false";
  if (args.count("option"))
    for (const std::string& option : args["option"].as<std::vector<std::string>>())
      common += " --each " + shellQuoted("option." + option);
  if (args.count("tc")) common += " --tc " + shellQuoted(args["tc"].as<std::string>());
  if (args.count("nodes")) common += " --nodes " + std::to_string(args["nodes"].as<long>());
  if (args.count("movetime")) common += " --movetime " + std::to_string(args["movetime"].as<int>());
  if (args.count("depth")) common += " --depth " + std::to_string(args["depth"].as<int>());
  if (args.count("openings"))
    common += " --openings " + shellQuoted(args["openings"].as<std::string>()) +
              " --openings-order random";
  common += " --games " + std::to_string(2 * args["pairs"].as<int>()) + " --concurrency " +
            std::to_string(args["concurrency"].as<int>());
  const fs::path pdn = statePath.string() + ".pdn";
  const fs::path log = statePath.string() + ".match.log";
  const std::string engine = args["engine"].as<std::string>();
  if (engine.find_first_of(" '\"") != std::string::npos) {
    std::cerr << "damiera-spsa: --engine: a path without blanks or quotes, please (damiera-match's "
                 "cmd= splits at blanks)\n";
    return kExitUsage;
  }

  tools::ProgressBar bar(static_cast<std::uint64_t>(state.settings.iterations),
                         static_cast<std::uint64_t>(state.done));
  const bool showBar = !args.count("quiet") && bar.terminal();
  double total = 0;
  for (double r : state.results) total += r;
  while (state.done < state.settings.iterations) {
    const int k = state.done + 1;
    const spsa::Perturbation p = spsa::perturb(state, k);
    fs::remove(pdn);
    // SearchTunables is not listed by `uci` (GUIs would show it to players), so each side gets
    // its constants from the environment, through env(1).
    const auto side = [&](const char* name, const std::vector<int>& values) {
      return std::string(" --engine name=") + name + " " +
             shellQuoted("cmd=env " + std::string(kSearchTunablesEnvironment) + "=" +
                         spsa::tunablesText(state.parameters, values) + " " + engine);
    };
    const std::string command =
        shellQuoted(match.string()) + side("plus", p.plus) + side("minus", p.minus) + common +
        " --seed " + std::to_string(state.settings.seed * 100003u + k) + " --pdn " +
        shellQuoted(pdn.string()) + " >>" + shellQuoted(log.string()) + " 2>&1";
    const int status = std::system(command.c_str());
    if (status != 0) {
      std::cerr << (showBar ? "\n" : "") << "damiera-spsa: damiera-match failed (status "
                << (WIFEXITED(status) ? WEXITSTATUS(status) : status)
                << "; its output: " << log.string() << "); the state stays at iteration "
                << state.done << "\n";
      return 1;
    }
    int games = 0;
    double result = 0;
    try {
      result = resultOfPdn(pdn, games);
    } catch (const std::exception& e) {
      std::cerr << "damiera-spsa: " << e.what() << "\n";
      return 1;
    }
    spsa::step(state, p, result);
    saveState(statePath, state);
    total += result;
    if (showBar) {
      bar.update(
          static_cast<std::uint64_t>(state.done),
          [&] {
            return "iteration " + std::to_string(state.done) + "/" +
                   std::to_string(state.settings.iterations) + "  plus-minus " +
                   std::to_string(static_cast<int>(total));
          },
          true);
    } else {
      std::cout << "iteration " << state.done << "/" << state.settings.iterations << " games "
                << games << " result " << result << " "
                << spsa::tunablesText(state.parameters, spsa::rounded(state.parameters)) << "\n"
                << std::flush;
    }
  }
  if (showBar) std::cerr << "\n";
  fs::remove(pdn);
  std::cout << "SearchTunables "
            << spsa::tunablesText(state.parameters, spsa::rounded(state.parameters)) << "\n";
  return 0;
}
