#pragma once
// An engine as a child process: its stdin, stdout and stderr are pipes to us. The child leads
// its own process group, so killing the group also ends whatever the engine started (a shell
// script's coprocesses, say), and it gets SIGKILL if the thread that started it dies.
// The destructor always kills and reaps: no child outlives its ChildProcess.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace damiera::match {

class ChildProcess {
 public:
  // Starts argv[0] (searched in PATH) in workingDir (empty: ours). Throws std::runtime_error
  // saying why when it cannot be started (no such file, not executable, ...).
  ChildProcess(const std::vector<std::string>& argv, const std::string& workingDir);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  int stdinFd() const { return stdin_; }
  int stdoutFd() const { return stdout_; }
  int stderrFd() const { return stderr_; }

  // Closes its stdin, gives it `grace` to exit on its own, then kills the whole group and reaps
  // it. Returns how it ended ("exited with code 0", "killed by signal 9"). Idempotent.
  std::string stop(std::chrono::milliseconds grace);

  // Whether the process has exited (without reaping it, so the group stays ours to kill).
  bool hasExited() const;

 private:
  void closeFd(int& fd);

  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
  int stderr_ = -1;
  std::string ending_;
};

}  // namespace damiera::match
