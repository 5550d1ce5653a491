// `damiera hub` on stdin and stdout (host/stdio_loop.h with Hub sessions).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/hub_session.h"
#include "host/stdio_loop.h"
#include "protocol/hub_syntax.h"

namespace {

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

int runHubStdio(std::istream& in, std::ostream& out,
                std::size_t maxLineBytes = damiera::host::kMaxLineBytes) {
  return damiera::host::runStdioLoop(in, out, damiera::hubLineSessionFactory(),
                                     damiera::protocol::hub::errorLine, maxLineBytes);
}

}  // namespace

TEST_CASE("Hub on stdio: replies in order, a line too long refused, quit ends it", "[hub][stdio]") {
  std::istringstream in("ping\n" + std::string(100, 'x') + "\ninit\nquit\nping\n");
  std::ostringstream out;
  CHECK(runHubStdio(in, out, 50) == 0);
  CHECK(linesOf(out.str()) ==
        std::vector<std::string>{"pong", "error message=\"line too long\"", "ready"});
}

TEST_CASE("Hub on stdio: the end of input ends a search, which still answers done",
          "[hub][stdio]") {
  std::istringstream in("pos start\nlevel infinite\ngo think");  // no newline at the end
  std::ostringstream out;
  CHECK(runHubStdio(in, out) == 0);
  const std::vector<std::string> lines = linesOf(out.str());
  REQUIRE_FALSE(lines.empty());
  CHECK(lines.back().starts_with("done move="));
}

TEST_CASE("Hub sessions come from a factory, as the transports want them", "[hub][stdio]") {
  std::vector<std::string> replies;
  const auto session = damiera::hubLineSessionFactory()(
      [&replies](std::string_view line) { replies.emplace_back(line); });
  CHECK(session->handleLine("ping") == damiera::SessionFlow::Continue);
  CHECK(session->handleLine("quit") == damiera::SessionFlow::Quit);
  CHECK(replies == std::vector<std::string>{"pong"});
}
