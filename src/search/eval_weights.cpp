#include "search/eval_weights.h"

#include <cassert>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

// Generated at build time from src/search/weights/gen3.weights (cmake/embed_file.cmake).
extern const unsigned char kEmbeddedEvalWeightsData[];
extern const std::size_t kEmbeddedEvalWeightsSize;

namespace damiera {

namespace {

constexpr char kMagic[8] = {'D', 'A', 'M', 'E', 'V', 'A', 'L', '2'};
constexpr std::uint32_t kShape[8] = {kHandTermCount,    kRegionCount,       kRegionEntries,
                                     kPhaseCount,       kKingSquareEntries, kKingFreedomEntries,
                                     kSignatureEntries, kTempoEntries};
constexpr std::size_t kKingValues =
    std::size_t{kKingSquareEntries} + kKingFreedomEntries + kSignatureEntries + kTempoEntries;
constexpr std::size_t kPayloadValues = std::size_t{kPhaseCount} * kHandTermCount +
                                       std::size_t{kPhaseCount} * kRegionCount * kRegionEntries +
                                       std::size_t{kPhaseCount} * kKingValues;
constexpr std::size_t kFileBytes = sizeof kMagic + sizeof kShape + 2 * kPayloadValues + 8;

// Generations 1 and 2 were written before the king tables: the first four shape numbers and no
// king tables. They still load (the king tables zero), so EvalFile plays them as they were.
constexpr char kMagicBeforeKings[8] = {'D', 'A', 'M', 'E', 'V', 'A', 'L', '1'};
constexpr std::size_t kShapeBeforeKings = 4;
constexpr std::size_t kFileBytesBeforeKings =
    sizeof kMagic + 4 * kShapeBeforeKings + 2 * (kPayloadValues - kPhaseCount * kKingValues) + 8;

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t size) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 0x100000001b3ull;
  return hash;
}

void putLittle(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

std::uint64_t getLittle(const std::uint8_t* in, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{in[i]} << (8 * i);
  return value;
}

// Visits every int16 of the payload in file order.
template <class Weights, class Visit>
void forEachValue(Weights& w, Visit&& visit, bool withKings = true) {
  for (auto& phase : w.terms)
    for (auto& v : phase) visit(v);
  for (auto& phase : w.patterns)
    for (auto& region : phase)
      for (auto& v : region) visit(v);
  if (!withKings) return;
  for (auto& phase : w.kings)
    for (int t = 0; t < kKingTableCount; ++t)
      for (auto& v : phase.table(KingTable(t))) visit(v);
}

}  // namespace

EvalWeights EvalWeights::handOnly() {
  EvalWeights w;
  for (auto& phase : w.terms) phase.fill(kTermWeightOne);
  return w;
}

std::uint64_t evalTableSalt(const EvalWeights& weights) {
  const auto fingerprint = [](const EvalWeights& w) {
    const std::vector<std::uint8_t> bytes = serializeEvalWeights(w);
    return fnv1a(bytes.data(), bytes.size());
  };
  static const std::uint64_t embedded = fingerprint(embeddedEvalWeights());
  const std::uint64_t own = fingerprint(weights);
  return own == embedded ? 0 : own;
}

std::vector<std::uint8_t> serializeEvalWeights(const EvalWeights& weights) {
  std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
  out.reserve(kFileBytes);
  for (std::uint32_t n : kShape) putLittle(out, n, 4);
  forEachValue(weights, [&](std::int16_t v) { putLittle(out, static_cast<std::uint16_t>(v), 2); });
  putLittle(out, fnv1a(out.data(), out.size()), 8);
  return out;
}

std::shared_ptr<const EvalWeights> parseEvalWeights(std::string_view text) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const bool beforeKings = text.size() == kFileBytesBeforeKings;
  if (text.size() != kFileBytes && !beforeKings)
    throw std::runtime_error("not an evaluation weights file: " + std::to_string(text.size()) +
                             " bytes, expected " + std::to_string(kFileBytes));
  if (std::memcmp(bytes, beforeKings ? kMagicBeforeKings : kMagic, sizeof kMagic) != 0)
    throw std::runtime_error(std::string("not an evaluation weights file: no ") +
                             (beforeKings ? "DAMEVAL1" : "DAMEVAL2") + " header");
  const std::size_t shapeCount = beforeKings ? kShapeBeforeKings : std::size(kShape);
  for (std::size_t i = 0; i < shapeCount; ++i)
    if (getLittle(bytes + sizeof kMagic + 4 * i, 4) != kShape[i])
      throw std::runtime_error("evaluation weights of another shape (made for another version)");
  const std::size_t hashAt = text.size() - 8;
  if (getLittle(bytes + hashAt, 8) != fnv1a(bytes, hashAt))
    throw std::runtime_error("evaluation weights file damaged: checksum mismatch");
  auto weights = std::make_shared<EvalWeights>();
  const std::uint8_t* in = bytes + sizeof kMagic + 4 * shapeCount;
  forEachValue(
      *weights,
      [&](std::int16_t& v) {
        v = static_cast<std::int16_t>(static_cast<std::uint16_t>(getLittle(in, 2)));
        in += 2;
      },
      !beforeKings);
  assert(in == bytes + hashAt);
  return weights;
}

std::shared_ptr<const EvalWeights> loadEvalWeights(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  // At most one byte more than a weights file: a huge file is refused without being read.
  std::string content(kFileBytes + 1, '\0');
  in.read(content.data(), static_cast<std::streamsize>(content.size()));
  content.resize(static_cast<std::size_t>(in.gcount()));
  try {
    return parseEvalWeights(content);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

void saveEvalWeights(const EvalWeights& weights, const std::string& path) {
  const std::vector<std::uint8_t> bytes = serializeEvalWeights(weights);
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) throw std::runtime_error("cannot write " + temporary);
  }
  const std::shared_ptr<const EvalWeights> back = loadEvalWeights(temporary);
  if (serializeEvalWeights(*back) != bytes)
    throw std::runtime_error(temporary + " reads back wrong");
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename " + temporary + " to " + path);
}

const EvalWeights& embeddedEvalWeights() {
  // Parsed once; the build checked the file (a damaged one fails here at first use, loudly).
  static const std::shared_ptr<const EvalWeights> weights = parseEvalWeights(std::string_view(
      reinterpret_cast<const char*>(kEmbeddedEvalWeightsData), kEmbeddedEvalWeightsSize));
  return *weights;
}

}  // namespace damiera
