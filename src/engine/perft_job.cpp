#include "engine/perft_job.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <memory>
#include <new>
#include <string>

#include "core/perft_table.h"
#include "search/limits.h"
#include "search/pacer.h"
#include "search/tt.h"

namespace damiera {

namespace {

// Elapsed time and speed for the perft summary; microseconds so that a fast perft still gets
// a meaningful speed rather than a division by zero.
void setTiming(PerftSummary& summary, std::chrono::steady_clock::time_point start) {
  const auto elapsed = std::chrono::steady_clock::now() - start;
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
  const std::uint64_t safeMicros = micros > 0 ? static_cast<std::uint64_t>(micros) : 1;
  const double perSecond =
      static_cast<double>(summary.nodes) * 1e6 / static_cast<double>(safeMicros);
  summary.milliseconds = safeMicros / 1000;
  summary.nodesPerSecond = static_cast<std::uint64_t>(perSecond);
}

}  // namespace

Parsed<PerftSettings> perftSettingsFor(const PerftSettings& requested,
                                       const SessionEnvironment& environment,
                                       const SearchOptions& searchOptions) {
  PerftSettings settings = requested;
  if (environment.search.capSearch) {
    SearchLimits limits;
    SearchOptions options = searchOptions;
    options.threads = settings.threads;
    environment.search.capSearch(limits, options);
    settings.threads = std::clamp(options.threads, 1, settings.threads);
  }
  if (settings.hashMegabytes == 0 || settings.table) return Parsed<PerftSettings>::ok(settings);
  const std::string size = std::to_string(settings.hashMegabytes);
  if (environment.maxPerftHashMb > 0 && settings.hashMegabytes > environment.maxPerftHashMb)
    return Parsed<PerftSettings>::fail("perft: hash " + size +
                                       " (MB) is more than this server allows: at most " +
                                       std::to_string(environment.maxPerftHashMb));
  const std::size_t limit = maxHashMbOfThisMachine();
  if (settings.hashMegabytes > limit)
    return Parsed<PerftSettings>::fail("perft: hash " + size +
                                       " (MB) is more than this machine can hold: at most " +
                                       std::to_string(limit));
  try {
    settings.table = std::make_shared<PerftTable>(settings.hashMegabytes);
  } catch (const std::bad_alloc&) {
    return Parsed<PerftSettings>::fail("perft: not enough memory for hash " + size + " (MB)");
  }
  return Parsed<PerftSettings>::ok(settings);
}

PerftSummary runPerftJob(const Position& root, int depth, const PerftSettings& settings,
                         SearchControl& control,
                         const std::function<void(const PerftDivideEntry&)>& onEntry) {
  assert(depth >= 1);
  const auto start = std::chrono::steady_clock::now();
  PerftSummary summary;
  summary.depth = depth;
  // Paced like a search (a host's turns on its processors), stopped like one.
  SearchPacer* const pacer = control.pacer();
  const SearchPacer::GiveUp stopped = [&control] { return control.stopRequested(); };
  if (pacer != nullptr) pacer->begin(stopped);
  const auto stopRequested = [&control, pacer, &stopped] {
    if (pacer != nullptr) pacer->poll(stopped);
    return control.stopRequested();
  };
  const auto countEntry = [&summary, &onEntry](const PerftDivideEntry& entry) {
    summary.nodes += entry.nodes;
    if (onEntry) onEntry(entry);
  };
  summary.stopped = !perftDivide(root, depth, settings, stopRequested, countEntry);
  if (pacer != nullptr) pacer->end();
  setTiming(summary, start);
  return summary;
}

}  // namespace damiera
