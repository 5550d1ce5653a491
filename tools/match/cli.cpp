#include "tools/match/cli.h"

#include <boost/program_options.hpp>
#include <charconv>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "version.h"

namespace po = boost::program_options;

namespace damiera::match {
namespace {

constexpr std::string_view kUsage =
    "Usage: damiera-match --engine name=A cmd=\"PATH ARGS\" [KEY=VALUE ...]\n"
    "                     --engine name=B cmd=\"PATH ARGS\" [KEY=VALUE ...] [OPTIONS]\n"
    "\n"
    "Plays games between engines speaking Damiera's native protocol, referees every move\n"
    "with the rules of Italian draughts, and reports W/D/L, Elo, LOS and SPRT.\n"
    "\n"
    "Engine keys (--engine for one engine, --each for all of them):\n"
    "  name=NAME              unique name (PDN White/Black); default: the program's name\n"
    "  cmd=\"PATH ARGS\"        start the engine as a child process\n"
    "  dir=PATH               working folder of the child process\n"
    "  tcp=HOST:PORT          or connect to a running server instead\n"
    "  option.NAME=VALUE      'setoption name NAME value VALUE' at start-up\n"
    "  tc=S+I movetime=MS depth=N nodes=N   this engine's own search limits\n"
    "\n"
    "Example:\n"
    "  damiera-match --engine name=new cmd=\"./new/damiera\" --engine name=old "
    "cmd=\"./old/damiera\"\n"
    "      --each option.Hash=64 --openings tools/openings/3ply.txt --tc 10+0.1\n"
    "      --concurrency 2 --sprt elo0=0 elo1=10 --pdn games.pdn\n"
    "\n";

// Games per pairing when an SPRT runs without --games/--rounds: it stops on its verdict long
// before this in any sensible test.
constexpr std::int64_t kSprtGameCap = 1'000'000;

template <class T>
std::optional<T> toNumber(std::string_view text) {
  T value{};
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
T positive(std::string_view what, std::string_view text) {
  const std::optional<T> value = toNumber<T>(text);
  if (!value || *value <= 0)
    throw UsageError(std::string(what) + ": expected a positive number, got '" + std::string(text) +
                     "'");
  return *value;
}

std::pair<std::string, std::string> splitKeyValue(const std::string& token,
                                                  std::string_view context) {
  const std::size_t eq = token.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError(std::string(context) + ": expected KEY=VALUE, got '" + token + "'");
  return {token.substr(0, eq), token.substr(eq + 1)};
}

// Applies one key=value of --engine/--each to a spec.
void applyEngineKey(EngineSpec& spec, const std::string& token) {
  const auto [key, value] = splitKeyValue(token, "--engine");
  constexpr std::string_view kOptionPrefix = "option.";
  if (key == "name") {
    spec.name = value;
  } else if (key == "cmd") {
    const std::optional<std::vector<std::string>> words = splitCommand(value);
    if (!words || words->empty()) throw UsageError("--engine cmd: cannot split '" + value + "'");
    spec.command = *words;
  } else if (key == "dir") {
    spec.workingDir = value;
  } else if (key == "tcp") {
    const std::size_t colon = value.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == value.size())
      throw UsageError("--engine tcp: expected HOST:PORT, got '" + value + "'");
    spec.tcp = TcpAddress{value.substr(0, colon), value.substr(colon + 1)};
  } else if (key.rfind(kOptionPrefix, 0) == 0 && key.size() > kOptionPrefix.size()) {
    spec.options.emplace_back(key.substr(kOptionPrefix.size()), value);
  } else if (key == "tc") {
    const Parsed<TimeControl> tc = parseTimeControl(value);
    if (!tc) throw UsageError("--engine: " + tc.error);
    spec.limits.tc = *tc.value;
  } else if (key == "movetime") {
    spec.limits.movetimeMs = positive<std::int64_t>("--engine movetime", value);
  } else if (key == "depth") {
    spec.limits.depth = positive<int>("--engine depth", value);
  } else if (key == "nodes") {
    spec.limits.nodes = positive<std::int64_t>("--engine nodes", value);
  } else {
    throw UsageError("--engine: unknown key '" + key + "'");
  }
}

// --each first, then the engine's own keys, so an engine can override --each.
EngineSpec makeEngine(const std::vector<std::string>& each, const std::vector<std::string>& own) {
  EngineSpec spec;
  for (const std::string& token : each) applyEngineKey(spec, token);
  for (const std::string& token : own) applyEngineKey(spec, token);
  if (spec.command.empty() == !spec.tcp)
    throw UsageError("--engine " + (spec.name.empty() ? std::string() : spec.name + " ") +
                     "needs exactly one of cmd=\"PATH ARGS\" and tcp=HOST:PORT");
  if (spec.name.empty()) {
    if (spec.tcp) {
      spec.name = spec.tcp->host + ":" + spec.tcp->port;
    } else {
      const std::string& program = spec.command.front();
      spec.name = program.substr(program.find_last_of('/') + 1);
    }
  }
  return spec;
}

AdjudicationRules parseAdjudication(const std::vector<std::string>& tokens, int maxMoves) {
  AdjudicationRules rules;
  rules.maxMoves = maxMoves;
  const std::map<std::string, int AdjudicationRules::*> keys = {
      {"draw", &AdjudicationRules::drawMoves},
      {"draw-score", &AdjudicationRules::drawScore},
      {"draw-from", &AdjudicationRules::drawFromMove},
      {"win", &AdjudicationRules::winMoves},
      {"win-score", &AdjudicationRules::winScore},
  };
  for (const std::string& token : tokens) {
    const auto [key, value] = splitKeyValue(token, "--adjudicate");
    const auto found = keys.find(key);
    if (found == keys.end()) throw UsageError("--adjudicate: unknown key '" + key + "'");
    rules.*(found->second) = positive<int>("--adjudicate " + key, value);
  }
  return rules;
}

SprtParameters parseSprt(const std::vector<std::string>& tokens) {
  SprtParameters sprt;
  for (const std::string& token : tokens) {
    const auto [key, value] = splitKeyValue(token, "--sprt");
    const std::optional<double> number = toNumber<double>(value);
    if (!number) throw UsageError("--sprt " + key + ": expected a number, got '" + value + "'");
    if (key == "elo0")
      sprt.elo0 = *number;
    else if (key == "elo1")
      sprt.elo1 = *number;
    else if (key == "alpha")
      sprt.alpha = *number;
    else if (key == "beta")
      sprt.beta = *number;
    else
      throw UsageError("--sprt: unknown key '" + key + "'");
  }
  if (!(sprt.elo1 > sprt.elo0)) throw UsageError("--sprt: elo1 must be greater than elo0");
  for (const double rate : {sprt.alpha, sprt.beta})
    if (!(rate > 0 && rate < 0.5)) throw UsageError("--sprt: alpha and beta must be in (0, 0.5)");
  return sprt;
}

po::options_description matchOptions() {
  po::options_description o("Options");
  o.add_options()                                //
      ("help,h", "print this help and exit")     //
      ("version", "print the version and exit")  //
      ("openings", po::value<std::string>(),
       "FILE of openings: one FEN or move sequence a line, or PDN games; each is played twice "
       "per pair, colours swapped. The shipped set is tools/openings/3ply.txt; without this "
       "option every game starts from the start position")  //
      ("openings-order", po::value<std::string>()->default_value("sequential"),
       "sequential | random (with --seed)")                                                      //
      ("seed", po::value<std::uint64_t>()->default_value(0), "seed for random")                  //
      ("games", po::value<std::string>(), "games per pair of engines (default: 2 per opening)")  //
      ("rounds", po::value<std::string>(), "openings per pair of engines: 2 games each")         //
      ("tournament", po::value<std::string>()->default_value("roundrobin"),
       "roundrobin | gauntlet (the first engine against each other one)")              //
      ("tc", po::value<std::string>(), "time control SECONDS+INCREMENT, e.g. 10+0.1")  //
      ("movetime", po::value<std::string>(), "fixed time per move, ms")                //
      ("depth", po::value<std::string>(), "fixed depth per move")                      //
      ("nodes", po::value<std::string>(), "fixed nodes per move")                      //
      ("margin", po::value<std::string>()->default_value("100"),
       "ms allowed beyond the clock or movetime before the flag falls")  //
      ("move-timeout", po::value<std::string>()->default_value("60000"),
       "ms to wait for a move limited only by depth or nodes")  //
      ("start-timeout", po::value<std::string>()->default_value("10000"),
       "ms to wait for uciok/readyok")  //
      ("adjudicate", po::value<std::vector<std::string>>()->multitoken(),
       "draw=N [draw-score=CP] [draw-from=MOVE] win=N [win-score=CP]")                           //
      ("max-moves", po::value<std::string>(), "adjudicate a draw after N moves each")            //
      ("concurrency", po::value<std::string>()->default_value("1"), "games played in parallel")  //
      ("sprt", po::value<std::vector<std::string>>()->multitoken(),
       "elo0=E0 elo1=E1 alpha=A beta=B: stop when the test decides (two engines)")          //
      ("pdn", po::value<std::string>(), "write every game to FILE as PDN")                  //
      ("pgn", po::value<std::string>(), "the same as --pdn")                                //
      ("log", po::value<std::string>(), "write each engine's I/O per game in DIR")          //
      ("event", po::value<std::string>()->default_value("damiera-match"), "PDN Event tag")  //
      ("shard", po::value<std::string>(),
       "K/N: play only shard K (1..N) of the match: the openings r with r mod N = K-1, both "
       "colours (one task of a Slurm job array, docs/cluster.md); add up the shards' PDN "
       "files with --combine")  //
      ("combine", po::value<std::vector<std::string>>()->multitoken(),
       "FILE...: no games; print the one result (W/D/L, Elo, LOS, with --sprt the LLR and "
       "verdict) of the two engines in these PDN files, e.g. the shards of one match");
  return o;
}

// Splits off the --engine and --each groups, which program_options cannot keep apart.
struct EngineGroups {
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
  std::vector<std::string> rest;
};

EngineGroups splitEngineGroups(const std::vector<std::string>& args) {
  EngineGroups groups;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const bool engine = args[i] == "--engine";
    if (!engine && args[i] != "--each") {
      groups.rest.push_back(args[i]);
      continue;
    }
    std::vector<std::string> tokens;
    while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) tokens.push_back(args[++i]);
    if (engine)
      groups.engines.push_back(tokens);
    else
      groups.each.insert(groups.each.end(), tokens.begin(), tokens.end());
  }
  return groups;
}

MatchConfig buildConfig(const EngineGroups& groups, const po::variables_map& vm) {
  MatchConfig config;
  SearchLimits global;
  if (vm.count("tc")) {
    const Parsed<TimeControl> tc = parseTimeControl(vm["tc"].as<std::string>());
    if (!tc) throw UsageError("--tc: " + tc.error);
    global.tc = *tc.value;
  }
  if (vm.count("movetime"))
    global.movetimeMs = positive<std::int64_t>("--movetime", vm["movetime"].as<std::string>());
  if (vm.count("depth")) global.depth = positive<int>("--depth", vm["depth"].as<std::string>());
  if (vm.count("nodes"))
    global.nodes = positive<std::int64_t>("--nodes", vm["nodes"].as<std::string>());

  std::set<std::string> names;
  for (const std::vector<std::string>& tokens : groups.engines) {
    EngineSpec spec = makeEngine(groups.each, tokens);
    spec.limits = mergeLimits(spec.limits, global);
    if (!spec.limits.any())
      throw UsageError("engine " + spec.name +
                       " has no search limit: give --tc, --movetime, "
                       "--depth or --nodes (or tc=/movetime=/depth=/nodes= in --engine)");
    if (!names.insert(spec.name).second)
      throw UsageError("two engines are named '" + spec.name + "': give each a name=");
    config.engines.push_back(std::move(spec));
  }
  if (config.engines.size() < 2) throw UsageError("a match needs at least two --engine");

  const std::string order = vm["openings-order"].as<std::string>();
  if (order != "sequential" && order != "random")
    throw UsageError("--openings-order: expected sequential or random, got '" + order + "'");
  config.shuffleOpenings = order == "random";
  config.seed = vm["seed"].as<std::uint64_t>();
  if (vm.count("openings")) config.openingsFile = vm["openings"].as<std::string>();

  if (vm.count("games") && vm.count("rounds"))
    throw UsageError("give --games or --rounds, not both");
  if (vm.count("games"))
    config.gamesPerPairing = positive<std::int64_t>("--games", vm["games"].as<std::string>());
  if (vm.count("rounds"))
    config.gamesPerPairing = 2 * positive<std::int64_t>("--rounds", vm["rounds"].as<std::string>());

  const std::string kind = vm["tournament"].as<std::string>();
  if (kind != "roundrobin" && kind != "gauntlet")
    throw UsageError("--tournament: expected roundrobin or gauntlet, got '" + kind + "'");
  config.kind = kind == "gauntlet" ? TournamentKind::Gauntlet : TournamentKind::RoundRobin;

  config.timeouts.margin =
      std::chrono::milliseconds(positive<int>("--margin", vm["margin"].as<std::string>()));
  config.timeouts.moveTimeout = std::chrono::milliseconds(
      positive<int>("--move-timeout", vm["move-timeout"].as<std::string>()));
  config.timeouts.startTimeout = std::chrono::milliseconds(
      positive<int>("--start-timeout", vm["start-timeout"].as<std::string>()));

  const int maxMoves =
      vm.count("max-moves") ? positive<int>("--max-moves", vm["max-moves"].as<std::string>()) : 0;
  config.adjudication =
      parseAdjudication(vm.count("adjudicate") ? vm["adjudicate"].as<std::vector<std::string>>()
                                               : std::vector<std::string>{},
                        maxMoves);
  config.concurrency = positive<int>("--concurrency", vm["concurrency"].as<std::string>());

  if (vm.count("sprt")) {
    if (config.engines.size() != 2) throw UsageError("--sprt needs exactly two engines");
    config.sprt = parseSprt(vm["sprt"].as<std::vector<std::string>>());
    if (!config.gamesPerPairing) {
      config.gamesPerPairing = kSprtGameCap;
      config.untilSprtVerdict = true;
    }
  }
  if (vm.count("pdn") && vm.count("pgn")) throw UsageError("give --pdn or --pgn, not both");
  if (vm.count("pdn")) config.pdnFile = vm["pdn"].as<std::string>();
  if (vm.count("pgn")) config.pdnFile = vm["pgn"].as<std::string>();
  if (vm.count("log")) config.logDir = vm["log"].as<std::string>();
  config.event = vm["event"].as<std::string>();
  if (vm.count("shard")) {
    const std::string text = vm["shard"].as<std::string>();
    const std::size_t slash = text.find('/');
    const std::optional<std::int64_t> index =
        slash == std::string::npos ? std::nullopt : toNumber<std::int64_t>(text.substr(0, slash));
    const std::optional<std::int64_t> count =
        slash == std::string::npos ? std::nullopt : toNumber<std::int64_t>(text.substr(slash + 1));
    if (!index || !count || *count < 1 || *index < 1 || *index > *count)
      throw UsageError("--shard: expected K/N with 1 <= K <= N, got '" + text + "'");
    config.shardIndex = *index;
    config.shardCount = *count;
  }
  return config;
}

}  // namespace

std::optional<std::vector<std::string>> splitCommand(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < text.size())
        word += text[++i];
      else
        word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      inWord = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
      inWord = true;
    } else if (c == ' ' || c == '\t') {
      if (inWord) words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return std::nullopt;
  if (inWord) words.push_back(word);
  return words;
}

CommandLine parseCommandLine(const std::vector<std::string>& args) {
  CommandLine result;
  const po::options_description options = matchOptions();
  try {
    const EngineGroups groups = splitEngineGroups(args);
    po::variables_map vm;
    po::store(po::command_line_parser(groups.rest).options(options).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::ostringstream text;
      text << kUsage << options;
      result.text = text.str();
      return result;
    }
    if (vm.count("version")) {
      result.text = "damiera-match " + std::string(kEngineVersion) + "\n";
      return result;
    }
    if (vm.count("combine")) {
      if (!groups.engines.empty()) throw UsageError("--combine plays no games: give no --engine");
      result.combineFiles = vm["combine"].as<std::vector<std::string>>();
      if (vm.count("sprt"))
        result.combineSprt = parseSprt(vm["sprt"].as<std::vector<std::string>>());
      return result;
    }
    result.config = buildConfig(groups, vm);
  } catch (const po::error& e) {
    result.error = e.what();
  } catch (const UsageError& e) {
    result.error = e.what();
  }
  return result;
}

}  // namespace damiera::match
