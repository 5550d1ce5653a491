#include "tools/match/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace damiera::match {
namespace {

// How often stop() looks whether the child has exited during its grace period.
constexpr std::chrono::milliseconds kExitPollInterval{5};

struct Pipe {
  int read = -1;
  int write = -1;
};

Pipe makePipe() {
  int fds[2];
  // O_CLOEXEC: a pipe must not leak into engines other threads start, or its reader would
  // never see end-of-file when our child dies.
  if (pipe2(fds, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  return {fds[0], fds[1]};
}

void closeQuietly(int fd) {
  if (fd >= 0) close(fd);
}

// Only async-signal-safe calls between fork and exec: the parent has other threads.
[[noreturn]] void execChild(pid_t parent, const Pipe& in, const Pipe& out, const Pipe& err,
                            const Pipe& report, char* const* argv, const char* workingDir) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
  dup2(in.read, STDIN_FILENO);
  dup2(out.write, STDOUT_FILENO);
  dup2(err.write, STDERR_FILENO);
  // The engine gets default signal handling, not the runner's ignored SIGPIPE.
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  int error = 0;
  if (workingDir[0] != '\0' && chdir(workingDir) != 0) {
    error = errno;
  } else {
    execvp(argv[0], argv);
    error = errno;
  }
  [[maybe_unused]] const ssize_t written = write(report.write, &error, sizeof error);
  _exit(127);
}

std::string describeStatus(int status) {
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = sigabbrev_np(signal);
    return "killed by signal " + std::to_string(signal) +
           (name ? std::string(" (SIG") + name + ")" : "");
  }
  return "ended with status " + std::to_string(status);
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::string& workingDir) {
  if (argv.empty()) throw std::runtime_error("empty command");
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);

  const Pipe in = makePipe();
  const Pipe out = makePipe();
  const Pipe err = makePipe();
  const Pipe report = makePipe();  // carries errno if exec fails; closed by a successful exec
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) execChild(parent, in, out, err, report, args.data(), workingDir.c_str());
  for (int fd : {in.read, out.write, err.write, report.write}) closeQuietly(fd);
  if (pid < 0) {
    for (int fd : {in.write, out.read, err.read, report.read}) closeQuietly(fd);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  setpgid(pid, pid);  // also here, so the group exists before either side relies on it
  // Our end of its stdin: non-blocking, so writing to an engine that stopped reading fails
  // instead of hanging the runner.
  fcntl(in.write, F_SETFL, fcntl(in.write, F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  stdin_ = in.write;
  stdout_ = out.read;
  stderr_ = err.read;

  int execError = 0;
  ssize_t got;
  do {
    got = read(report.read, &execError, sizeof execError);
  } while (got < 0 && errno == EINTR);
  closeQuietly(report.read);
  if (got == static_cast<ssize_t>(sizeof execError)) {
    stop(std::chrono::milliseconds{0});
    throw std::runtime_error("cannot run '" + argv[0] + "'" +
                             (workingDir.empty() ? "" : " in '" + workingDir + "'") + ": " +
                             std::strerror(execError));
  }
}

ChildProcess::~ChildProcess() { stop(std::chrono::milliseconds{0}); }

void ChildProcess::closeFd(int& fd) {
  closeQuietly(fd);
  fd = -1;
}

bool ChildProcess::hasExited() const {
  if (pid_ < 0) return true;
  siginfo_t info{};
  // WNOWAIT: look without reaping, so the pid (and with it the process group) stays reserved.
  if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;
  return info.si_pid == pid_;
}

std::string ChildProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ < 0) return ending_;
  closeFd(stdin_);  // end of input: a well-behaved engine exits
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (!hasExited() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(kExitPollInterval);
  // The leader is at most a zombie here, so -pid_ still names our group: kill what is left of
  // it (the leader if it ignored us, and anything it started), then reap the leader.
  kill(-pid_, SIGKILL);
  int status = 0;
  pid_t reaped;
  do {
    reaped = waitpid(pid_, &status, 0);
  } while (reaped < 0 && errno == EINTR);
  ending_ = reaped == pid_ ? describeStatus(status) : "lost";
  pid_ = -1;
  closeFd(stdout_);
  closeFd(stderr_);
  return ending_;
}

}  // namespace damiera::match
