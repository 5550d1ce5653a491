#pragma once
// Helpers for the damiera-match tests: run the runner (or any program) and capture what it
// prints, build fake engine commands (tests/fake_engines/), make scratch folders, and look for
// processes a match might have left behind.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/common/file_text.h"

namespace damiera::test {

inline const std::string kMatchBinary = DAMIERA_BUILD_DIR "/damiera-match";
inline const std::string kDamieraBinary = DAMIERA_BINARY;
inline const std::string kSourceDir = DAMIERA_SOURCE_DIR;
inline const std::string kFakeEngine = kSourceDir + "/tests/fake_engines/fake_engine.sh";

struct RunResult {
  int exitCode = -1;   // 128 + signal if it was killed by one
  std::string output;  // stdout and stderr, interleaved as written
};

// A child running a program with its stdout+stderr on a pipe; killed and reaped if still
// running when destroyed.
class RunningProgram {
 public:
  explicit RunningProgram(const std::vector<std::string>& argv) {
    int fds[2];
    REQUIRE(pipe2(fds, O_CLOEXEC) == 0);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      dup2(fds[1], STDERR_FILENO);
      const int devNull = open("/dev/null", O_RDONLY);
      dup2(devNull, STDIN_FILENO);
      execvp(args[0], args.data());
      _exit(127);
    }
    close(fds[1]);
    out_ = fds[0];
  }
  ~RunningProgram() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      wait();
    }
    if (out_ >= 0) close(out_);
  }
  RunningProgram(const RunningProgram&) = delete;
  RunningProgram& operator=(const RunningProgram&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& output() const { return output_; }

  // Reads until the output contains `text` (true) or the program closes its output (false).
  bool readUntil(const std::string& text) {
    while (output_.find(text) == std::string::npos)
      if (!readSome()) return false;
    return true;
  }

  RunResult finish() {
    while (readSome()) {
    }
    RunResult result;
    result.exitCode = wait();
    result.output = output_;
    return result;
  }

 private:
  bool readSome() {
    char buffer[4096];
    ssize_t got;
    do {
      got = read(out_, buffer, sizeof buffer);
    } while (got < 0 && errno == EINTR);
    if (got <= 0) return false;
    output_.append(buffer, static_cast<std::size_t>(got));
    return true;
  }
  int wait() {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  pid_t pid_ = -1;
  int out_ = -1;
  std::string output_;
};

inline RunResult runProgram(const std::vector<std::string>& argv) {
  return RunningProgram(argv).finish();
}

inline RunResult runMatch(std::vector<std::string> args) {
  args.insert(args.begin(), kMatchBinary);
  RunResult result = runProgram(args);
  UNSCOPED_INFO("damiera-match output:\n" << result.output);
  return result;
}

// cmd= value of a fake engine: MODE, legal moves before misbehaving, seed. The seed doubles as
// a marker to find the engine's processes (see processesWith).
inline std::string fakeEngine(const std::string& mode, int after, const std::string& seed) {
  return "cmd=bash '" + kFakeEngine + "' '" + kDamieraBinary + "' " + mode + " " +
         std::to_string(after) + " " + seed;
}

// A fresh, empty folder under the system's temporary folder, removed when destroyed.
class ScratchDir {
 public:
  ScratchDir() {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("damiera-match-test-" + std::to_string(getpid()) + "-" + std::to_string(random()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void writeFile(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

// Live processes whose command line contains `marker` as a whole argument.
inline int processesWith(const std::string& marker) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = damiera::test::fileText((entry.path() / "cmdline").string());
    std::replace(cmdline.begin(), cmdline.end(), '\0', '\n');
    if (("\n" + cmdline).find("\n" + marker + "\n") != std::string::npos) ++count;
  }
  return count;
}

// Waits (a bounded while) for a process with `marker` to be running.
inline bool processesAppearWith(const std::string& marker) {
  constexpr auto kPatience = std::chrono::seconds(10);
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (processesWith(marker) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return processesWith(marker) > 0;
}

// Processes killed with SIGKILL vanish from /proc a moment later: wait (a bounded while) for
// that, so the assertion is about what is left, not about how fast the kernel is.
inline int processesLeftWith(const std::string& marker) {
  constexpr auto kPatience = std::chrono::seconds(5);
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (processesWith(marker) > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return processesWith(marker);
}

}  // namespace damiera::test
