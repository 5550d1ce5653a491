#pragma once
// Server mode as a whole (damiera --listen): --threads processors that every session's searches
// take turns on (a pool of worker threads runs them), one hash table of --hash MB that every
// session shares, the caps on what one client may ask for, and the TCP transport carrying the
// sessions the factory makes (any dialect).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>

#include "engine/line_session.h"
#include "engine/session_environment.h"
#include "host/tcp_config.h"
#include "server/alarm_clock.h"
#include "server/http_api.h"
#include "server/processor_share.h"
#include "server/worker_pool.h"

namespace damiera::server {

// Every search is stopped this long after its go, as by "stop": without a cap, a go infinite
// would hold a worker for as long as its client likes.
inline constexpr std::int64_t kDefaultServerMaxMoveTimeMs = 60'000;
// Searches in progress at once per search thread (--threads): they take turns on the
// processors (server/processor_share.h), so a short search does not wait for long ones to end;
// searches beyond this many wait for a place in the order of their go.
inline constexpr int kSearchesInProgressPerThread = 8;
// How long a search computes before it lets a waiting one have the processor: long enough that
// switching costs nothing measurable, short enough that a quick search hardly notices.
inline constexpr std::chrono::milliseconds kSearchQuantum{20};
// The search workers' nice value: a client's isready, legalmoves or stop is answered before a
// search gets the processor back, however many searches are running.
inline constexpr int kSearchNiceness = 10;

struct AnalysisServerConfig {
  host::TcpServerConfig tcp;
  int threads = 1;          // search workers for all sessions together
  std::size_t hashMb = 64;  // the one table, shared
  std::int64_t maxMoveTimeMs = kDefaultServerMaxMoveTimeMs;  // 0: no cap
  int maxDepth = 0;                                          // 0: no cap
  std::string evalFolder;  // --eval-dir: the evaluation files clients may choose by name
  // --http: the HTTP/JSON API (docs/http.md) on the same port (its token: tcp.token's).
  std::optional<HttpApiConfig> http;
};

// Makes the factory of the sessions the server carries (native, Hub, ...) for an environment.
using SessionFactoryMaker = std::function<LineSessionFactory(const SessionEnvironment&)>;

// The environment every session of a server with this configuration gets: its searches run on
// `pool` (stopped ones still queued on its quick lane) and share `table`.
SessionEnvironment serverSessionEnvironment(const AnalysisServerConfig& config,
                                            std::shared_ptr<TranspositionTable> table,
                                            WorkerPool& pool, AlarmClock& alarms,
                                            ProcessorShare& processors);

// Prints "listening <host>:<port>" on `out`, serves until SIGINT/SIGTERM, returns the exit
// code (0). Throws std::runtime_error when it cannot listen.
int runAnalysisServer(const AnalysisServerConfig& config, const SessionFactoryMaker& makeFactory,
                      std::ostream& out);

}  // namespace damiera::server
