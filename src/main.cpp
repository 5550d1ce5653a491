// Damiera's command line: options pick the transport, which then runs one Session (stdin) or
// one per connection (--listen: the analysis server).
#include <algorithm>
#include <boost/program_options.hpp>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/hub_session.h"
#include "engine/native_line_session.h"
#include "engine/option_table.h"
#include "host/forwarded_client.h"
#include "host/stdio_loop.h"
#include "host/tcp_auth.h"
#include "host/tcp_config.h"
#include "protocol/hub_syntax.h"
#include "protocol/reply.h"
#include "search/limits.h"
#include "search/tt.h"
#include "server/analysis_server.h"
#include "version.h"

namespace po = boost::program_options;

namespace {

constexpr int kExitUsage = 2;
// The dialects: the native protocol, or Scan's Hub protocol (`damiera hub` as `scan hub`, or
// `--protocol hub`), on stdin or on every TCP connection.
constexpr const char* kNativeProtocol = "native";
constexpr const char* kHubProtocol = "hub";

po::options_description commandLineOptions() {
  po::options_description options("Options");
  options.add_options()                                        //
      ("help,h", "print this help and exit")                   //
      ("version,v", "print the version and licence and exit")  //
      ("protocol", po::value<std::string>()->value_name("native|hub"),
       "the dialect on stdin or, with --listen, on every connection (default native; "
       "'damiera hub' is 'damiera --protocol hub')");
  return options;
}

// The analysis server's options; they mean nothing without --listen.
po::options_description serverOptions() {
  po::options_description options("Analysis server (README.md, \"Analysis server\")");
  options.add_options()  //
      ("listen", po::value<std::string>()->value_name("HOST:PORT"),
       "serve the protocol on TCP instead of stdin, one session per connection; HOST defaults "
       "to 127.0.0.1 (loopback only), port 0 picks a free one")  //
      ("websocket",
       "serve WebSocket (ws://HOST:PORT/) instead of plain lines, for web pages: one text "
       "message is one protocol line each way, every limit below the same (PROTOCOL.md, "
       "\"Over WebSocket\")")  //
      ("allow-origin", po::value<std::vector<std::string>>()->composing()->value_name("ORIGIN"),
       "with --websocket: the origin of a page whose scripts may connect, as browsers send it "
       "(https://example.org:8443, no path); repeat for more; a page of any other origin is "
       "closed with code 1008 and why; clients that send no Origin (not browsers) are let in; "
       "default: any origin; with --http: a page whose scripts may read the API's answers "
       "(CORS), default: none")  //
      ("http",
       "serve the HTTP/JSON API (GET /v1/eval, POST /v1/analyse, GET /metrics: docs/http.md) "
       "on the port: with --websocket too, the requests that are not a WebSocket upgrade; "
       "alone, the port speaks HTTP only (no protocol lines, no WebSocket). The token of "
       "--token-file is then asked as 'Authorization: Bearer <token>'")  //
      ("http-queue", po::value<int>()->value_name("N"),
       "with --http: evaluations and game analyses not done yet, of all clients together, "
       "before the next is refused with 429 (default 64)")  //
      ("http-client-queue", po::value<int>()->value_name("N"),
       "with --http: the same for one client (one address) (default 4)")  //
      ("trusted-proxy", po::value<std::vector<std::string>>()->composing()->value_name("ADDR"),
       "with --http: a reverse proxy's IP address (nginx, HAProxy) whose X-Forwarded-For header "
       "names the client of a request, for --http-client-queue and the log; repeat for more; "
       "without it every request's client is its connection's address")  //
      ("http-cache", po::value<int>()->value_name("N"),
       "with --http: positions whose evaluation is kept for the next request (default "
       "100000)")  //
      ("threads", po::value<int>()->value_name("N"),
       "processors the searches of all clients take turns on (default: the number of "
       "cores)")  //
      ("hash", po::value<int>()->value_name("MB"),
       "the hash table all sessions share (default 64)")  //
      ("max-clients", po::value<int>()->value_name("N"),
       "connections at once; the next gets 'error server full' (default 256)")  //
      ("max-line", po::value<int>()->value_name("BYTES"),
       "longest input line (with --websocket: message); a longer one closes the connection "
       "(default 16384)")  //
      ("max-output", po::value<int>()->value_name("BYTES"),
       "replies queued for a client that does not read them before it is disconnected "
       "(default 1048576)")  //
      ("idle-timeout", po::value<int>()->value_name("S"),
       "close connections silent for S seconds; 0: never (default 300)")  //
      ("token-file", po::value<std::string>()->value_name("FILE"),
       "every connection must first send 'auth <token>', the token being FILE's first line")  //
      ("max-movetime", po::value<int>()->value_name("MS"),
       "every search is stopped this long after its go, as by stop (go infinite too); "
       "with --http, a longer movetime is refused with 400 (with 0, one over 10000); "
       "0: no cap (default 60000)")  //
      ("max-depth", po::value<int>()->value_name("N"),
       "cap on the depth of one search (with --http: deeper requests are refused with 400, "
       "and without the option the API's cap is 24); 0: no cap (default)")  //
      ("eval-dir", po::value<std::string>()->value_name("DIR"),
       "evaluation weights files clients may choose by name (setoption name EvalFile value "
       "NAME, a file directly in DIR); without it, only <empty>");
  return options;
}

// An integer server option in [min, max], or `fallback` when it was not given.
int serverInteger(const po::variables_map& args, const char* name, int min, int max, int fallback) {
  if (!args.count(name)) return fallback;
  const int value = args[name].as<int>();
  if (value < min || value > max)
    throw po::error("--" + std::string(name) + " must be an integer " + std::to_string(min) + ".." +
                    std::to_string(max) + ", got " + std::to_string(value));
  return value;
}

damiera::server::AnalysisServerConfig serverConfig(const po::variables_map& args) {
  namespace server = damiera::server;
  namespace host = damiera::host;
  server::AnalysisServerConfig config;
  std::string error;
  const auto address = host::parseListenAddress(args["listen"].as<std::string>(), error);
  if (!address) throw po::error("--listen " + args["listen"].as<std::string>() + ": " + error);
  config.tcp.host = address->host;
  config.tcp.port = address->port;
  if (args.count("websocket")) config.tcp.transport = host::Transport::WebSocket;
  if (args.count("allow-origin")) {
    if (!args.count("websocket") && !args.count("http"))
      throw po::error("--allow-origin is an option of --websocket or --http");
    for (const std::string& text : args["allow-origin"].as<std::vector<std::string>>()) {
      const auto origin = host::parseOrigin(text, error);
      if (!origin) throw po::error("--allow-origin " + text + ": " + error);
      config.tcp.allowedOrigins.push_back(*origin);
    }
  }
  const int cores = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  config.threads = serverInteger(args, "threads", 1, damiera::kMaxThreads, cores);
  config.hashMb = static_cast<std::size_t>(
      serverInteger(args, "hash", static_cast<int>(damiera::kMinHashMb),
                    static_cast<int>(damiera::kMaxHashMb), static_cast<int>(config.hashMb)));
  constexpr int kLargest = 1 << 30;
  config.tcp.maxClients = static_cast<std::size_t>(
      serverInteger(args, "max-clients", 1, kLargest, static_cast<int>(config.tcp.maxClients)));
  config.tcp.maxLineBytes = static_cast<std::size_t>(
      serverInteger(args, "max-line", 16, kLargest, static_cast<int>(config.tcp.maxLineBytes)));
  config.tcp.maxOutputBytes = static_cast<std::size_t>(serverInteger(
      args, "max-output", 1024, kLargest, static_cast<int>(config.tcp.maxOutputBytes)));
  config.tcp.idleTimeout = std::chrono::seconds(serverInteger(
      args, "idle-timeout", 0, kLargest, static_cast<int>(config.tcp.idleTimeout.count())));
  config.maxMoveTimeMs =
      serverInteger(args, "max-movetime", 0, kLargest, static_cast<int>(config.maxMoveTimeMs));
  config.maxDepth = serverInteger(args, "max-depth", 0, kLargest, config.maxDepth);
  if (args.count("http")) {
    if (args.count("websocket"))
      config.tcp.transport = host::Transport::WebSocket;
    else
      config.tcp.transport = host::Transport::Http;
    server::HttpApiConfig http;
    if (config.maxDepth > 0) http.maxDepth = config.maxDepth;
    if (config.maxMoveTimeMs > 0) http.maxMoveTimeMs = config.maxMoveTimeMs;
    http.queue = serverInteger(args, "http-queue", 1, kLargest, http.queue);
    http.queuePerClient =
        serverInteger(args, "http-client-queue", 1, kLargest, http.queuePerClient);
    http.cacheEntries = static_cast<std::size_t>(
        serverInteger(args, "http-cache", 0, kLargest, static_cast<int>(http.cacheEntries)));
    config.http = http;
    if (args.count("trusted-proxy")) {
      for (const std::string& text : args["trusted-proxy"].as<std::vector<std::string>>()) {
        const auto address = host::canonicalAddress(text);
        if (!address) throw po::error("--trusted-proxy " + text + ": not an IP address");
        config.tcp.trustedProxies.push_back(*address);
      }
    }
  } else {
    for (const char* option : {"http-queue", "http-client-queue", "http-cache", "trusted-proxy"})
      if (args.count(option))
        throw po::error("--" + std::string(option) + " is an option of --http");
  }
  if (args.count("eval-dir")) {
    config.evalFolder = args["eval-dir"].as<std::string>();
    std::error_code error;
    if (!std::filesystem::is_directory(config.evalFolder, error))
      throw po::error("--eval-dir " + config.evalFolder + ": not a folder");
  }
  return config;
}

// The optional positional word that picks the Hub dialect, as `scan hub`.
po::options_description modeArgument() {
  po::options_description mode;
  mode.add_options()("mode", po::value<std::string>(), "hub");
  return mode;
}

void printHelp(const po::options_description& options) {
  std::cout << "Usage: damiera [--help] [--version] [hub | --protocol native|hub]\n"
               "       damiera --listen HOST:PORT [--websocket] [--http] [--protocol native|hub] "
               "[server options]\n"
               "\n"
               "Damiera, an Italian draughts (dama italiana) engine. With no options it reads\n"
               "protocol commands on stdin, one per line, and answers on stdout; start with\n"
               "'uci', end with 'quit' or end of input. The commands are in PROTOCOL.md.\n"
               "'damiera hub' speaks Scan's Hub protocol instead (PROTOCOL.md, 'The Hub\n"
               "dialect'), for GUIs and tools made for Scan. With --listen it is an analysis\n"
               "server: the same protocol (native, or Hub with --protocol hub) over TCP, one\n"
               "independent session per connection; with --websocket over WebSocket, for web\n"
               "pages; with --http an HTTP/JSON API (evaluations, game analyses, metrics:\n"
               "docs/http.md) on that port.\n"
               "\n"
            << options
            << "\n"
               "Environment:\n"
               "  DAMIERA_EGDB         an endgame database folder every session starts with\n"
               "                       (option EGDBPath)\n"
               "  DAMIERA_BOOK         the opening book every session starts with (option\n"
               "                       BookFile); unset: the installed one,\n"
               "                       ../share/damiera/damiera.book beside the program, if\n"
               "                       there; empty: none\n";
}

// An installed damiera (the Debian package: /usr/bin/damiera) plays from the book installed
// with it, /usr/share/damiera/damiera.book, unless DAMIERA_BOOK says otherwise. Sessions take
// their BookFile default from DAMIERA_BOOK (Engine), so the installed book becomes that
// variable's default, found relative to the program so that any install prefix works.
void defaultToInstalledBook() {
  if (std::getenv(damiera::kBookEnvironment) != nullptr) return;
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return;
  const std::filesystem::path book =
      program.parent_path().parent_path() / "share" / "damiera" / "damiera.book";
  if (std::filesystem::is_regular_file(book, error))
    ::setenv(damiera::kBookEnvironment, book.c_str(), 0);
}

}  // namespace

int main(int argc, char* argv[]) {
  po::options_description options = commandLineOptions();
  options.add(serverOptions());
  po::variables_map args;
  std::optional<damiera::server::AnalysisServerConfig> server;  // with --listen
  po::options_description allOptions;
  allOptions.add(options).add(modeArgument());
  po::positional_options_description positional;
  positional.add("mode", 1);
  try {
    po::store(po::command_line_parser(argc, argv).options(allOptions).positional(positional).run(),
              args);
    po::notify(args);
    if (args.count("mode") && args["mode"].as<std::string>() != kHubProtocol)
      throw po::error("unknown mode '" + args["mode"].as<std::string>() + "' (expected 'hub')");
    if (args.count("protocol")) {
      const std::string& protocol = args["protocol"].as<std::string>();
      if (protocol != kNativeProtocol && protocol != kHubProtocol)
        throw po::error("--protocol must be 'native' or 'hub', got '" + protocol + "'");
      if (args.count("mode") && protocol != kHubProtocol)
        throw po::error("'hub' and --protocol " + protocol + " contradict each other");
    }
    if (!args.count("listen")) {
      const po::options_description serverOnly = serverOptions();
      for (const auto& option : serverOnly.options())
        if (args.count(option->long_name()))
          throw po::error("--" + option->long_name() + " is an option of the server (--listen)");
    }
    if (args.count("listen")) server = serverConfig(args);
  } catch (const po::error& e) {
    std::cerr << "damiera: " << e.what() << "\nTry 'damiera --help'.\n";
    return kExitUsage;
  }
  if (args.count("help")) {
    printHelp(options);
    return 0;
  }
  if (args.count("version")) {
    std::cout << damiera::kEngineName << ' ' << damiera::kEngineVersion << '\n'
              << "Copyright (c) 2026 the Damiera developers\n"
              << "Licence: MIT (the LICENSE file; each package carries it with its "
                 "third-party notices)\n";
    return 0;
  }
  defaultToInstalledBook();

  // A client that closes the pipe should end the engine with an exit code, not a signal.
  std::signal(SIGPIPE, SIG_IGN);
  std::ios::sync_with_stdio(false);  // buffered reads; every reply is flushed explicitly
  try {
    const bool hub = args.count("mode") ||
                     (args.count("protocol") && args["protocol"].as<std::string>() == kHubProtocol);
    if (server) {
      if (args.count("token-file"))
        server->tcp.token = damiera::host::readTokenFile(args["token-file"].as<std::string>());
      if (hub) server->tcp.errorLine = damiera::protocol::hub::errorLine;  // error message="..."
      return damiera::server::runAnalysisServer(
          *server,
          [hub](const damiera::SessionEnvironment& environment) {
            return hub ? damiera::hubLineSessionFactory(environment)
                       : damiera::nativeLineSessionFactory(environment);
          },
          std::cout);
    }
    if (hub)
      return damiera::host::runStdioLoop(std::cin, std::cout, damiera::hubLineSessionFactory(),
                                         damiera::protocol::hub::errorLine);
    return damiera::host::runStdioLoop(std::cin, std::cout, damiera::nativeLineSessionFactory(),
                                       damiera::protocol::errorLine);
  } catch (const std::exception& e) {
    std::cerr << "damiera: " << e.what() << '\n';
    return 1;
  }
}
