// Transcript format (tests/transcripts/*.txt, and the ```transcript blocks of PROTOCOL.md and
// README.md). One entry per line:
//
//   # text          a comment; blank lines are ignored too
//   > text          send "text" as one input line (everything after "> ")
//   >               send an empty line
//   >repeat N text  send "text" repeated N times as one line (huge lines without huge files)
//   < text          the next output line is exactly "text"
//   <               the next output line is empty
//   <~ regex        the next output line matches the ECMAScript regex as a whole (times, speeds)
//
// The whole input is written to the engine's stdin, which is then closed (end of input = quit).
// The engine must exit with status 0 and print exactly the expected lines, nothing more. Input
// and output lines are interleaved in the file only for the reader: since replies come in
// command order, the comparison is of the whole output against all the "<" lines in order.
#include "tests/engine/transcript.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace damiera::testing {

namespace {

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

[[noreturn]] void malformed(int lineNumber, std::string_view line) {
  throw std::invalid_argument("transcript line " + std::to_string(lineNumber) +
                              ": not a transcript entry: " + std::string(line));
}

std::string repeated(int lineNumber, std::string_view line) {
  std::istringstream in{std::string(line.substr(std::string_view(">repeat ").size()))};
  long count = 0;
  if (!(in >> count) || count <= 0 || in.get() != ' ') malformed(lineNumber, line);
  std::string unit;
  std::getline(in, unit);
  if (unit.empty()) malformed(lineNumber, line);
  std::string text;
  text.reserve(unit.size() * static_cast<std::size_t>(count));
  for (long i = 0; i < count; ++i) text += unit;
  return text;
}

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// Quoting for /bin/sh: the paths come from the build, but may contain spaces.
std::string shellQuoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

Transcript parseTranscript(std::string_view text) {
  Transcript transcript;
  int lineNumber = 0;
  for (const std::string& line : splitLines(std::string(text))) {
    ++lineNumber;
    std::string_view entry = line;
    if (entry.empty() || entry.front() == '#') continue;
    if (entry == ">") {
      transcript.input += '\n';
    } else if (startsWith(entry, "> ")) {
      transcript.input += std::string(entry.substr(2)) + '\n';
    } else if (startsWith(entry, ">repeat ")) {
      transcript.input += repeated(lineNumber, entry) + '\n';
    } else if (entry == "<") {
      transcript.expected.push_back({"", false, lineNumber});
    } else if (startsWith(entry, "<~ ")) {
      transcript.expected.push_back({std::string(entry.substr(3)), true, lineNumber});
    } else if (startsWith(entry, "< ")) {
      transcript.expected.push_back({std::string(entry.substr(2)), false, lineNumber});
    } else {
      malformed(lineNumber, entry);
    }
  }
  return transcript;
}

std::vector<std::string> transcriptBlocks(std::string_view markdown) {
  std::vector<std::string> blocks;
  std::string* current = nullptr;
  for (const std::string& line : splitLines(std::string(markdown))) {
    if (current == nullptr && line == "```transcript") {
      current = &blocks.emplace_back();
    } else if (current != nullptr && startsWith(line, "```")) {
      current = nullptr;
    } else if (current != nullptr) {
      *current += line + '\n';
    }
  }
  return blocks;
}

Replay replay(const std::string& binary, const Transcript& transcript) {
  char inputPath[] = "/tmp/damiera-transcript-XXXXXX";
  const int fd = mkstemp(inputPath);
  if (fd < 0) throw std::runtime_error("cannot create a temporary input file");
  close(fd);
  std::ofstream(inputPath, std::ios::binary) << transcript.input;

  // The input comes from a file rather than a pipe we write: no deadlock however much either
  // side says, and the engine sees a true end of input.
  const std::string command = shellQuoted(binary) + " < " + shellQuoted(inputPath);
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + binary);
  std::string output;
  char buffer[4096];
  while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  std::remove(inputPath);

  Replay result;
  result.output = splitLines(output);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::string compare(const Transcript& transcript, const Replay& replay) {
  if (replay.exitCode != 0)
    return "the engine exited with status " + std::to_string(replay.exitCode);
  const std::size_t common = std::min(transcript.expected.size(), replay.output.size());
  for (std::size_t i = 0; i < common; ++i) {
    const ExpectedLine& want = transcript.expected[i];
    const std::string& got = replay.output[i];
    const bool matches =
        want.isRegex ? std::regex_match(got, std::regex(want.text)) : got == want.text;
    if (!matches)
      return "output line " + std::to_string(i + 1) + " (transcript line " +
             std::to_string(want.sourceLine) + ")\n  expected" +
             (want.isRegex ? " regex: " : ": ") + want.text + "\n  got:      " + got;
  }
  if (replay.output.size() > common)
    return "unexpected extra output line " + std::to_string(common + 1) + ": " +
           replay.output[common];
  if (transcript.expected.size() > common)
    return "output ended before transcript line " +
           std::to_string(transcript.expected[common].sourceLine) + ": " +
           transcript.expected[common].text;
  return {};
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace damiera::testing
