// Damiera's command line: options pick the transport, which then runs one Session.
#include <boost/program_options.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <string>

#include "server/hub_stdio.h"
#include "server/stdio_loop.h"
#include "version.h"

namespace po = boost::program_options;

namespace {

constexpr int kExitUsage = 2;
// `damiera hub`: Scan's Hub protocol on stdin instead of the native one (as `scan hub`).
constexpr const char* kHubMode = "hub";

po::options_description commandLineOptions() {
  po::options_description options("Options");
  options.add_options()                       //
      ("help,h", "print this help and exit")  //
      ("version,v", "print the version and exit");
  return options;
}

// The optional positional word that picks the dialect on stdin.
po::options_description modeArgument() {
  po::options_description mode;
  mode.add_options()("mode", po::value<std::string>(), "hub");
  return mode;
}

void printHelp(const po::options_description& options) {
  std::cout << "Usage: damiera [--help] [--version] [hub]\n"
               "\n"
               "Damiera, an Italian draughts (dama italiana) engine. With no options it reads\n"
               "protocol commands on stdin, one per line, and answers on stdout; start with\n"
               "'uci', end with 'quit' or end of input. The commands are in PROTOCOL.md.\n"
               "'damiera hub' speaks Scan's Hub protocol instead (PROTOCOL.md, 'The Hub\n"
               "dialect'), for GUIs and tools made for Scan.\n"
               "\n"
            << options;
}

}  // namespace

int main(int argc, char* argv[]) {
  const po::options_description options = commandLineOptions();
  po::variables_map args;
  po::options_description allOptions;
  allOptions.add(options).add(modeArgument());
  po::positional_options_description positional;
  positional.add("mode", 1);
  try {
    po::store(po::command_line_parser(argc, argv).options(allOptions).positional(positional).run(),
              args);
    po::notify(args);
    if (args.count("mode") && args["mode"].as<std::string>() != kHubMode)
      throw po::error("unknown mode '" + args["mode"].as<std::string>() + "' (expected 'hub')");
  } catch (const po::error& e) {
    std::cerr << "damiera: " << e.what() << "\nTry 'damiera --help'.\n";
    return kExitUsage;
  }
  if (args.count("help")) {
    printHelp(options);
    return 0;
  }
  if (args.count("version")) {
    std::cout << damiera::kEngineName << ' ' << damiera::kEngineVersion << '\n';
    return 0;
  }

  // A client that closes the pipe should end the engine with an exit code, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);  // buffered reads; every reply is flushed explicitly
  try {
    if (args.count("mode")) return damiera::server::runHubStdioLoop(std::cin, std::cout);
    return damiera::server::runStdioLoop(std::cin, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "damiera: " << e.what() << '\n';
    return 1;
  }
}
