// damiera-spsa end to end: a short run at depth 2, its resumption, and refusals.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

const std::string kSpsa = DAMIERA_BUILD_DIR "/damiera-spsa";

struct Output {
  std::string text;
  int status = -1;
};

Output runSpsa(const std::string& args) {
  Output out;
  FILE* pipe = popen((kSpsa + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) out.text += buffer;
  const int status = pclose(pipe);
  out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

int countOf(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("damiera-spsa plays its iterations, saves its state and resumes from it", "[spsa]") {
  const fs::path folder =
      fs::temp_directory_path() / ("damiera-spsa-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  const std::string state = (folder / "run.state").string();
  const std::string common = "--engine " DAMIERA_BINARY " --state " + state +
                             " --depth 2 --params aspirationDelta,rfpMaxDepth "
                             "--openings " DAMIERA_SOURCE_DIR "/tools/openings/3ply.txt";
  const std::string command = common + " --iterations 2";
  const Output first = runSpsa(command);
  INFO(first.text);
  REQUIRE(first.status == 0);
  CHECK(countOf(first.text, "iteration ") == 2);
  CHECK(countOf(first.text, "games 2 ") == 2);
  CHECK(first.text.find("SearchTunables aspirationDelta=") != std::string::npos);
  std::ifstream saved(state);
  const std::string stateText((std::istreambuf_iterator<char>(saved)), {});
  CHECK(stateText.find("done 2\n") != std::string::npos);
  CHECK(countOf(stateText, "result ") == 2);
  CHECK_FALSE(fs::exists(state + ".tmp"));

  // The same command again: nothing left to play, the same answer.
  const Output again = runSpsa(command);
  CHECK(again.status == 0);
  CHECK(countOf(again.text, "iteration ") == 0);
  CHECK(again.text.substr(again.text.find("SearchTunables")) ==
        first.text.substr(first.text.find("SearchTunables")));

  // Another schedule over the same state is refused, as is a damaged state.
  const Output other = runSpsa(common + " --iterations 3");
  CHECK(other.status == 1);
  CHECK(other.text.find("another --iterations") != std::string::npos);
  std::ofstream(state) << "damiera-spsa 1\ndone x\n";
  const Output damaged = runSpsa(command);
  CHECK(damaged.status == 1);
  CHECK(damaged.text.find("bad line") != std::string::npos);
  fs::remove_all(folder);
}

TEST_CASE("damiera-spsa refuses bad arguments with status 2", "[spsa]") {
  CHECK(runSpsa("--state x --iterations 2 --depth 2").status == 2);  // no --engine
  CHECK(runSpsa("--engine " DAMIERA_BINARY " --state /nonexistent/x --iterations 2").status == 2);
  const Output unknown = runSpsa("--engine " DAMIERA_BINARY
                                 " --state /tmp/damiera-spsa-never --iterations 2 --depth 2 "
                                 "--params nosuch");
  CHECK(unknown.status == 2);
  CHECK(unknown.text.find("no tunable 'nosuch'") != std::string::npos);
}
