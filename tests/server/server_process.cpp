#include "tests/server/server_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace damiera::testing {

namespace {

using Clock = std::chrono::steady_clock;

// Reads stdout of the child up to the first newline, with a deadline.
std::string readFirstLine(int fd, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  std::string line;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) throw std::runtime_error("the server did not print its listening line");
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char c = 0;
    const ssize_t n = read(fd, &c, 1);
    if (n <= 0) throw std::runtime_error("the server ended before printing its listening line");
    if (c == '\n') return line;
    line.push_back(c);
  }
}

}  // namespace

ServerProcess::ServerProcess(const std::vector<std::string>& args, const std::string& listen,
                             const std::string& stderrFile) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> argv = {DAMIERA_BINARY, "--listen", listen};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    if (!stderrFile.empty()) {
      const int log = open(stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (log < 0) _exit(126);
      dup2(log, STDERR_FILENO);
      close(log);
    }
    std::vector<char*> raw;
    for (std::string& arg : argv) raw.push_back(arg.data());
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
  close(out[1]);
  // A constructor that throws runs no destructor: the server is killed here, or it would run
  // on, holding the test's output open (ctest would wait for it: a hang, not a failure).
  const auto killServer = [this] {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  };
  std::string line;
  try {
    line = readFirstLine(out[0], std::chrono::seconds(20));
  } catch (...) {
    close(out[0]);
    killServer();
    throw;
  }
  close(out[0]);  // nothing more is printed on stdout
  std::smatch match;
  static const std::regex kListening(R"(listening 127\.0\.0\.1:(\d+))");
  if (!std::regex_match(line, match, kListening)) {
    killServer();
    throw std::runtime_error("unexpected first line from the server: " + line);
  }
  port_ = std::stoi(match[1]);
}

ServerProcess::~ServerProcess() {
  if (!exited_ && pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

std::optional<int> ServerProcess::stop(int signal, std::chrono::milliseconds timeout) {
  if (exited_) return std::nullopt;
  // The process's pidfd becomes readable when it exits: wait on that, not in a loop of sleeps.
  // (By syscall: the wrapper in Debian 12's <sys/pidfd.h> is not declared extern "C".)
  const int exitedFd = static_cast<int>(syscall(SYS_pidfd_open, pid_, 0));
  if (exitedFd < 0) throw std::runtime_error("pidfd_open failed");
  kill(pid_, signal);
  const auto deadline = Clock::now() + timeout;
  bool gone = false;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) break;
    pollfd p{exitedFd, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    gone = ready > 0;
    break;
  }
  close(exitedFd);
  if (!gone) kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  exited_ = true;
  if (gone && WIFEXITED(status)) return WEXITSTATUS(status);
  return std::nullopt;
}

bool ServerProcess::stopCleanly(std::chrono::milliseconds timeout) {
  const std::optional<int> status = stop(SIGTERM, timeout);
  return status && *status == 0;
}

long ServerProcess::statusKb(const std::string& field) const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field + ":", 0) != 0) continue;
    std::istringstream values(line.substr(field.size() + 1));
    long kb = -1;
    values >> kb;
    return kb;
  }
  return -1;
}

std::vector<std::string> smallServer(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"--hash", "8", "--threads", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

std::string temporaryFile(const std::string& name, const std::string& contents) {
  // Removed when the test binary exits, so that runs do not pile files up in the build folder.
  struct Files {
    std::mutex mutex;
    std::vector<std::string> paths;
    ~Files() {
      for (const std::string& path : paths) std::remove(path.c_str());
    }
  };
  static Files files;
  const std::string path =
      std::string(DAMIERA_BUILD_DIR) + "/server_tests_" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path, std::ios::binary) << contents;
  const std::lock_guard lock(files.mutex);
  files.paths.push_back(path);
  return path;
}

}  // namespace damiera::testing
