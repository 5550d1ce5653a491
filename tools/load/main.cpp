// damiera-load: a load tester for the analysis server (damiera --listen). N clients at once,
// each repeating a script of commands, every reply checked, latencies measured.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "core/fen.h"
#include "tools/load/http_run.h"
#include "tools/load/load_run.h"

namespace po = boost::program_options;
using namespace damiera::load;

namespace {

constexpr int kExitUsage = 2;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string readToken(const std::string& path) {
  std::istringstream in(readFile(path));
  std::string token;
  in >> token;
  if (token.empty()) throw std::runtime_error("no token in '" + path + "'");
  return token;
}

// The peak resident memory of a process, from /proc/<pid>/status, or "" if unknown.
std::string peakRss(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return line.substr(6);
  return {};
}

void splitHostPort(const std::string& text, LoadConfig& config) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon + 1 == text.size())
    throw std::runtime_error("--connect expects HOST:PORT, got '" + text + "'");
  if (colon > 0) config.host = text.substr(0, colon);
  if (config.host.size() > 2 && config.host.front() == '[' && config.host.back() == ']')
    config.host = config.host.substr(1, config.host.size() - 2);
  config.port = text.substr(colon + 1);
}

// One position a line (blank lines and '#' comments skipped), in PDN FEN.
std::vector<damiera::Position> readFens(const std::string& path) {
  std::istringstream in(readFile(path));
  std::vector<damiera::Position> positions;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    const damiera::Parsed<damiera::Position> pos = damiera::parseFen(line);
    if (!pos) throw std::runtime_error(path + ":" + std::to_string(number) + ": " + pos.error);
    positions.push_back(*pos.value);
  }
  if (positions.empty()) throw std::runtime_error("no positions in '" + path + "'");
  return positions;
}

// The latency table, the totals, the first errors and the server's memory; the exit status.
int report(const LoadResult& result, const po::variables_map& args) {
  result.latencies.print(std::cout, result.seconds);
  const LoadTotals& totals = result.totals;
  std::cout << "errors " << totals.errors << ", lost replies " << totals.lost << ", disconnects "
            << totals.disconnects << '\n';
  for (const std::string& error : result.firstErrors) std::cout << "  error: " << error << '\n';
  if (args.count("server-pid")) {
    const std::string rss = peakRss(args["server-pid"].as<int>());
    std::cout << "server peak RSS (VmHWM):" << (rss.empty() ? " unknown" : rss) << '\n';
  }
  return totals.errors + totals.lost + totals.disconnects == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char* argv[]) {
  po::options_description options("Options");
  options.add_options()                                                                  //
      ("help,h", "print this help and exit")                                             //
      ("connect", po::value<std::string>(), "the server, HOST:PORT (required)")          //
      ("clients", po::value<int>()->default_value(16), "concurrent connections")         //
      ("duration", po::value<double>()->default_value(10), "seconds of load")            //
      ("script", po::value<std::string>(), "the commands each client repeats (a file)")  //
      ("token-file", po::value<std::string>(), "send 'auth <token>' first (a file)")     //
      ("seed", po::value<std::uint64_t>()->default_value(1), "for the random games")     //
      ("think", po::value<double>()->default_value(0),
       "mean milliseconds each client pauses after a reply before its next command "
       "(uniform from 0 to twice this; 0: at once, the server saturated)")  //
      ("grace", po::value<double>()->default_value(30),
       "seconds to wait for the last replies after the duration")                        //
      ("server-pid", po::value<int>(), "report this process's peak RSS (the server's)")  //
      ("http",
       "ask the HTTP API's GET /v1/eval instead (damiera --listen --http), each client "
       "on one kept connection")  //
      ("positions", po::value<std::size_t>()->default_value(1000),
       "--http: this many distinct positions from random playouts, asked in turn")             //
      ("fens", po::value<std::string>(), "--http: the positions from a file, one FEN a line")  //
      ("query", po::value<std::string>()->default_value(""),
       "--http: added to each request's query, e.g. 'depth=8' or 'movetime=50&multipv=2'")  //
      ("warm", "--http: ask every position once before the timed run (answers then cached)");
  po::variables_map args;
  LoadConfig config;
  try {
    po::store(po::parse_command_line(argc, argv, options), args);
    po::notify(args);
    if (args.count("help")) {
      std::cout << "Usage: damiera-load --connect HOST:PORT [--clients N] [--duration S] "
                   "[--script FILE] [--think MS]\n\n"
                   "Load test for 'damiera --listen': N clients at once, each repeating a script\n"
                   "(default: position from a random playout, legalmoves, go depth 4, position,\n"
                   "legalmoves, go movetime 20), every reply checked for legality. Prints\n"
                   "throughput and latency per command, errors, lost replies and disconnects;\n"
                   "exits 1 if there was any.\n\n"
                   "With --http, each client asks GET /v1/eval of the positions in turn on one\n"
                   "kept connection; the answers are timed as 'eval searched' or 'eval cached'\n"
                   "by what each says it was.\n\n"
                << options;
      return 0;
    }
    if (!args.count("connect")) throw std::runtime_error("--connect HOST:PORT is required");
    splitHostPort(args["connect"].as<std::string>(), config);
    config.clients = args["clients"].as<int>();
    if (config.clients < 1) throw std::runtime_error("--clients must be at least 1");
    const double duration = args["duration"].as<double>();
    const double grace = args["grace"].as<double>();
    if (duration <= 0 || grace < 0) throw std::runtime_error("--duration must be positive");
    config.duration = std::chrono::milliseconds(static_cast<long long>(duration * 1000));
    config.grace = std::chrono::milliseconds(static_cast<long long>(grace * 1000));
    if (args.count("script"))
      config.script = parseScript(readFile(args["script"].as<std::string>()));
    if (args.count("token-file")) config.token = readToken(args["token-file"].as<std::string>());
    config.seed = args["seed"].as<std::uint64_t>();
    const double think = args["think"].as<double>();
    if (think < 0) throw std::runtime_error("--think must not be negative");
    config.think = std::chrono::milliseconds(static_cast<long long>(think));
  } catch (const std::exception& e) {
    std::cerr << "damiera-load: " << e.what() << "\nTry 'damiera-load --help'.\n";
    return kExitUsage;
  }

  if (args.count("http")) {
    HttpLoadConfig http;
    try {
      for (const char* lines : {"script", "think"})
        if (!args[lines].defaulted() && args.count(lines))
          throw std::runtime_error(std::string("--") + lines +
                                   " is for the line protocol, not --http");
      http.host = config.host;
      http.port = config.port;
      http.clients = config.clients;
      http.duration = config.duration;
      http.grace = config.grace;
      http.token = config.token;
      http.query = args["query"].as<std::string>();
      http.warm = args.count("warm") > 0;
      http.positions = args.count("fens")
                           ? readFens(args["fens"].as<std::string>())
                           : randomPositions(args["positions"].as<std::size_t>(), config.seed);
    } catch (const std::exception& e) {
      std::cerr << "damiera-load: " << e.what() << "\nTry 'damiera-load --help'.\n";
      return kExitUsage;
    }
    HttpLoadResult result;
    try {
      result = runHttpLoad(http);
    } catch (const std::exception& e) {
      std::cerr << "damiera-load: " << e.what() << '\n';
      return 1;
    }
    std::cout << "damiera-load: " << http.clients << " clients over HTTP, " << result.load.seconds
              << " s, " << http.positions.size() << " positions"
              << (http.warm ? " (asked once before: warm cache)" : "") << ", query '" << http.query
              << "', " << result.connections << " connections opened\n";
    return report(result.load, args);
  }

  LoadResult result;
  try {
    result = runLoad(config);
  } catch (const std::exception& e) {
    std::cerr << "damiera-load: " << e.what() << '\n';
    return 1;
  }
  std::cout << "damiera-load: " << config.clients << " clients, " << result.seconds << " s, "
            << config.script.size() << " commands in the script, think time "
            << config.think.count() << " ms\n";
  return report(result, args);
}
