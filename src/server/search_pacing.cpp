#include "server/search_pacing.h"

#include <algorithm>
#include <string>
#include <utility>

#include "host/server_log.h"

namespace damiera::server {

ServerPacer::ServerPacer(ProcessorShare* processors, AlarmClock* alarms, std::int64_t maxTimeMs,
                         SearchResources::JobStopper stopJob, SearchClock::TimePoint start)
    : turn_(processors), alarms_(maxTimeMs > 0 ? alarms : nullptr) {
  if (alarms_ == nullptr) return;
  // The stopper holds the job weakly: a job that is over (and gone) is not kept alive.
  alarm_ = alarms_->set(start + std::chrono::milliseconds(maxTimeMs),
                        [stopJob = std::move(stopJob), maxTimeMs] {
                          host::logLine("a search reached the time cap (--max-movetime " +
                                        std::to_string(maxTimeMs) + ") and is stopped");
                          stopJob();
                        });
}

ServerPacer::~ServerPacer() {
  if (alarms_ != nullptr) alarms_->cancel(alarm_);
}

void SearchCaps::apply(SearchLimits& limits, SearchOptions& options) const {
  if (maxThreads > 0) options.threads = std::min(options.threads, maxThreads);
  if (maxDepth > 0 && limits.depth > maxDepth)  // asked: the operator may want to know
    host::logLine("a search of depth " + std::to_string(limits.depth) + " is capped at depth " +
                  std::to_string(maxDepth) + " (--max-depth)");
  if (maxDepth > 0 && (limits.depth == 0 || limits.depth > maxDepth)) limits.depth = maxDepth;
}

void paceAndCap(SearchResources& resources, ProcessorShare* processors, AlarmClock* alarms,
                std::int64_t maxTimeMs, SearchCaps caps) {
  resources.pacer = [processors, alarms, maxTimeMs](SearchResources::JobStopper stopJob,
                                                    SearchClock::TimePoint start) {
    return std::make_shared<ServerPacer>(processors, alarms, maxTimeMs, std::move(stopJob), start);
  };
  resources.capSearch = [caps](SearchLimits& limits, SearchOptions& options) {
    caps.apply(limits, options);
  };
}

}  // namespace damiera::server
