#pragma once
// How a server paces the searches (and perft, bench) of all its sessions through the search's
// one hook (search/pacer.h): turns on its processors (server/processor_share.h), the time cap
// that stops every job (server/alarm_clock.h), and its caps on depth and threads.
#include <chrono>
#include <cstdint>
#include <memory>

#include "search/limits.h"
#include "search/pacer.h"
#include "search/search.h"
#include "search/searcher.h"
#include "server/alarm_clock.h"
#include "server/processor_share.h"

namespace damiera::server {

// One job's pacer: a turn on the processors while it computes, and an alarm that stops it at
// the time cap (exactly as by stop: go infinite and go ponder too, which then answer, and a
// job still queued, which answers from the quick lane).
class ServerPacer final : public SearchPacer {
 public:
  // `processors` null: no turns. `alarms` null or maxTimeMs 0: no time cap.
  ServerPacer(ProcessorShare* processors, AlarmClock* alarms, std::int64_t maxTimeMs,
              SearchResources::JobStopper stopJob, SearchClock::TimePoint start);
  ~ServerPacer() override;  // cancels the alarm, gives back a turn still held
  ServerPacer(const ServerPacer&) = delete;
  ServerPacer& operator=(const ServerPacer&) = delete;

  void begin(const GiveUp& giveUp) override { turn_.acquire(giveUp); }
  void poll(const GiveUp& giveUp) override {
    if (turn_.shouldYield()) turn_.yield(giveUp);
  }
  // The player's own clock runs now: first in line among the searches waiting for a turn
  // (and a turn given up on the ponderhit, while waiting for one, is wanted back).
  void urgent(const GiveUp& giveUp) override {
    turn_.forgetComputed();
    if (!turn_.held()) turn_.acquire(giveUp);
  }
  void end() override { turn_.release(); }

 private:
  ProcessorShare::Turn turn_;
  AlarmClock* const alarms_;
  AlarmClock::Id alarm_ = 0;
};

// The server's caps on one search (0: none): at most this many threads, and no deeper (or
// unlimited) depth than this.
struct SearchCaps {
  int maxThreads = 0;
  int maxDepth = 0;
  void apply(SearchLimits& limits, SearchOptions& options) const;
};

// Gives `resources` the server's say over every job of a searcher: turns on `processors`
// (null: none), the time cap `maxTimeMs` kept by `alarms` (0 or null: none), and `caps`. The
// processors and the clock must outlive every searcher made from the resources.
void paceAndCap(SearchResources& resources, ProcessorShare* processors, AlarmClock* alarms,
                std::int64_t maxTimeMs, SearchCaps caps);

}  // namespace damiera::server
