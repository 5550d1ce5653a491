// libFuzzer harness for the sessions (issue 10): feeds lines to a native session or a Hub
// session, exactly as a transport does, and aborts when the error contract breaks:
//   - one input line gets more than one error line;
//   - a line answered with an error changed the session: its game (start position, moves
//     played, position, no-progress count and limit), any option value, and in Hub the level
//     set for the next go, compared before and after;
//   - a reply holds a byte that is not printable ASCII, or an error line is longer than any
//     message with its quoted (cut) input can be.
// AddressSanitizer and UndefinedBehaviorSanitizer catch the rest. Built and run by tools/fuzz.
//
// Input: lines separated by '\n'. A first line "hub" selects the Hub dialect (and is sent, as
// a GUI does); anything else is the native protocol.
//
// Speed (issue 10 asks for millions of executions): the state is read from the session's own
// accessors rather than by queries whose replies would be formatted and parsed (two thirds of
// an execution before), replies are checked as they come and not kept, and every execution
// shares one search thread and one small table, as a server's sessions do.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "engine/hub_session.h"
#include "engine/session.h"
#include "engine/session_environment.h"
#include "search/tt.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"

namespace {

using namespace damiera;

// Bounds that keep one execution short: a line this long says all there is to say, and the
// error message with its quoted fragments (40 characters each) fits well within kMaxErrorLine.
constexpr std::size_t kMaxLines = 32;
constexpr std::size_t kMaxLineBytes = 1024;
constexpr std::size_t kMaxErrorLine = 600;

// The line being handled, for the reports (the sink may be called from the search thread). It
// points into the input, which outlives the execution's session.
std::mutex currentLineMutex;
std::string_view currentLine;

void setCurrentLine(std::string_view line) {
  const std::lock_guard lock(currentLineMutex);
  currentLine = line;
}

[[noreturn]] void violation(const char* what, std::string_view detail) {
  std::string_view shown;
  {
    const std::lock_guard lock(currentLineMutex);
    shown = currentLine;
  }
  std::fprintf(stderr, "\n*** session fuzzer: %s\n*** input line: %.*s\n*** detail: %.*s\n", what,
               static_cast<int>(shown.size()), shown.data(), static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

bool printable(std::string_view text) {
  for (char c : text)
    if (c < 0x20 || c > 0x7e) return false;
  return true;
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Shared by every execution, as a server shares them among its sessions: a small table (a
// session of its own would allocate 64 MB each time), one search thread (none created per
// execution), at most one thread per search and depth 2 at most, so that a search ends within
// microseconds. There is no time cap: go infinite, go ponder, perft and bench run until a stop
// line or the end of the input (whose session, going, stops them), as with a real client.
// perft's own table is held to the size of the shared one, as a server holds it to --hash:
// without that limit `perft 1 hash 16000` allocates 8 GB in one piece (the size rounded down
// to a power of two; the engine allows up to three quarters of the machine's memory), which
// libFuzzer reports as a crash: "out-of-memory (malloc(8589934592))", one allocation over
// -malloc_limit_mb, which defaults to -rss_limit_mb (tools/fuzz: 4096). A larger size gets
// the server's refusal, one error line, fuzzed like any other.
constexpr std::size_t kTableMb = 1;

SessionEnvironment& environment() {
  static server::WorkerPool pool(1);
  static SessionEnvironment env = [] {
    SessionEnvironment e;
    e.search.table = std::make_shared<TranspositionTable>(kTableMb);
    e.search.tableShared = true;
    e.maxPerftHashMb = kTableMb;
    e.search.executor = [](std::function<void()> job) { pool.submit(std::move(job)); };
    e.search.quickExecutor = [](std::function<void()> job) { pool.submitQuick(std::move(job)); };
    server::paceAndCap(e.search, nullptr, nullptr, 0, server::SearchCaps{1, 2});
    return e;
  }();
  return env;
}

// What a refused line must leave as it was.
struct Snapshot {
  Game game;
  std::vector<std::pair<int, std::string>> options;  // value, text: in registration order
  std::optional<protocol::hub::Level> level;         // Hub only

  Snapshot(const Game& g, const Options& o, const protocol::hub::Level* l) : game(g) {
    options.reserve(o.all().size());
    for (const EngineOption& option : o.all()) options.emplace_back(option.value, option.text);
    if (l != nullptr) level = *l;
  }

  static bool sameLevel(const protocol::hub::Level& a, const protocol::hub::Level& b) {
    return a.depth == b.depth && a.nodes == b.nodes && a.moveTime == b.moveTime &&
           a.moves == b.moves && a.time == b.time && a.increment == b.increment &&
           a.infinite == b.infinite;
  }

  // What differs, empty when nothing does.
  std::string differenceFrom(const Snapshot& before) const {
    const Game& a = before.game;
    const Game& b = game;
    if (!(a.startPosition() == b.startPosition()))
      return "start position " + formatFen(a.startPosition()) + " -> " +
             formatFen(b.startPosition());
    if (a.moves().size() != b.moves().size() ||
        !std::equal(a.moves().begin(), a.moves().end(), b.moves().begin()))
      return "moves played: " + std::to_string(a.moves().size()) + " -> " +
             std::to_string(b.moves().size());
    if (!(a.position() == b.position()))
      return "position " + formatFen(a.position()) + " -> " + formatFen(b.position());
    if (a.noProgressPlies() != b.noProgressPlies() ||
        a.noProgressLimitPlies() != b.noProgressLimitPlies())
      return "no-progress count or limit";
    if (before.options != options) return "an option value";
    if (before.level.has_value() != level.has_value() ||
        (level && !sameLevel(*before.level, *level)))
      return "the level";
    return {};
  }
};

class Harness {
 public:
  explicit Harness(bool hub) {
    auto sink = [this](std::string_view line) { check(line); };
    if (hub)
      hub_ = std::make_unique<HubSession>(sink, environment());
    else
      native_ = std::make_unique<Session>(sink, environment());
  }

  void run(std::string_view data) {
    std::size_t lines = 0;
    while (!data.empty() && lines++ < kMaxLines) {
      const std::size_t end = data.find('\n');
      std::string_view line = data.substr(0, end);
      data = end == std::string_view::npos ? std::string_view() : data.substr(end + 1);
      if (line.size() > kMaxLineBytes) line = line.substr(0, kMaxLineBytes);
      if (!send(line)) break;
    }
  }

 private:
  Snapshot snapshot() const {
    if (hub_) return Snapshot(hub_->game(), hub_->options(), &hub_->level());
    return Snapshot(native_->game(), native_->options(), nullptr);
  }

  // Every reply, as it comes (from this thread or the search thread).
  void check(std::string_view reply) {
    if (!printable(reply)) violation("a reply holds a non-printable byte", reply);
    if (!startsWith(reply, "error")) return;
    if (reply.size() > kMaxErrorLine) violation("an error line is too long", reply);
    errors_.fetch_add(1);
  }

  // One line; false once the session has quit.
  bool send(std::string_view line) {
    const Snapshot before = snapshot();
    setCurrentLine(line);
    errors_.store(0);
    const SessionFlow flow = hub_ ? hub_->handleLine(line) : native_->handleLine(line);
    const int errors = errors_.load();
    if (errors > 1) violation("one line got more than one error line", std::to_string(errors));
    if (flow == SessionFlow::Quit) return false;
    if (errors == 1) {
      const std::string changed = snapshot().differenceFrom(before);
      if (!changed.empty()) violation("a line answered with an error changed the session", changed);
    }
    return true;
  }

  std::atomic<int> errors_{0};  // error lines since the current line came
  // Last: destroyed first, they stop a running job, whose last replies still need check().
  std::unique_ptr<HubSession> hub_;
  std::unique_ptr<Session> native_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const bool hub = input.substr(0, input.find('\n')) == "hub";
  Harness(hub).run(input);
  setCurrentLine("(none: the input is over)");
  return 0;
}
