#include "server/analysis_server.h"

#include <memory>
#include <utility>

#include "host/stop_signals.h"
#include "host/tcp_server.h"
#include "server/search_pacing.h"
#include "server/worker_pool.h"

namespace damiera::server {

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
      serverSessionEnvironment(config, std::move(table), pool, alarms, processors);
  return host::runTcpServer(config.tcp, makeFactory(environment), out, signals);
}

}  // namespace damiera::server
