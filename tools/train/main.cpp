// damiera-train: fits the evaluation's weights (search/eval_weights.h) to self-play positions
// (docs/selfplay.md) and writes the weights file the engine compiles in or loads (EvalFile).
// Deterministic: one thread, a seeded shuffle, the same data and seed give the same file.
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "dataset.h"
#include "model.h"
#include "search/eval.h"

namespace po = boost::program_options;
using namespace damiera;
using namespace damiera::training;

namespace {

std::string duration(double seconds) {
  char text[32];
  const long s = static_cast<long>(seconds);
  if (s >= 60)
    std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%.1fs", seconds);
  return text;
}

// A bar redrawn in place on a terminal; nothing otherwise (the epoch lines say enough).
class Progress {
 public:
  explicit Progress(std::size_t total) : total_(total), terminal_(isatty(STDERR_FILENO)) {}
  void draw(std::size_t done, int epoch, int epochs) {
    if (!terminal_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - lastDraw_ < std::chrono::milliseconds(200) && done < total_) return;
    lastDraw_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double fraction = total_ ? double(done) / double(total_) : 1;
    const double eta = fraction > 0 ? elapsed / fraction - elapsed : 0;
    const int width = 30, filled = static_cast<int>(fraction * width);
    std::fprintf(stderr, "\r[%s%s] %5.1f%% epoch %d/%d ETA %s   ", std::string(filled, '#').c_str(),
                 std::string(width - filled, '.').c_str(), 100 * fraction, epoch, epochs,
                 duration(eta).c_str());
  }
  void clear() {
    if (terminal_) std::fprintf(stderr, "\r%70s\r", "");
  }

 private:
  std::size_t total_;
  bool terminal_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), lastDraw_{};
};

// Fisher-Yates with our own draws: std::shuffle's use of the generator is not specified, so
// it could differ between standard libraries; this is the same everywhere.
void shuffle(std::vector<Example>& v, std::mt19937_64& random) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[random() % i]);
}

// The loss of the engine's own integer evaluation (eval.cpp, with the weights as they will be
// written) over the validation positions: what the quantisation costs, and proof that the
// file scores positions the way the model does.
double engineLoss(const EvalWeights& weights, const std::vector<Example>& examples,
                  const std::vector<Position>& positions, const Model& reference, double k,
                  double lambda) {
  double total = 0;
  for (std::size_t i = 0; i < examples.size(); ++i) {
    const int stm = damiera::evaluate(positions[i], weights);
    const double white = positions[i].sideToMove() == Color::White ? stm : -stm;
    const double p = std::clamp(1 / (1 + std::exp(-white / k)), 1e-9, 1 - 1e-9);
    const double y = reference.target(examples[i], k, lambda);
    total += -(y * std::log(p) + (1 - y) * std::log(1 - p));
  }
  return examples.empty() ? 0 : total / double(examples.size());
}

// --king-tables: "all", "none" or names of kKingTableCount's tables by their short names.
std::array<bool, kKingTableCount> parseKingTables(const std::string& text) {
  static constexpr std::array<std::string_view, kKingTableCount> kShortNames = {
      "squares", "freedom", "signature", "tempo"};
  std::array<bool, kKingTableCount> chosen{};
  if (text == "all") chosen.fill(true);
  if (text == "all" || text == "none") return chosen;
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string_view name = std::string_view(text).substr(from, comma - from);
    const auto* found = std::find(kShortNames.begin(), kShortNames.end(), name);
    if (found == kShortNames.end())
      throw std::invalid_argument("--king-tables: unknown table '" + std::string(name) +
                                  "' (squares, freedom, signature, tempo, all, none)");
    chosen[found - kShortNames.begin()] = true;
    from = comma + 1;
  }
  return chosen;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> data;
  std::string out, start, kingTables;
  int epochs = 0, validationEvery = 0;
  std::uint64_t seed = 0, maxGames = 0;
  FitSettings fit;
  po::options_description options(
      "damiera-train: fits the evaluation weights to self-play positions (docs/selfplay.md)\n"
      "Usage: damiera-train --data DIR_OR_FILE --out FILE [options]\nOptions");
  // clang-format off
  options.add_options()
      ("help,h", "this text")
      ("data", po::value(&data)->required()->composing(),
       "sample file, folder of sample files, or chunk prefix (repeatable)")
      ("out", po::value(&out)->required(), "weights file to write (FILE.tmp, checked, renamed)")
      ("start", po::value(&start)->default_value("hand"),
       "starting weights: 'hand' (hand terms only), 'embedded', or a weights file")
      ("epochs", po::value(&epochs)->default_value(20), "passes over the training positions")
      ("seed", po::value(&seed)->default_value(1), "seed of the shuffle")
      ("lambda", po::value(&fit.lambda)->default_value(fit.lambda, "0.5"),
       "weight of the game result in the target; the rest is the search score")
      ("k", po::value(&fit.scaleK)->default_value(0),
       "K of sigmoid(eval/K), hundredths of a man; 0: fitted to the results first")
      ("batch", po::value(&fit.batch)->default_value(fit.batch), "positions per step")
      ("term-rate", po::value(&fit.termRate)->default_value(fit.termRate, "0.01"),
       "Adam step of the term multipliers")
      ("pattern-rate", po::value(&fit.patternRate)->default_value(fit.patternRate, "0.2"),
       "Adam step of the region entries (hundredths of a man)")
      ("pattern-decay", po::value(&fit.patternDecay)->default_value(fit.patternDecay, "0.001"),
       "shrinkage of the region entries per step")
      ("validation-every", po::value(&validationEvery)->default_value(20),
       "every Nth game is held out for validation (0: none)")
      ("games", po::value(&maxGames)->default_value(0),
       "use only the first N games of the data (0: all)")
      ("king-tables", po::value(&kingTables)->default_value("all"),
       "the king-aware tables to fit (search/eval_kings.h), 'all', 'none' or a comma list of "
       "squares, freedom, signature, tempo; the others keep their starting values");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    if (vm.count("help")) {
      std::cout << options << "\n";
      return 0;
    }
    po::notify(vm);
    fit.kingTables = parseKingTables(kingTables);
    if (epochs < 0 || fit.batch < 1 || fit.lambda < 0 || fit.lambda > 1 || fit.scaleK < 0)
      throw std::invalid_argument("--epochs >= 0, --batch >= 1, --lambda in 0..1, --k >= 0");
  } catch (const std::exception& e) {
    std::cerr << "damiera-train: " << e.what() << "\n";
    return 2;
  }

  try {
    const auto began = std::chrono::steady_clock::now();
    auto elapsed = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    };
    std::vector<std::filesystem::path> places(data.begin(), data.end());
    Dataset set = loadDataset(places, validationEvery, maxGames);
    std::printf(
        "data: %llu records in %llu games; %zu training and %zu validation positions "
        "(%llu skipped: not quiet) [%s]\n",
        (unsigned long long)set.records, (unsigned long long)set.games, set.train.size(),
        set.validation.size(), (unsigned long long)set.skipped, duration(elapsed()).c_str());

    const EvalWeights initial = start == "hand"       ? EvalWeights::handOnly()
                                : start == "embedded" ? embeddedEvalWeights()
                                                      : *loadEvalWeights(start);
    Model model(initial);
    const double k = fit.scaleK > 0 ? fit.scaleK : fitScaleK(model, set.train);
    auto report = [&](const char* what) {
      std::printf("%s: train loss %.6f validation loss %.6f [%s]\n", what,
                  model.loss(set.train, k, fit.lambda), model.loss(set.validation, k, fit.lambda),
                  duration(elapsed()).c_str());
      std::fflush(stdout);
    };
    std::printf("K %.2f (lambda %.2f, seed %llu)\n", k, fit.lambda, (unsigned long long)seed);
    report("start");

    std::mt19937_64 random(seed);
    const std::size_t steps = (set.train.size() + fit.batch - 1) / fit.batch;
    Progress progress(steps * epochs);
    for (int epoch = 1; epoch <= epochs; ++epoch) {
      shuffle(set.train, random);
      for (std::size_t s = 0; s < steps; ++s) {
        const std::size_t from = s * fit.batch;
        const std::size_t count = std::min<std::size_t>(fit.batch, set.train.size() - from);
        model.step(std::span<const Example>(set.train).subspan(from, count), k, fit);
        progress.draw((epoch - 1) * steps + s + 1, epoch, epochs);
      }
      progress.clear();
      report(("epoch " + std::to_string(epoch)).c_str());
    }

    const EvalWeights weights = model.quantised();
    saveEvalWeights(weights, out);
    std::printf(
        "engine's evaluation on the validation positions: loss %.6f with the start "
        "weights, %.6f with the written ones\n",
        engineLoss(initial, set.validation, set.validationPositions, model, k, fit.lambda),
        engineLoss(weights, set.validation, set.validationPositions, model, k, fit.lambda));
    std::printf("wrote %s [%s]\n", out.c_str(), duration(elapsed()).c_str());
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "damiera-train: " << e.what() << "\n";
    return 1;
  }
}
