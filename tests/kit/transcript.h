#pragma once
// Native transcripts: protocol sessions replayed against the built damiera binary. The format
// (the entries both dialects share, tests/kit/transcript_entries.h, and %wait, %progress) is
// described at the top of transcript.cpp.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/kit/transcript_entries.h"

namespace damiera::testing {

struct ExpectedLine {
  enum class Kind {
    Exact,      // "< text": the next output line is exactly the text
    Regex,      // "<~ regex": the next output line matches the regex
    AnyNumber,  // "<* regex": zero or more output lines, each matching the regex
  };
  std::string text;  // the exact line, or a regex
  Kind kind = Kind::Exact;
  int sourceLine = 0;  // where it was written, for failure messages
};

// Input to send, then (when waitFor is set) an output line to wait for before the next step.
struct Step {
  std::string input;                   // input lines, each ending in '\n'
  std::optional<std::string> waitFor;  // a regex ("%wait")
  int waitLine = 0;
};

struct Transcript {
  std::vector<Step> steps;  // never empty
  std::vector<ExpectedLine> expected;
  bool comparesProgress = false;  // %progress: the progress lines are compared too

  // Every input line of every step, in order.
  std::string input() const;
};

// Parses the transcript format. Throws std::invalid_argument naming the line of a malformed
// entry (an unknown prefix, a bad >repeat, a regex that does not compile), so a typo in a
// transcript fails loudly instead of testing nothing.
Transcript parseTranscript(std::string_view text);

// The ```transcript blocks of a Markdown file (PROTOCOL.md, README.md), each a transcript.
std::vector<std::string> transcriptBlocks(std::string_view markdown);

struct Replay {
  std::vector<std::string> output;  // the engine's output lines
  int exitCode = -1;
  std::string failure;  // set when the replay itself failed: a %wait or the exit timed out
};

struct ReplayTimeouts {
  std::chrono::milliseconds wait{20'000};  // for each %wait's line to come
  std::chrono::milliseconds exit{20'000};  // for the engine to exit once its input has ended
};

// Runs `binary`, sends each step's input on its stdin (pausing at every %wait until the line
// arrives), then closes stdin (end of input = quit) and collects stdout until the engine exits.
// An engine that misses a timeout is killed and the replay reports it.
Replay replay(const std::string& binary, const Transcript& transcript,
              const ReplayTimeouts& timeouts = {});

// Empty when the output matches the expectations line for line, otherwise a readable account
// of the first difference.
std::string compare(const Transcript& transcript, const Replay& replay);

}  // namespace damiera::testing
