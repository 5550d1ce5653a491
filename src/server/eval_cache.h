#pragma once
// The HTTP API's cache of evaluations (docs/http.md): the last searches of positions, so that a
// position asked again (the same opening, a page reloaded) is answered at once. A request is
// answered from the cache when a search of that position went at least as deep (or, for a
// `movetime` request, searched at least as long) with at least as many lines. Bounded: the
// least recently used entry goes first. Thread-safe.
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace damiera::server {

// One principal variation as the API returns it.
struct EvalLine {
  std::string moves;  // space-separated, in the protocol's notation
  bool mate = false;  // value is moves to the end (positive: White wins), else hundredths
  int value = 0;      // of a man, White's view (as lichess's cloud eval)
};

struct Evaluation {
  std::string fen;  // canonical (formatFen)
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t timeMs = 0;
  int multiPv = 1;  // lines asked; fewer come back when the position has fewer legal moves
  std::vector<EvalLine> lines;
};

// What a request asks: depth, or (depth 0) a movetime; and the lines.
struct EvalRequest {
  std::string fen;  // canonical
  int depth = 0;
  std::int64_t moveTimeMs = 0;
  int multiPv = 1;
};

class EvalCache {
 public:
  explicit EvalCache(std::size_t capacity) : capacity_(capacity) {}

  // A stored evaluation good enough for `request`, with only its first multiPv lines; counts a
  // hit or a miss.
  std::optional<Evaluation> find(const EvalRequest& request);
  // Keeps `evaluation` unless the one stored for its position is deeper.
  void store(const Evaluation& evaluation);

  std::uint64_t hits() const;
  std::uint64_t misses() const;
  std::size_t size() const;
  std::size_t capacity() const { return capacity_; }

 private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Evaluation> entries_;  // most recently used first
  std::unordered_map<std::string, std::list<Evaluation>::iterator> byFen_;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

// Is `stored` as good as `request` asks (same position assumed)?
bool answers(const Evaluation& stored, const EvalRequest& request);

}  // namespace damiera::server
