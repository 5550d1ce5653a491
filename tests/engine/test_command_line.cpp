// The damiera command line: what --help says (and README.md repeats), the exit status of every
// kind of usage error, and the dialect picked by `hub` or --protocol.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/common/file_text.h"

namespace {

struct Run {
  int status = -1;
  std::string output;  // stdout and stderr together
};

// Runs the binary through the shell with `arguments`, `input` on its stdin.
Run runDamiera(const std::string& arguments, const std::string& input = "") {
  const std::string command =
      "printf '" + input + "' | '" + std::string(DAMIERA_BINARY) + "' " + arguments + " 2>&1";
  Run run;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// Trailing blanks dropped from every line (the help's columns end in spaces; README's don't).
std::string withoutTrailingBlanks(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + '\n';
  }
  return out;
}

}  // namespace

TEST_CASE("The --help text lists every option, and README.md shows the same", "[command line]") {
  const Run help = runDamiera("--help");
  CHECK(help.status == 0);
  for (const char* option :
       {"--protocol", "--listen", "--threads", "--hash", "--max-clients", "--max-line",
        "--idle-timeout", "--token-file", "--max-movetime", "--max-depth", "--eval-dir",
        "--websocket", "--allow-origin", "--http", "--http-queue", "--http-client-queue",
        "--http-cache", "DAMIERA_EGDB", "DAMIERA_BOOK"})
    CHECK(help.output.find(option) != std::string::npos);
  // README's block runs from the usage line to the last option.
  const std::string readme =
      damiera::test::fileText(std::string(DAMIERA_SOURCE_DIR) + "/README.md");
  const std::string shown = withoutTrailingBlanks(help.output);
  const std::string usage = shown.substr(0, shown.find("\n\n"));
  const std::string options = shown.substr(shown.find("Options:"));
  CHECK(readme.find(usage) != std::string::npos);
  CHECK(readme.find(options) != std::string::npos);
}

TEST_CASE("The package's damiera.conf lists every option of the server", "[command line]") {
  const Run help = runDamiera("--help");
  const std::string conf =
      damiera::test::fileText(std::string(DAMIERA_SOURCE_DIR) + "/packaging/damiera.conf");
  // The server's options are the "  --name" lines after the section's title.
  const std::string section = help.output.substr(help.output.find("Analysis server"));
  std::size_t at = 0;
  int options = 0;
  while ((at = section.find("\n  --", at)) != std::string::npos) {
    at += 3;
    const std::string name = section.substr(at, section.find_first_of(" \n", at) - at);
    if (name == "--listen") continue;  // DAMIERA_LISTEN
    INFO(name);
    CHECK(conf.find("#   " + name + " ") != std::string::npos);
    ++options;
  }
  CHECK(options > 10);
}

TEST_CASE("Usage errors exit with status 2 and say why", "[command line]") {
  struct Case {
    const char* arguments;
    const char* message;
  };
  const auto c = GENERATE(
      Case{"chess", "unknown mode 'chess'"},
      Case{"--protocol uci", "--protocol must be 'native' or 'hub', got 'uci'"},
      Case{"hub --protocol native", "'hub' and --protocol native contradict each other"},
      Case{"--threads 2", "--threads is an option of the server (--listen)"},
      Case{"--listen 127.0.0.1:99999", "the port must be an integer 0..65535"},
      Case{"--listen :0 --max-line 3", "--max-line must be an integer"},
      Case{"--listen :0 --eval-dir /no/such/folder", "--eval-dir /no/such/folder: not a folder"},
      Case{"--eval-dir /tmp", "--eval-dir is an option of the server (--listen)"},
      Case{"--websocket", "--websocket is an option of the server (--listen)"},
      Case{"--listen :0 --allow-origin https://x.org",
           "--allow-origin is an option of --websocket or --http"},
      Case{"--listen :0 --websocket --allow-origin https://x.org/", "with no path"},
      Case{"--listen :0 --http-queue 3", "--http-queue is an option of --http"},
      Case{"--listen :0 --http --http-client-queue 0", "--http-client-queue must be an integer"},
      Case{"--no-such-option", "unrecognised option"});
  INFO(c.arguments);
  const Run run = runDamiera(c.arguments);
  CHECK(run.status == 2);
  CHECK(run.output.find(c.message) != std::string::npos);
  CHECK(run.output.find("Try 'damiera --help'.") != std::string::npos);
}

TEST_CASE("'hub' and --protocol hub speak Hub on stdin, --protocol native the native protocol",
          "[command line]") {
  for (const char* arguments : {"hub", "--protocol hub", "hub --protocol hub"}) {
    INFO(arguments);
    const Run run = runDamiera(arguments, "ping\\n");
    CHECK(run.status == 0);
    CHECK(run.output == "pong\n");
  }
  const Run native = runDamiera("--protocol native", "isready\\n");
  CHECK(native.status == 0);
  CHECK(native.output == "readyok\n");
}
