#include "host/stop_signals.h"

#include <pthread.h>
#include <signal.h>

#include <system_error>
#include <utility>

namespace damiera::host {

namespace {

sigset_t stopSignalSet() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

StopSignals::StopSignals() {
  const sigset_t set = stopSignalSet();
  if (const int error = pthread_sigmask(SIG_BLOCK, &set, nullptr))
    throw std::system_error(error, std::generic_category(), "cannot block SIGINT and SIGTERM");
  waiter_ = std::thread([this] { wait(); });
}

StopSignals::~StopSignals() {
  {
    const std::lock_guard lock(mutex_);
    quitting_ = true;
    stop_ = nullptr;
  }
  // A signal for the waiting thread alone: its sigwait() takes it and it sees quitting_.
  pthread_kill(waiter_.native_handle(), SIGTERM);
  waiter_.join();
}

void StopSignals::wait() {
  const sigset_t set = stopSignalSet();
  for (;;) {
    int signal = 0;
    if (sigwait(&set, &signal) != 0) continue;  // only EINTR-like failures: wait again
    const std::lock_guard lock(mutex_);
    if (quitting_) return;
    signalled_ = true;
    if (stop_) stop_();
  }
}

void StopSignals::whenSignalled(std::function<void()> stop) {
  const std::lock_guard lock(mutex_);
  stop_ = std::move(stop);
  if (signalled_ && stop_) stop_();
}

bool StopSignals::signalled() const {
  const std::lock_guard lock(mutex_);
  return signalled_;
}

}  // namespace damiera::host
