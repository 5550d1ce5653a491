#include "server/search_pacing.h"

#include <algorithm>
#include <utility>

namespace damiera::server {

ServerPacer::ServerPacer(ProcessorShare* processors, AlarmClock* alarms, std::int64_t maxTimeMs,
                         SearchResources::JobStopper stopJob, SearchClock::TimePoint start)
    : turn_(processors), alarms_(maxTimeMs > 0 ? alarms : nullptr) {
  if (alarms_ == nullptr) return;
  // The stopper holds the job weakly: a job that is over (and gone) is not kept alive.
  alarm_ = alarms_->set(start + std::chrono::milliseconds(maxTimeMs), std::move(stopJob));
}

ServerPacer::~ServerPacer() {
  if (alarms_ != nullptr) alarms_->cancel(alarm_);
}

void SearchCaps::apply(SearchLimits& limits, SearchOptions& options) const {
  if (maxThreads > 0) options.threads = std::min(options.threads, maxThreads);
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
