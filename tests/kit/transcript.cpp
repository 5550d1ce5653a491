// Transcript format (tests/transcripts/*.txt, and the ```transcript blocks of PROTOCOL.md and
// README.md). One entry per line:
//
//   # text          a comment; blank lines are ignored too
//   > text          send "text" as one input line (everything after "> ")
//   >               send an empty line
//   >repeat N text  send "text" repeated N times as one line (huge lines without huge files)
//   >bytes text     send "text" with "\xNN" and "\\" decoded (NUL, 0xff: transcript_input.h)
//   %wait regex     send nothing more until an output line matching the regex (as a whole) has
//                   come, counting only lines after the one the previous %wait matched
//   < text          the next output line is exactly "text"
//   <               the next output line is empty
//   <~ regex        the next output line matches the ECMAScript regex as a whole (times, speeds)
//   <* regex        zero or more output lines, each matching the regex (the info lines of a
//                   search, whose number depends on time)
//   %progress       compare the progress lines too (see below)
//
// The input is written to the engine's stdin through a pipe, step by step: everything up to a
// %wait, then (once the awaited line has come) everything up to the next one, and so on; then
// stdin is closed (end of input = quit). Without %wait the whole input goes at once, so a
// search would only see its stop (or the end of input) right after its go: use %wait to let it
// run ("%wait info depth 3 .*") or to check that something was answered during it.
//
// Progress lines (`info depth D currmove M currmovenumber N`, `info nodes ...`) come once a
// search has run a second of real time, so whether a depth-6 search sends them depends on the
// machine's load: the comparison leaves them out unless the transcript says %progress (a %wait
// sees every line either way).
//
// The engine must exit with status 0 and print exactly the expected lines, nothing more. Input
// and output lines are interleaved in the file only for the reader: the comparison is of the
// whole output against all the "<" entries in order. A "<*" entry matches as few or as many
// lines as needed for the rest to match.
//
// Timeouts (ReplayTimeouts): a %wait whose line does not come, or an engine that does not exit
// after the end of its input, is killed and the replay fails saying so.
#include "tests/kit/transcript.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <stdexcept>

extern char** environ;

namespace damiera::testing {

namespace {

using Clock = std::chrono::steady_clock;

// ---- Running the engine ---------------------------------------------------------------------

// The engine as a child process with a pipe on each of stdin and stdout (both non-blocking on
// our side, so we never block writing while the engine blocks writing to us).
class Engine {
 public:
  explicit Engine(const std::string& binary) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
      throw std::runtime_error("cannot create pipes");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    std::string path = binary;
    char* argv[] = {path.data(), nullptr};
    const int spawned = posix_spawn(&pid_, path.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    input_ = in[1];
    output_ = out[0];
    if (spawned != 0) {
      closeInput();
      close(output_);
      throw std::runtime_error("cannot run " + binary);
    }
    fcntl(input_, F_SETFL, fcntl(input_, F_GETFL) | O_NONBLOCK);
    fcntl(output_, F_SETFL, fcntl(output_, F_GETFL) | O_NONBLOCK);
  }

  ~Engine() {
    closeInput();
    close(output_);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const std::vector<std::string>& lines() const { return lines_; }
  bool outputEnded() const { return outputEnded_; }

  // Moves data both ways until `done()` or the deadline; false on the deadline. Input that the
  // engine can no longer take (it has exited) is dropped.
  template <class Done>
  bool pump(std::string_view& toSend, Clock::time_point deadline, Done done) {
    while (!done()) {
      if (input_ < 0) toSend = {};                      // the engine has quit and reads no more
      if (toSend.empty() && outputEnded_) return true;  // nothing more can happen
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      pollfd fds[2] = {{output_, POLLIN, 0}, {input_, POLLOUT, 0}};
      const nfds_t count = (!toSend.empty() && input_ >= 0) ? 2 : 1;
      if (outputEnded_) fds[0].fd = -1;
      if (poll(fds, count, static_cast<int>(std::min<long long>(left, 100))) < 0 && errno != EINTR)
        throw std::runtime_error("poll failed");
      if (count == 2 && fds[1].revents != 0) send(toSend);
      if (fds[0].revents != 0) receive();
    }
    return true;
  }

  void closeInput() {
    if (input_ >= 0) close(input_);
    input_ = -1;
  }

  // Waits for the engine to exit after its output has ended; -1 if it did not in time (then it
  // is killed) or did not exit normally.
  int exitCode(Clock::time_point deadline) {
    int status = 0;
    for (;;) {
      const pid_t done = waitpid(pid_, &status, WNOHANG);
      if (done == pid_) break;
      if (Clock::now() >= deadline) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return -1;
      }
      usleep(1000);
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  void send(std::string_view& toSend) {
    const ssize_t n = write(input_, toSend.data(), toSend.size());
    if (n > 0) {
      toSend.remove_prefix(static_cast<std::size_t>(n));
    } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
      toSend = {};  // EPIPE: the engine has quit and reads no more
      closeInput();
    }
  }

  void receive() {
    char buffer[65536];
    for (;;) {
      const ssize_t n = read(output_, buffer, sizeof buffer);
      if (n > 0) {
        for (ssize_t i = 0; i < n; ++i) {
          if (buffer[i] == '\n') {
            lines_.push_back(std::move(partial_));
            partial_.clear();
          } else {
            partial_ += buffer[i];
          }
        }
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
      outputEnded_ = true;  // end of output (or an error: the same for us)
      if (!partial_.empty()) lines_.push_back(std::move(partial_));
      partial_.clear();
      return;
    }
  }

  pid_t pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  std::string partial_;
  std::vector<std::string> lines_;
  bool outputEnded_ = false;
};

// ---- Comparing ------------------------------------------------------------------------------

class Matcher {
 public:
  explicit Matcher(const std::vector<ExpectedLine>& expected) : expected_(expected) {
    for (const ExpectedLine& e : expected)
      regexes_.push_back(e.kind == ExpectedLine::Kind::Exact ? std::regex() : std::regex(e.text));
  }

  bool matches(std::size_t j, const std::string& line) const {
    return expected_[j].kind == ExpectedLine::Kind::Exact ? line == expected_[j].text
                                                          : std::regex_match(line, regexes_[j]);
  }

 private:
  const std::vector<ExpectedLine>& expected_;
  std::vector<std::regex> regexes_;
};

std::string describe(const ExpectedLine& e) {
  switch (e.kind) {
    case ExpectedLine::Kind::Exact:
      return ": " + e.text;
    case ExpectedLine::Kind::Regex:
      return " regex: " + e.text;
    case ExpectedLine::Kind::AnyNumber:
      return " any number of lines matching: " + e.text;
  }
  return {};
}

}  // namespace

std::string Transcript::input() const {
  std::string all;
  for (const Step& step : steps) all += step.input;
  return all;
}

Transcript parseTranscript(std::string_view text) {
  using Kind = TranscriptEntry::Kind;
  Transcript transcript;
  transcript.steps.emplace_back();
  for (const TranscriptEntry& entry : parseTranscriptEntries(text)) {
    switch (entry.kind) {
      case Kind::Send:
        transcript.steps.back().input += entry.text + '\n';
        break;
      case Kind::Exact:
        transcript.expected.push_back({entry.text, ExpectedLine::Kind::Exact, entry.sourceLine});
        break;
      case Kind::Regex:
        transcript.expected.push_back({entry.text, ExpectedLine::Kind::Regex, entry.sourceLine});
        break;
      case Kind::AnyNumber:
        transcript.expected.push_back(
            {entry.text, ExpectedLine::Kind::AnyNumber, entry.sourceLine});
        break;
      case Kind::Directive: {
        const std::string_view directive = entry.text;
        if (directive.starts_with("%wait ")) {
          Step& step = transcript.steps.back();
          step.waitFor = checkedRegex(entry.sourceLine, directive, directive.substr(6));
          step.waitLine = entry.sourceLine;
          transcript.steps.emplace_back();
        } else if (directive == "%progress") {
          transcript.comparesProgress = true;
        } else {
          malformedEntry(entry.sourceLine, directive);
        }
        break;
      }
    }
  }
  return transcript;
}

std::vector<std::string> transcriptBlocks(std::string_view markdown) {
  return markdownBlocks(markdown, "transcript");
}

Replay replay(const std::string& binary, const Transcript& transcript,
              const ReplayTimeouts& timeouts) {
  // Writing to an engine that has already quit must fail with EPIPE, not kill the tests.
  std::signal(SIGPIPE, SIG_IGN);
  Engine engine(binary);
  Replay result;
  std::size_t waitFrom = 0;  // a %wait looks at the lines after the previous one's match
  for (const Step& step : transcript.steps) {
    std::string_view toSend = step.input;
    std::optional<std::regex> awaited;
    if (step.waitFor) awaited.emplace(*step.waitFor);
    bool found = !awaited;
    auto done = [&] {
      for (; !found && waitFrom < engine.lines().size(); ++waitFrom)
        found = std::regex_match(engine.lines()[waitFrom], *awaited);
      return toSend.empty() && found;
    };
    const bool inTime = engine.pump(toSend, Clock::now() + timeouts.wait, done);
    if (!inTime || !found) {
      result.failure = (inTime ? "the output ended while waiting (transcript line "
                               : "timed out waiting (transcript line ") +
                       std::to_string(step.waitLine) + ") for: " + step.waitFor.value_or("");
      result.output = engine.lines();
      return result;  // the Engine's destructor kills it
    }
  }
  engine.closeInput();
  const Clock::time_point deadline = Clock::now() + timeouts.exit;
  std::string_view nothing;
  const bool ended = engine.pump(nothing, deadline, [&] { return engine.outputEnded(); });
  result.output = engine.lines();
  if (!ended) {
    result.failure = "the engine did not exit within " + std::to_string(timeouts.exit.count()) +
                     " ms after the end of its input";
    return result;
  }
  result.exitCode = engine.exitCode(deadline);
  return result;
}

namespace {

bool isProgressLine(const std::string& line) {
  static const std::regex progress(
      "info depth \\d+ currmove \\S+ currmovenumber \\d+|info nodes \\d+ nps .*");
  return std::regex_match(line, progress);
}

}  // namespace

std::string compare(const Transcript& transcript, const Replay& replay) {
  if (!replay.failure.empty()) {
    std::string text = replay.failure + "\n  output so far:";
    for (const std::string& line : replay.output) text += "\n    " + line;
    return text;
  }
  std::vector<std::string> output;
  for (const std::string& line : replay.output)
    if (transcript.comparesProgress || !isProgressLine(line)) output.push_back(line);
  if (replay.exitCode != 0)
    return "the engine exited with status " + std::to_string(replay.exitCode);

  // Which (expectation, output line) pairs can be reached by matching from the start; a "<*"
  // entry either consumes a matching line and stays, or is left behind.
  const std::vector<ExpectedLine>& expected = transcript.expected;
  const Matcher matcher(expected);
  const std::size_t m = expected.size(), n = output.size();
  std::vector<std::vector<char>> reached(m + 1, std::vector<char>(n + 1, 0));
  reached[0][0] = 1;
  std::size_t furthestJ = 0, furthestI = 0;
  for (std::size_t i = 0; i <= n; ++i) {
    for (std::size_t j = 0; j <= m; ++j) {
      if (!reached[j][i]) continue;
      if (i > furthestI || (i == furthestI && j > furthestJ)) furthestJ = j, furthestI = i;
      if (j == m) continue;
      const bool lineMatches = i < n && matcher.matches(j, output[i]);
      if (expected[j].kind == ExpectedLine::Kind::AnyNumber) {
        reached[j + 1][i] = 1;
        if (lineMatches) reached[j][i + 1] = 1;
      } else if (lineMatches) {
        reached[j + 1][i + 1] = 1;
      }
    }
  }
  if (reached[m][n]) return {};
  if (furthestJ == m)
    return "unexpected extra output line " + std::to_string(furthestI + 1) + ": " +
           output[furthestI];
  const ExpectedLine& want = expected[furthestJ];
  if (furthestI == n)
    return "output ended before transcript line " + std::to_string(want.sourceLine) +
           describe(want);
  return "output line " + std::to_string(furthestI + 1) + " (transcript line " +
         std::to_string(want.sourceLine) + ")\n  expected" + describe(want) +
         "\n  got:      " + output[furthestI];
}

}  // namespace damiera::testing
