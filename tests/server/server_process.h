#pragma once
// The damiera binary started as a TCP server for a test: `damiera --listen LISTEN ARGS...`,
// with the port read from its "listening" line, which must name 127.0.0.1: the tests only ever
// use the loopback interface.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace damiera::testing {

class ServerProcess {
 public:
  // Throws std::runtime_error when the server does not say where it listens within 20 s.
  // With `stderrFile`, the server's stderr (its log) goes to that file instead of the test's.
  explicit ServerProcess(const std::vector<std::string>& args = {},
                         const std::string& listen = "127.0.0.1:0",
                         const std::string& stderrFile = "");
  // Kills the server if a test left it running.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  pid_t pid() const { return pid_; }

  // Sends `signal` and waits for the exit: the exit status, or nullopt if the server is still
  // running after `timeout` (it is then killed) or died of a signal.
  std::optional<int> stop(int signal, std::chrono::milliseconds timeout);
  // Sends SIGTERM and expects a clean exit: true when it exited with status 0 in time.
  bool stopCleanly(std::chrono::milliseconds timeout = std::chrono::seconds(20));

  // A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or -1.
  long statusKb(const std::string& field) const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  bool exited_ = false;
};

// Server arguments for the tests: small tables and two search threads (the tests run side by
// side and under sanitizers), then `extra`.
std::vector<std::string> smallServer(const std::vector<std::string>& extra = {});

// A file in the build folder for a test (token files, scripts), removed when the tests end.
std::string temporaryFile(const std::string& name, const std::string& contents);

}  // namespace damiera::testing
