// Damiera's command line: options pick the transport, which then runs one Session.
#include <boost/program_options.hpp>
#include <csignal>
#include <exception>
#include <iostream>

#include "server/stdio_loop.h"
#include "version.h"

namespace po = boost::program_options;

namespace {

constexpr int kExitUsage = 2;

po::options_description commandLineOptions() {
  po::options_description options("Options");
  options.add_options()                       //
      ("help,h", "print this help and exit")  //
      ("version,v", "print the version and exit");
  return options;
}

void printHelp(const po::options_description& options) {
  std::cout << "Usage: damiera [--help] [--version]\n"
               "\n"
               "Damiera, an Italian draughts (dama italiana) engine. With no options it reads\n"
               "protocol commands on stdin, one per line, and answers on stdout; start with\n"
               "'uci', end with 'quit' or end of input. The commands are in PROTOCOL.md.\n"
               "\n"
            << options;
}

}  // namespace

int main(int argc, char* argv[]) {
  const po::options_description options = commandLineOptions();
  po::variables_map args;
  const po::positional_options_description noPositionalArguments;
  try {
    po::store(po::command_line_parser(argc, argv)
                  .options(options)
                  .positional(noPositionalArguments)
                  .run(),
              args);
    po::notify(args);
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
    return damiera::server::runStdioLoop(std::cin, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "damiera: " << e.what() << '\n';
    return 1;
  }
}
