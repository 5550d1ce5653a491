#include "server/search_pacing.h"

#include <algorithm>

namespace damiera::server {

ServerPacer::ServerPacer(ProcessorShare* processors, AlarmClock* alarms, std::int64_t maxTimeMs,
                         const std::shared_ptr<SearchControl>& control,
                         std::chrono::steady_clock::time_point start)
    : turn_(processors), alarms_(maxTimeMs > 0 ? alarms : nullptr) {
  if (alarms_ == nullptr) return;
  // The alarm holds the control weakly: a job that is over (and gone) is not kept alive.
  alarm_ = alarms_->set(start + std::chrono::milliseconds(maxTimeMs),
                        [weakControl = std::weak_ptr<SearchControl>(control)] {
                          if (const auto control = weakControl.lock()) control->stop();
                        });
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
  resources.pacer = [processors, alarms, maxTimeMs](const std::shared_ptr<SearchControl>& control,
                                                    std::chrono::steady_clock::time_point start) {
    return std::make_shared<ServerPacer>(processors, alarms, maxTimeMs, control, start);
  };
  resources.capSearch = [caps](SearchLimits& limits, SearchOptions& options) {
    caps.apply(limits, options);
  };
}

}  // namespace damiera::server
