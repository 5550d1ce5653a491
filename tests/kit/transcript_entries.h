#pragma once
// The lines both transcript formats share (the native one, tests/kit/transcript.h, and the
// Hub's, tests/kit/hub_transcript.h), read by one parser:
//
//   # text          a comment; blank lines are ignored too
//   > text          send "text" as one input line;  ">" alone sends an empty line
//   >repeat N text  send "text" repeated N times as one line (huge lines without huge files)
//   >bytes text     send "text" with "\xNN" and "\\" decoded (NUL, 0xff: transcript_input.h)
//   < text          the next output line is exactly "text";  "<" alone: an empty line
//   <~ regex        the next output line matches the ECMAScript regex as a whole
//   <* regex        zero or more output lines, each matching the regex
//   %name ...       a directive of one format (the native %wait and %progress)
//
// A malformed entry (an unknown prefix, a bad >repeat or escape, a regex that does not compile)
// throws std::invalid_argument naming its line, so a typo fails loudly instead of testing
// nothing.
#include <string>
#include <string_view>
#include <vector>

namespace damiera::testing {

struct TranscriptEntry {
  enum class Kind { Send, Exact, Regex, AnyNumber, Directive };
  Kind kind = Kind::Send;
  std::string text;  // the line to send, the exact line or regex expected, or the directive
  int sourceLine = 0;
};

std::vector<TranscriptEntry> parseTranscriptEntries(std::string_view text);

// "transcript line N: ..." for a format's own checks of an entry.
[[noreturn]] void malformedEntry(int lineNumber, std::string_view line);
// `regex` if it compiles; else throws naming the line.
std::string checkedRegex(int lineNumber, std::string_view line, std::string_view regex);

// The blocks of a Markdown file fenced as ```fence (PROTOCOL.md's ```transcript and
// ```hub-transcript), each a transcript.
std::vector<std::string> markdownBlocks(std::string_view markdown, std::string_view fence);

std::vector<std::string> splitLines(std::string_view text);
std::string readFile(const std::string& path);

}  // namespace damiera::testing
