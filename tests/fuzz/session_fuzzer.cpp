// libFuzzer harness for the sessions (issue 10): feeds lines to a native session or a Hub
// session through the LineSession interface, exactly as a transport does, and aborts when the
// error contract breaks:
//   - one input line gets more than one error line;
//   - a line answered with an error changed the game (native: the position, its legal moves
//     and the result, compared before and after; both dialects: the option values Hub reports);
//   - a reply holds a byte that is not printable ASCII, or an error line is longer than any
//     message with its quoted (cut) input can be.
// AddressSanitizer and UndefinedBehaviorSanitizer catch the rest. Built and run by tools/fuzz.
//
// Input: lines separated by '\n'. A first line "hub" selects the Hub dialect (and is sent, as
// a GUI does); anything else is the native protocol.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/hub_session.h"
#include "engine/line_session.h"
#include "engine/native_line_session.h"
#include "engine/session_environment.h"
#include "search/tt.h"
#include "server/alarm_clock.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"

namespace {

using namespace damiera;

// Bounds that keep one execution short: a line this long says all there is to say, and the
// error message with its quoted fragments (40 characters each) fits well within kMaxErrorLine.
constexpr std::size_t kMaxLines = 32;
constexpr std::size_t kMaxLineBytes = 1024;
constexpr std::size_t kMaxErrorLine = 600;

[[noreturn]] void violation(const char* what, std::string_view line, std::string_view detail) {
  std::fprintf(stderr, "\n*** session fuzzer: %s\n*** input line: %.*s\n*** detail: %.*s\n", what,
               static_cast<int>(line.size()), line.data(), static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

bool printable(std::string_view text) {
  for (char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

// What the session wrote, from any thread (a search replies from its own).
class Replies {
 public:
  void add(std::string_view line) {
    if (!printable(line)) violation("a reply holds a non-printable byte", current(), line);
    const std::lock_guard lock(mutex_);
    lines_.emplace_back(line);
  }
  std::size_t size() {
    const std::lock_guard lock(mutex_);
    return lines_.size();
  }
  std::vector<std::string> since(std::size_t from) {
    const std::lock_guard lock(mutex_);
    return {lines_.begin() + static_cast<std::ptrdiff_t>(from), lines_.end()};
  }
  void setCurrent(std::string_view line) {
    const std::lock_guard lock(mutex_);
    current_ = line;
  }
  std::string current() {
    const std::lock_guard lock(mutex_);
    return current_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
  std::string current_;
};

// Shared by every execution, as a server shares them among its sessions: a small table (a
// session of its own would allocate 64 MB each time), one search thread (none created per
// execution), and caps that end every search within a millisecond or two (go infinite and
// go ponder included), so that an execution costs well under a millisecond.
SessionEnvironment& environment() {
  static server::AlarmClock alarms;
  static server::WorkerPool pool(1);
  static SessionEnvironment env = [] {
    SessionEnvironment e;
    e.search.table = std::make_shared<TranspositionTable>(1);
    e.search.tableShared = true;
    e.search.executor = [](std::function<void()> job) { pool.submit(std::move(job)); };
    e.search.quickExecutor = [](std::function<void()> job) { pool.submitQuick(std::move(job)); };
    // perft and bench are jobs like a search: the 1 ms time cap stops them too.
    server::paceAndCap(e.search, nullptr, &alarms, 1, server::SearchCaps{1, 2});
    return e;
  }();
  return env;
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// The replies to the state queries among lines a search may interleave (info, bestmove, done
// come from the search thread; the queries' answers from this one, in order).
std::string stateOf(const std::vector<std::string>& lines, const std::vector<const char*>& keep) {
  std::string state;
  for (const std::string& line : lines)
    for (const char* prefix : keep)
      if (startsWith(line, prefix)) {
        state += line;
        state += '\n';
      }
  return state;
}

class Harness {
 public:
  explicit Harness(bool hub) : hub_(hub) {
    auto sink = [this](std::string_view line) { replies_.add(line); };
    session_ = hub ? hubLineSessionFactory(environment())(sink)
                   : nativeLineSessionFactory(environment())(sink);
  }

  // The game as the session shows it: native "d" (fen, key) and "result" (which, with the
  // position, decides the legal moves); Hub has no query but "hub", whose param lines carry
  // the current option values.
  std::string state() {
    const std::size_t from = replies_.size();
    if (hub_) {
      session_->handleLine("hub");
      return stateOf(replies_.since(from), {"param "});
    }
    session_->handleLine("d");
    session_->handleLine("result");
    return stateOf(replies_.since(from), {"fen ", "key ", "result "});
  }

  // One line; false once the session has quit.
  bool send(std::string_view line, const std::string& before) {
    replies_.setCurrent(line);
    const std::size_t from = replies_.size();
    const SessionFlow flow = session_->handleLine(line);
    std::size_t errors = 0;
    for (const std::string& reply : replies_.since(from)) {
      if (!startsWith(reply, "error")) continue;
      ++errors;
      if (reply.size() > kMaxErrorLine) violation("an error line is too long", line, reply);
    }
    if (errors > 1) violation("one line got more than one error line", line, "");
    if (flow == SessionFlow::Quit) return false;
    if (errors == 1) {
      const std::string after = state();
      if (after != before)
        violation("a line answered with an error changed the game", line,
                  "before:\n" + before + "after:\n" + after);
    }
    return true;
  }

  // The state is queried again only after a line that may change it (half the work of an
  // execution otherwise): a command that sets the game or the options, or any error line
  // (whose "after" was just taken and compared).
  bool mayChangeState(std::string_view line) const {
    // The first word as each dialect splits it (leading blanks skipped; Hub's blanks include
    // \v, \f and \n).
    const std::string_view blanks =
        hub_ ? std::string_view(" \t\r\n\v\f", 6) : std::string_view(" \t\r");
    const std::size_t start = std::min(line.find_first_not_of(blanks), line.size());
    const std::string_view rest = line.substr(start);
    const std::string_view word = rest.substr(0, rest.find_first_of(blanks));
    if (hub_) return word == "set-param";
    return word == "position" || word == "ucinewgame" || word == "setoption";
  }

  void run(std::string_view data) {
    std::string before = state();
    std::size_t lines = 0;
    while (!data.empty() && lines++ < kMaxLines) {
      const std::size_t end = data.find('\n');
      std::string_view line = data.substr(0, end);
      data = end == std::string_view::npos ? std::string_view() : data.substr(end + 1);
      if (line.size() > kMaxLineBytes) line = line.substr(0, kMaxLineBytes);
      if (!send(line, before)) return;
      if (mayChangeState(line)) before = state();
    }
  }

 private:
  bool hub_;
  Replies replies_;  // before session_: a search still replying when the session goes
  std::unique_ptr<LineSession> session_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const bool hub = input.substr(0, input.find('\n')) == "hub";
  Harness(hub).run(input);
  return 0;
}
