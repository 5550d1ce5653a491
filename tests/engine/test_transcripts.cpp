// Replays every protocol transcript (tests/transcripts/*.txt) and every example of PROTOCOL.md
// and README.md against the built damiera binary; the format is described in transcript.cpp.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/engine/transcript.h"

namespace fs = std::filesystem;
using namespace damiera::testing;

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
  const Transcript t = parseTranscript("# c\n\n> uci\n>\n>repeat 3 ab\n< x\n<~ y+\n<\n");
  CHECK(t.input == "uci\n\nababab\n");
  REQUIRE(t.expected.size() == 3);
  CHECK(t.expected[1].isRegex);
  CHECK(t.expected[2].text.empty());
}
