#pragma once
// Transcripts: protocol sessions replayed against the built damiera binary. The format is
// described at the top of transcript.cpp.
#include <string>
#include <string_view>
#include <vector>

namespace damiera::testing {

struct ExpectedLine {
  std::string text;  // the exact line, or a regex when isRegex
  bool isRegex = false;
  int sourceLine = 0;  // where it was written, for failure messages
};

struct Transcript {
  std::string input;  // every input line, each ending in '\n'
  std::vector<ExpectedLine> expected;
};

// Parses the transcript format. Throws std::invalid_argument naming the line of a malformed
// entry, so a typo in a transcript fails loudly instead of testing nothing.
Transcript parseTranscript(std::string_view text);

// The ```transcript blocks of a Markdown file (PROTOCOL.md, README.md), each a transcript.
std::vector<std::string> transcriptBlocks(std::string_view markdown);

struct Replay {
  std::vector<std::string> output;  // the engine's output lines
  int exitCode = -1;
};

// Runs `binary` with the transcript's input on stdin (then end of input) and collects stdout.
Replay replay(const std::string& binary, const Transcript& transcript);

// Empty when the output matches the expectations line for line, otherwise a readable account
// of the first difference.
std::string compare(const Transcript& transcript, const Replay& replay);

std::string readFile(const std::string& path);

}  // namespace damiera::testing
