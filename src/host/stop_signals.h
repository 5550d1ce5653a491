#pragma once
// SIGINT and SIGTERM, taken synchronously: a server stops cleanly on either, whenever it comes.
//
// Why not an asynchronous handler (boost::asio::signal_set, as before): the kernel hands a
// process-directed signal to any thread that does not block it, at any moment, and the handler
// then runs on that thread, wherever it is. Under ThreadSanitizer that lost the signal in about
// one run in 30 of the SIGINT test: TSan's runtime defers a signal that arrives while its
// thread runs outside a blocking call, and a SIGINT sent right after a reply was taken from the
// kernel (no longer pending, every thread idle in epoll_wait or a condition wait) and never
// acted on, so the server kept serving. Here the signals are blocked in every thread (the mask
// is set before the server starts any thread, and threads inherit it) and one thread takes them
// with sigwait(): no handler runs anywhere, and a signal that comes early (before the server
// listens) stays pending until it is taken, so it is never lost.
//
//   StopSignals signals;                    // first, before any thread is started
//   ... start threads, make the server ...
//   signals.whenSignalled([&] { server.stop(); });   // at once if a signal already came
//   server.run();
//   signals.whenSignalled(nullptr);         // before the server goes
#include <functional>
#include <mutex>
#include <thread>

namespace damiera::host {

class StopSignals {
 public:
  // Blocks SIGINT and SIGTERM in the calling thread (so in every thread it starts from now on)
  // and starts the thread that waits for them.
  StopSignals();
  ~StopSignals();  // ends the waiting thread; the signals stay blocked
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // `stop` is called (on the waiting thread) at the first signal, or now if one has already
  // come. nullptr: nobody is told any more (returns once a call in progress has returned).
  void whenSignalled(std::function<void()> stop);
  bool signalled() const;

 private:
  void wait();

  mutable std::mutex mutex_;
  std::function<void()> stop_;
  bool signalled_ = false;
  bool quitting_ = false;
  std::thread waiter_;  // last: it starts once the rest is ready
};

}  // namespace damiera::host
