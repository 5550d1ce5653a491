#include "tools/match/stop_signal.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <stdexcept>

namespace damiera::match {
namespace {

// Self-pipe: the write end gets one byte on stop and is never drained, so the read end stays
// readable for every later poll.
int gPipe[2] = {-1, -1};
std::atomic<bool> gStop{false};
volatile std::sig_atomic_t gSignal = 0;

void onSignal(int signal) {
  gSignal = signal;
  requestStop();
}

}  // namespace

void installStopSignal() {
  if (gPipe[0] >= 0) return;
  if (pipe2(gPipe, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("cannot create a pipe");
  struct sigaction action {};
  action.sa_handler = onSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

void requestStop() {
  if (gStop.exchange(true)) return;
  if (gPipe[1] >= 0) {
    const char byte = 's';
    [[maybe_unused]] const ssize_t written = write(gPipe[1], &byte, 1);
  }
}

bool stopRequested() { return gStop.load(); }
int stopSignalNumber() { return gSignal; }
int stopFd() { return gPipe[0]; }

}  // namespace damiera::match
