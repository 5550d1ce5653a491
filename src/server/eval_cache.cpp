#include "server/eval_cache.h"

#include <cassert>

namespace damiera::server {

bool answers(const Evaluation& stored, const EvalRequest& request) {
  if (stored.multiPv < request.multiPv) return false;
  if (request.depth > 0) return stored.depth >= request.depth;
  return stored.timeMs >= request.moveTimeMs;
}

std::optional<Evaluation> EvalCache::find(const EvalRequest& request) {
  const std::lock_guard lock(mutex_);
  const auto found = byFen_.find(request.fen);
  if (found == byFen_.end() || !answers(*found->second, request)) {
    ++misses_;
    return std::nullopt;
  }
  ++hits_;
  entries_.splice(entries_.begin(), entries_, found->second);  // most recently used
  Evaluation copy = *found->second;
  if (copy.lines.size() > static_cast<std::size_t>(request.multiPv))
    copy.lines.resize(static_cast<std::size_t>(request.multiPv));
  copy.multiPv = request.multiPv;
  return copy;
}

void EvalCache::store(const Evaluation& evaluation) {
  if (capacity_ == 0) return;
  const std::lock_guard lock(mutex_);
  if (const auto found = byFen_.find(evaluation.fen); found != byFen_.end()) {
    Evaluation& stored = *found->second;
    // A shallower search, or one with fewer lines at the same depth, answers less.
    const bool better = evaluation.depth > stored.depth ||
                        (evaluation.depth == stored.depth && evaluation.multiPv >= stored.multiPv);
    if (better) stored = evaluation;
    entries_.splice(entries_.begin(), entries_, found->second);
    return;
  }
  if (entries_.size() == capacity_) {
    byFen_.erase(entries_.back().fen);
    entries_.pop_back();
  }
  entries_.push_front(evaluation);
  byFen_.emplace(evaluation.fen, entries_.begin());
  assert(entries_.size() <= capacity_ && entries_.size() == byFen_.size());
}

std::uint64_t EvalCache::hits() const {
  const std::lock_guard lock(mutex_);
  return hits_;
}

std::uint64_t EvalCache::misses() const {
  const std::lock_guard lock(mutex_);
  return misses_;
}

std::size_t EvalCache::size() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace damiera::server
