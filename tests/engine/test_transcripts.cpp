// Replays every protocol transcript (tests/transcripts/*.txt) and every example of PROTOCOL.md
// and README.md against the built damiera binary; the format is described in transcript.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/kit/transcript.h"

namespace fs = std::filesystem;
using namespace damiera::testing;
using namespace std::chrono_literals;

namespace {

const std::string kSourceDir = DAMIERA_SOURCE_DIR;

std::vector<fs::path> transcriptFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSourceDir + "/tests/transcripts"))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

void checkReplay(const std::string& name, const std::string& text) {
  INFO(name);
  const Transcript transcript = parseTranscript(text);
  REQUIRE_FALSE(transcript.expected.empty());
  const std::string difference = compare(transcript, replay(DAMIERA_BINARY, transcript));
  INFO(difference);
  CHECK(difference.empty());
}

void checkMarkdownExamples(const std::string& file) {
  const std::vector<std::string> blocks = transcriptBlocks(readFile(kSourceDir + "/" + file));
  REQUIRE_FALSE(blocks.empty());
  for (std::size_t i = 0; i < blocks.size(); ++i)
    checkReplay(file + " example " + std::to_string(i + 1), blocks[i]);
}

}  // namespace

TEST_CASE("Every transcript replays exactly against the engine", "[transcripts]") {
  const std::vector<fs::path> files = transcriptFiles();
  REQUIRE_FALSE(files.empty());
  for (const fs::path& file : files) checkReplay(file.filename().string(), readFile(file.string()));
}

TEST_CASE("PROTOCOL.md examples are what the engine says", "[transcripts][docs]") {
  checkMarkdownExamples("PROTOCOL.md");
}

TEST_CASE("README.md examples are what the engine says", "[transcripts][docs]") {
  checkMarkdownExamples("README.md");
}

TEST_CASE("The transcript format rejects what it does not know", "[transcripts]") {
  CHECK_THROWS_AS(parseTranscript("hello\n"), std::invalid_argument);
  CHECK_THROWS_AS(parseTranscript(">repeat x y\n"), std::invalid_argument);
  CHECK_THROWS_AS(parseTranscript("%sleep 10\n"), std::invalid_argument);
  CHECK_THROWS_AS(parseTranscript("%wait (\n"), std::invalid_argument);
  CHECK_THROWS_AS(parseTranscript("<~ [a\n"), std::invalid_argument);
  CHECK_THROWS_AS(parseTranscript("<* \n"), std::invalid_argument);
  const Transcript t = parseTranscript("# c\n\n> uci\n>\n>repeat 3 ab\n< x\n<~ y+\n<\n<* z\n");
  CHECK(t.input() == "uci\n\nababab\n");
  REQUIRE(t.steps.size() == 1);
  CHECK_FALSE(t.steps[0].waitFor);
  REQUIRE(t.expected.size() == 4);
  CHECK(t.expected[0].kind == ExpectedLine::Kind::Exact);
  CHECK(t.expected[1].kind == ExpectedLine::Kind::Regex);
  CHECK(t.expected[2].text.empty());
  CHECK(t.expected[3].kind == ExpectedLine::Kind::AnyNumber);
}

TEST_CASE("%wait splits the input into steps", "[transcripts]") {
  const Transcript t = parseTranscript("> go infinite\n%wait info .*\n> stop\n%wait bestmove .*\n");
  REQUIRE(t.steps.size() == 3);
  CHECK(t.steps[0].input == "go infinite\n");
  CHECK(t.steps[0].waitFor == "info .*");
  CHECK(t.steps[0].waitLine == 2);
  CHECK(t.steps[1].input == "stop\n");
  CHECK(t.steps[1].waitFor == "bestmove .*");
  CHECK(t.steps[2].input.empty());
  CHECK_FALSE(t.steps[2].waitFor);
}

TEST_CASE("<* matches any number of lines, as few or as many as the rest needs", "[transcripts]") {
  const Transcript t = parseTranscript("<* info .*\n< readyok\n<* info .*\n<~ info depth 3.*\n");
  auto outcome = [&](std::vector<std::string> lines) {
    Replay r;
    r.output = std::move(lines);
    r.exitCode = 0;
    return compare(t, r);
  };
  CHECK(outcome({"readyok", "info depth 3"}).empty());
  CHECK(outcome({"info depth 1", "readyok", "info depth 2", "info depth 3"}).empty());
  CHECK(outcome({"info depth 1", "info depth 2", "readyok", "info depth 3"}).empty());
  CHECK_FALSE(outcome({"info depth 1", "readyok"}).empty());
  CHECK_FALSE(outcome({"readyok", "info depth 3", "bestmove 21-17"}).empty());
  CHECK_FALSE(outcome({"info depth 1", "bestmove 21-17", "readyok", "info depth 3"}).empty());
  CHECK(outcome({"readyok", "info depth 3", "extra"}) == "unexpected extra output line 3: extra");
}

TEST_CASE("Progress lines, sent by real time, are compared only under %progress", "[transcripts]") {
  // A depth-6 search on a loaded machine can pass the second after which currmove and
  // statistics lines come; a transcript that pins the iterations' lines must not fail then.
  const std::vector<std::string> lines = {
      "info depth 1 seldepth 1 score cp 10 nodes 9 nps 9000 time 1 hashfull 0 pv 22-18",
      "info depth 2 currmove 21-17 currmovenumber 1", "info nodes 81 nps 80 time 1001 hashfull 0",
      "bestmove 22-18"};
  auto outcome = [&](const std::string& text) {
    Replay r;
    r.output = lines;
    r.exitCode = 0;
    return compare(parseTranscript(text), r);
  };
  const std::string iterations = "<~ info depth 1 .*\n< bestmove 22-18\n";
  CHECK(outcome(iterations).empty());
  CHECK_FALSE(outcome("%progress\n" + iterations).empty());
  CHECK(outcome("%progress\n<~ info depth 1 .*\n<~ info depth 2 currmove .*\n"
                "<~ info nodes .*\n< bestmove 22-18\n")
            .empty());
  // Other lines still count: an unexpected one is reported.
  CHECK_FALSE(outcome("< bestmove 22-18\n").empty());
}

TEST_CASE("A %wait whose line never comes fails the replay instead of hanging", "[transcripts]") {
  const Transcript t = parseTranscript("> isready\n%wait never\n> isready\n< readyok\n< readyok\n");
  const Replay r = replay(DAMIERA_BINARY, t, {std::chrono::milliseconds(300), 20'000ms});
  CHECK(r.failure == "timed out waiting (transcript line 2) for: never");
  CHECK(r.output.size() <= 1);  // readyok, unless the engine took longer than that to start
  CHECK(compare(t, r).rfind("timed out waiting", 0) == 0);
}

TEST_CASE("Input after quit is dropped, not a failure", "[transcripts]") {
  const Transcript t = parseTranscript("> quit\n>repeat 200000 isready\n> isready\n");
  const Replay r = replay(DAMIERA_BINARY, t);
  CHECK(r.failure.empty());
  CHECK(r.exitCode == 0);
  CHECK(r.output.empty());
}
