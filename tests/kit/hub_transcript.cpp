// The Hub transcript runner; the format is described in hub_transcript.h.
#include "tests/kit/hub_transcript.h"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <regex>
#include <stdexcept>
#include <thread>

#include "engine/hub_session.h"

namespace damiera::testing::hub {

namespace {

// Generous: a sanitizer build searches slowly, and a search that never ends must still fail.
constexpr std::chrono::seconds kPatience{20};

// Follows the output as it arrives, against the expected lines in order.
class Matcher {
 public:
  explicit Matcher(std::vector<Entry> expected) : expected_(std::move(expected)) {
    for (const Entry& e : expected_)
      patterns_.emplace_back(e.kind == Entry::Kind::Exact ? std::string() : e.text);
  }

  void add(std::string_view line) {
    {
      const std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
      advance();
    }
    changed_.notify_all();
  }

  // Waits until the first `count` expected lines are met; false on a mismatch or a timeout.
  bool waitFor(std::size_t count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kPatience, [&] { return !failure_.empty() || met(count); }) &&
           failure_.empty();
  }

  // The first difference, or (if none) which expected line has not come.
  std::string failure(std::size_t count) {
    const std::lock_guard lock(mutex_);
    if (!failure_.empty()) return failure_;
    if (met(count)) return {};
    std::size_t missing = index_;
    while (expected_[missing].kind == Entry::Kind::AnyNumber) ++missing;
    return "no output line for transcript line " + std::to_string(expected_[missing].sourceLine) +
           ": " + expected_[missing].text + outputSoFar();
  }

 private:
  bool matches(std::size_t index, const std::string& line) const {
    if (expected_[index].kind == Entry::Kind::Exact) return line == expected_[index].text;
    return std::regex_match(line, patterns_[index]);
  }

  bool met(std::size_t count) const {
    std::size_t next = index_;
    while (next < count && expected_[next].kind == Entry::Kind::AnyNumber) ++next;
    return next >= count;
  }

  void advance() {
    while (failure_.empty() && consumed_ < lines_.size()) {
      const std::string& line = lines_[consumed_];
      if (index_ == expected_.size()) {
        failure_ = "unexpected extra output line " + std::to_string(consumed_ + 1) + ": " + line;
      } else if (expected_[index_].kind == Entry::Kind::AnyNumber) {
        if (matches(index_, line))
          ++consumed_;
        else
          ++index_;
      } else if (matches(index_, line)) {
        ++index_;
        ++consumed_;
      } else {
        const Entry& want = expected_[index_];
        failure_ = "output line " + std::to_string(consumed_ + 1) + " (transcript line " +
                   std::to_string(want.sourceLine) + ")\n  expected" +
                   (want.kind == Entry::Kind::Exact ? ": " : " regex: ") + want.text +
                   "\n  got:      " + line + outputSoFar();
      }
    }
  }

  std::string outputSoFar() const {
    std::string text = "\n  output so far:";
    for (const std::string& line : lines_) text += "\n    " + line;
    return text;
  }

  std::vector<Entry> expected_;
  std::vector<std::regex> patterns_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
  std::size_t consumed_ = 0;  // output lines matched so far
  std::size_t index_ = 0;     // the expected line the next output line is compared with
  std::string failure_;
};

class InProcessEngine : public Engine {
 public:
  explicit InProcessEngine(OutputCallback output)
      : session_(std::make_unique<HubSession>(std::move(output))) {}

  void send(const std::string& line) override {
    if (session_ && !quit_ && session_->handleLine(line) == SessionFlow::Quit) quit_ = true;
  }

  int finish() override {
    session_.reset();  // stops a running search, whose done is still written
    return 0;
  }

 private:
  std::unique_ptr<HubSession> session_;
  bool quit_ = false;
};

class ProcessEngine : public Engine {
 public:
  ProcessEngine(const std::string& binary, const std::vector<std::string>& arguments,
                OutputCallback output) {
    int toChild[2];
    int fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> argvStrings{binary};
    argvStrings.insert(argvStrings.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& s : argvStrings) argv.push_back(s.data());
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(toChild[0], STDIN_FILENO);
      dup2(fromChild[1], STDOUT_FILENO);
      close(toChild[0]);
      close(toChild[1]);
      close(fromChild[0]);
      close(fromChild[1]);
      execv(binary.c_str(), argv.data());
      _exit(127);
    }
    close(toChild[0]);
    close(fromChild[1]);
    input_ = toChild[1];
    outputFd_ = fromChild[0];
    reader_ = std::thread([this, output = std::move(output)] { readLines(output); });
  }

  ~ProcessEngine() override { finish(); }

  void send(const std::string& line) override {
    const std::string text = line + '\n';
    std::size_t written = 0;
    while (input_ >= 0 && written < text.size()) {
      const ssize_t n = write(input_, text.data() + written, text.size() - written);
      if (n <= 0) break;  // the engine has quit: like the stdio loop, the rest is not read
      written += static_cast<std::size_t>(n);
    }
  }

  int finish() override {
    if (input_ >= 0) close(input_);
    input_ = -1;
    if (reader_.joinable()) reader_.join();
    if (pid_ > 0) {
      int status = 0;
      waitpid(pid_, &status, 0);
      pid_ = -1;
      exitCode_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    return exitCode_;
  }

 private:
  void readLines(const OutputCallback& output) {
    std::string pending;
    char buffer[4096];
    for (;;) {
      const ssize_t n = read(outputFd_, buffer, sizeof buffer);
      if (n <= 0) break;
      pending.append(buffer, static_cast<std::size_t>(n));
      std::size_t newline;
      while ((newline = pending.find('\n')) != std::string::npos) {
        output(std::string_view(pending).substr(0, newline));
        pending.erase(0, newline + 1);
      }
    }
    if (!pending.empty()) output(pending);
    close(outputFd_);
  }

  pid_t pid_ = -1;
  int input_ = -1;
  int outputFd_ = -1;
  int exitCode_ = -1;
  std::thread reader_;
};

}  // namespace

std::vector<Entry> parseTranscript(std::string_view text) {
  std::vector<Entry> entries;
  for (const TranscriptEntry& entry : parseTranscriptEntries(text)) {
    if (entry.kind == TranscriptEntry::Kind::Directive)  // the Hub format has none
      malformedEntry(entry.sourceLine, entry.text);
    entries.push_back(entry);
  }
  return entries;
}

std::vector<std::string> transcriptBlocks(std::string_view markdown) {
  return markdownBlocks(markdown, "hub-transcript");
}

EngineFactory inProcessEngine() {
  return [](OutputCallback output) { return std::make_unique<InProcessEngine>(std::move(output)); };
}

EngineFactory processEngine(std::string binary, std::vector<std::string> arguments) {
  std::signal(SIGPIPE, SIG_IGN);  // writing to an engine that has quit is not a crash
  return [binary = std::move(binary), arguments = std::move(arguments)](OutputCallback output) {
    return std::make_unique<ProcessEngine>(binary, arguments, std::move(output));
  };
}

std::string replay(const std::vector<Entry>& transcript, const EngineFactory& factory) {
  std::vector<Entry> expected;
  for (const Entry& e : transcript)
    if (e.kind != Entry::Kind::Send) expected.push_back(e);
  Matcher matcher(expected);
  std::unique_ptr<Engine> engine =
      factory([&matcher](std::string_view line) { matcher.add(line); });

  std::size_t expectedSoFar = 0;
  for (const Entry& e : transcript) {
    if (e.kind != Entry::Kind::Send) {
      ++expectedSoFar;
      continue;
    }
    if (!matcher.waitFor(expectedSoFar)) break;  // the failure is reported below
    engine->send(e.text);
  }
  const int exitCode = engine->finish();
  engine.reset();  // all output is in: the session is gone, or the process's pipe closed
  if (std::string failure = matcher.failure(expected.size()); !failure.empty()) return failure;
  if (exitCode != 0) return "the engine exited with status " + std::to_string(exitCode);
  return {};
}

}  // namespace damiera::testing::hub
