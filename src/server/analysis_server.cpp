#include "server/analysis_server.h"

#include <atomic>
#include <memory>
#include <string_view>
#include <utility>

#include "host/stop_signals.h"
#include "host/tcp_server.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"

namespace damiera::server {

namespace {

// A session counted while it exists (/metrics' damiera_sessions).
class CountedSession final : public LineSession {
 public:
  CountedSession(std::unique_ptr<LineSession> session,
                 std::shared_ptr<std::atomic<std::size_t>> count)
      : session_(std::move(session)), count_(std::move(count)) {
    count_->fetch_add(1);
  }
  ~CountedSession() override { count_->fetch_sub(1); }
  SessionFlow handleLine(std::string_view line) override { return session_->handleLine(line); }

 private:
  std::unique_ptr<LineSession> session_;
  std::shared_ptr<std::atomic<std::size_t>> count_;
};

}  // namespace

SessionEnvironment serverSessionEnvironment(const AnalysisServerConfig& config,
                                            std::shared_ptr<TranspositionTable> table,
                                            WorkerPool& pool, AlarmClock& alarms,
                                            ProcessorShare& processors) {
  SessionEnvironment environment;
  environment.search.table = std::move(table);
  environment.search.tableShared = true;
  environment.search.executor = [&pool](std::function<void()> job) { pool.submit(std::move(job)); };
  environment.search.quickExecutor = [&pool](std::function<void()> job) {
    pool.submitQuick(std::move(job));
  };
  // One thread per search: the pool's workers are the server's parallelism, shared by all.
  paceAndCap(environment.search, &processors, &alarms, config.maxMoveTimeMs,
             SearchCaps{1, config.maxDepth});
  environment.maxPerftHashMb = config.hashMb;
  environment.clientNamesFiles = false;        // "No command reads or writes files on the server"
  environment.evalFolder = config.evalFolder;  // ... but those the operator offers, by name
  return environment;
}

int runAnalysisServer(const AnalysisServerConfig& config, const SessionFactoryMaker& makeFactory,
                      std::ostream& out) {
  // Before any thread starts: SIGINT and SIGTERM are then blocked in all of them and taken by
  // one waiting thread only (host/stop_signals.h).
  host::StopSignals signals;
  // Declared first, destroyed last: every session (and its search) is gone when run returns;
  // the pool's threads end before the clock whose alarms they cancel.
  AlarmClock alarms;
  // --threads processors; more searches than that in progress take turns on them.
  ProcessorShare processors(config.threads, kSearchQuantum);
  WorkerPool pool(config.threads * kSearchesInProgressPerThread, kSearchNiceness);
  auto table = std::make_shared<TranspositionTable>(config.hashMb);
  const SessionEnvironment environment =
      serverSessionEnvironment(config, table, pool, alarms, processors);
  LineSessionFactory factory = makeFactory(environment);
  host::TcpServerConfig tcp = config.tcp;
  if (config.http) {
    auto sessions = std::make_shared<std::atomic<std::size_t>>(0);
    factory = [inner = std::move(factory), sessions](LineSession::Sink sink) {
      return std::make_unique<CountedSession>(inner(std::move(sink)), sessions);
    };
    HttpApiConfig api = *config.http;
    api.token = config.tcp.token;
    api.allowedOrigins = config.tcp.allowedOrigins;
    HttpSearchResources resources{&pool, &processors, &alarms, config.maxMoveTimeMs, table};
    ServerGauges gauges{[sessions] { return sessions->load(); }, [&pool] { return pool.busy(); },
                        [&pool] { return pool.queued(); }};
    // Destroyed before the pool: its searches are stopped first (HttpApi's state outlives it
    // in the jobs still queued, which then do nothing).
    tcp.http = std::make_shared<HttpApi>(std::move(api), std::move(resources), std::move(gauges));
  }
  return host::runTcpServer(tcp, std::move(factory), out, signals);
}

}  // namespace damiera::server
