// The WebAssembly engine (docs/design.md: one more front-end, like the stdio loop): one session of
// the native protocol (or, with the argument `hub`, Scan's Hub protocol) fed with the bytes the
// JavaScript glue pushes (src/wasm/glue.js: postMessage, a Worker's messages, stdin under
// Node), its replies handed back to the glue one line at a time.
//
// Two flavours, built from this one file (tools/build-wasm):
//  - threaded (pthreads): main() runs on a thread of its own (PROXY_TO_PTHREAD) and blocks
//    reading input as natively; the search runs on its own thread exactly as natively. Replies
//    from either thread go through one outbox to the page's thread, in order.
//  - single-threaded: there is one thread, the page's (or the Worker's). Reading input and
//    holding a result for stop hand the thread back to the JavaScript event loop (Asyncify);
//    a job (go, perft, bench) runs inline, and every few milliseconds its pacer does the same
//    and hands the lines that arrived meanwhile to the session (isready, stop, ponderhit are
//    answered while it thinks). search/host_yield.h says what changes in the search for that.
#include <emscripten.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/hub_session.h"
#include "engine/line_session.h"
#include "engine/native_line_session.h"
#include "host/line_reader.h"
#include "host/stdio_loop.h"
#include "protocol/hub_syntax.h"
#include "protocol/reply.h"
#include "search/host_yield.h"
#include "search/pacer.h"

#ifdef __EMSCRIPTEN_PTHREADS__
#include <emscripten/threading.h>
#endif

namespace damiera::wasm {

namespace {

// ---- Input: bytes pushed by the glue, read as a stream by the loop -------------------------

// Single-threaded, with nothing to read: hands the thread to the event loop until the glue
// pushes input (pre.js resolves the promise), rather than coming back at every turn of the
// loop, which kept an idle engine computing (11% of a core here). Asyncify unwinds the stack
// here and rewinds it when the promise resolves.
EM_ASYNC_JS(void, damiera_wait_for_input, (),
            { await new Promise(function(resolve) { Module["damieraInputWaiter"] = resolve; }); });
[[maybe_unused]] void waitForInput() { damiera_wait_for_input(); }

// The glue calls damiera_input() on the page's thread; the loop reads on its own thread
// (threaded) or on the same one (single-threaded: waiting means yielding to the event loop).
class InputQueue : public std::streambuf {
 public:
  void push(const char* data, std::size_t size) {
    {
      std::lock_guard lock(mutex_);
      pending_.insert(pending_.end(), data, data + size);
    }
    arrived_.notify_all();
  }
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    arrived_.notify_all();
  }
  // A whole line (or the end of input) can be read without waiting.
  bool lineReady() {
    if (std::find(gptr(), egptr(), '\n') != egptr()) return true;
    std::lock_guard lock(mutex_);
    return closed_ || std::find(pending_.begin(), pending_.end(), '\n') != pending_.end();
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::unique_lock lock(mutex_);
    if constexpr (kSingleThreaded) {
      while (pending_.empty() && !closed_) {
        lock.unlock();
        waitForInput();
        lock.lock();
      }
    } else {
      arrived_.wait(lock, [this] { return !pending_.empty() || closed_; });
    }
    if (pending_.empty()) return traits_type::eof();
    buffer_.assign(pending_.begin(), pending_.end());
    pending_.clear();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  bool hasBytes() {
    std::lock_guard lock(mutex_);
    return !pending_.empty() || closed_;
  }

  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<char> pending_;
  bool closed_ = false;
  std::vector<char> buffer_;  // the stream's get area
};

InputQueue& input() {
  static InputQueue queue;
  return queue;
}

// ---- Output: one line at a time to the glue ------------------------------------------------

// Called on the page's thread (the Module's): hands one reply line to the listeners.
EM_JS(void, damiera_emit_line, (const char* text, int length),
      { Module["damieraEmit"](UTF8ToString(text, length)); });
EM_JS(void, damiera_exit, (int code), { Module["damieraExited"](code); });

#ifdef __EMSCRIPTEN_PTHREADS__
// Replies come from the loop's thread and the search thread; the page's thread takes them
// from here in the order they were written (one queue, one lock: the order of the session's
// sink).
class Outbox {
 public:
  void write(std::string_view line) {
    bool wasEmpty;
    {
      std::lock_guard lock(mutex_);
      wasEmpty = lines_.empty();
      lines_.emplace_back(line);
    }
    if (wasEmpty) emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_V, &drainOutbox);
  }
  void exit(int code) {
    {
      std::lock_guard lock(mutex_);
      exitCode_ = code;
    }
    emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_V, &drainOutbox);
  }

 private:
  static void drainOutbox();

  std::mutex mutex_;
  std::vector<std::string> lines_;
  int exitCode_ = -1;
};

Outbox& outbox() {
  static Outbox box;
  return box;
}

void Outbox::drainOutbox() {
  std::vector<std::string> lines;
  int code;
  {
    Outbox& box = outbox();
    std::lock_guard lock(box.mutex_);
    lines.swap(box.lines_);
    code = box.exitCode_;
    box.exitCode_ = -1;
  }
  for (const std::string& line : lines)
    damiera_emit_line(line.data(), static_cast<int>(line.size()));
  if (code >= 0) damiera_exit(code);
}

void writeLine(std::string_view line) { outbox().write(line); }
void finish(int code) { outbox().exit(code); }
#else
void writeLine(std::string_view line) {
  damiera_emit_line(line.data(), static_cast<int>(line.size()));
}
void finish(int code) { damiera_exit(code); }
#endif

// ---- The loop ------------------------------------------------------------------------------

// The stdio loop's work on the input queue: reads lines and hands them to the session until
// quit or the end of input. In the single-threaded flavour the pacer below also calls
// handOver() from inside a job.
class Loop {
 public:
  Loop(LineSessionFactory makeSession, host::ErrorLineFormat errorLine)
      : errorLine_(std::move(errorLine)),
        in_(&input()),
        reader_(in_, host::kMaxLineBytes),
        session_(makeSession(writeLine)) {}

  int run() {
    while (!quitting_) handleNext();
    return 0;
  }

  // Single-threaded, from a job's pacer or while a result is held: the lines that have
  // arrived, until `released` (the job was stopped, its time is up, a ponderhit to take on)
  // or quit. The rest wait for the loop, after the job: a stop's answer is written once the
  // job returns, so what follows a stop must not be seen while it still runs.
  void handOver(const std::function<bool()>& released, const std::function<void()>& stopJob) {
    while (!quitting_ && !released() && input().lineReady()) handleNext();
    if (quitting_ && stopJob) stopJob();
  }

 private:
  void handleNext() {
    std::string line;
    switch (reader_.next(line)) {
      case host::LineReader::Status::End:
        quitting_ = true;  // the end of input counts as quit
        break;
      case host::LineReader::Status::TooLong:
        writeLine(errorLine_("line too long"));
        break;
      case host::LineReader::Status::Line:
        if (session_->handleLine(line) == SessionFlow::Quit) quitting_ = true;
        break;
    }
  }

  host::ErrorLineFormat errorLine_;
  std::istream in_;
  host::LineReader reader_;
  bool quitting_ = false;
  std::unique_ptr<LineSession> session_;  // last: destroyed first, while the rest exists
};

Loop* currentLoop = nullptr;

// Hands the thread to the JavaScript event loop for a moment (setImmediate under Node, a
// MessageChannel in a browser: not setTimeout, which browsers clamp to 4 ms and more).
// EM_ASYNC_JS: Asyncify unwinds the stack here and rewinds it when the promise resolves.
EM_ASYNC_JS(void, damiera_yield_to_event_loop, (),
            { await new Promise(function(resolve) { Module["damieraSoon"](resolve); }); });

// The single-threaded host's pacer: a job hands the thread to the event loop at most every
// kSliceMs of computing, so the page stays responsive and its input is read while it thinks.
class YieldingPacer final : public SearchPacer {
 public:
  explicit YieldingPacer(SearchResources::JobStopper stop) : stop_(std::move(stop)) {}

  void begin(const GiveUp&) override { last_ = Clock::now(); }
  void poll(const GiveUp& giveUp) override {
    const Clock::time_point now = Clock::now();
    if (now - last_ < kSlice) return;
    yieldAndHandOver(giveUp, stop_);
    last_ = Clock::now();
  }
  void urgent(const GiveUp&) override {}
  void end() override {}

  static void yieldAndHandOver(const std::function<bool()>& released,
                               const SearchResources::JobStopper& stop) {
    damiera_yield_to_event_loop();
    if (currentLoop != nullptr) currentLoop->handOver(released, stop);
  }

 private:
  using Clock = std::chrono::steady_clock;
  // Long enough that the yields cost little (each is one trip through the event loop), short
  // enough that a stop or an isready is answered well within a frame or two.
  static constexpr std::chrono::milliseconds kSlice{10};
  const SearchResources::JobStopper stop_;
  Clock::time_point last_;
};

// The single-threaded flavour's environment: jobs run inline, one search thread at most, and
// the pacer above; the stdio defaults (a thread of its own) for the threaded one.
SessionEnvironment environment() {
  SessionEnvironment environment;
  if constexpr (kSingleThreaded) {
    const auto inline_ = [](std::function<void()> job) { job(); };
    environment.search.executor = inline_;
    environment.search.quickExecutor = inline_;
    environment.search.pacer = [](SearchResources::JobStopper stop, SearchClock::TimePoint) {
      return std::make_shared<YieldingPacer>(std::move(stop));
    };
    // No threads to run Lazy SMP helpers or perft's counting threads on.
    environment.search.capSearch = [](SearchLimits&, SearchOptions& options) {
      options.threads = 1;
    };
    setHostYield([](const std::function<bool()>& released) {
      YieldingPacer::yieldAndHandOver(released, nullptr);
    });
  }
  return environment;
}

}  // namespace

}  // namespace damiera::wasm

extern "C" {

// The glue's input: bytes as they come (whole lines or not); a negative length ends the input.
EMSCRIPTEN_KEEPALIVE void damiera_input(const char* data, int length) {
  if (length < 0)
    damiera::wasm::input().close();
  else
    damiera::wasm::input().push(data, static_cast<std::size_t>(length));
}

}  // extern "C"

int main(int argc, char** argv) {
  using namespace damiera;
  const bool hub = argc > 1 && std::string_view(argv[1]) == "hub";
  int code;
  {  // the session ends (a search it still runs writes its bestmove) before the exit is said
    wasm::Loop loop(hub ? hubLineSessionFactory(wasm::environment())
                        : nativeLineSessionFactory(wasm::environment()),
                    hub ? host::ErrorLineFormat(protocol::hub::errorLine)
                        : host::ErrorLineFormat(protocol::errorLine));
    wasm::currentLoop = &loop;
    code = loop.run();
    wasm::currentLoop = nullptr;
  }
  wasm::finish(code);
  return code;
}
