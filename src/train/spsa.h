#pragma once
// SPSA (simultaneous perturbation stochastic approximation) over the search's tunables, as
// fishtest tunes Stockfish: every iteration perturbs all parameters at once by +-c_k, plays the
// two engines against each other, and steps every parameter along the result. The gains follow
// fishtest's parametrisation: c_k = c_end (N / k)^gamma, a_k = r_end c_end^2 (A + N)^alpha /
// (A + k)^alpha, and theta += a_k / c_k * result * flip (result: the plus engine's score minus
// the minus engine's, in game points). docs/spsa.md.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace damiera::spsa {

struct Parameter {
  std::string name;
  double value = 0;  // the current estimate (tuned values are real; engines get it rounded)
  int min = 0;
  int max = 0;
  double cEnd = 1;  // the perturbation at the last iteration
};

struct Settings {
  int iterations = 0;  // N
  std::uint64_t seed = 1;
  double alpha = 0.602;
  double gamma = 0.101;
  double rEnd = 0.002;
  double stabilityFraction = 0.1;  // A = this x N
};

struct State {
  Settings settings;
  int done = 0;  // iterations completed
  std::vector<Parameter> parameters;
  std::vector<double> results;  // each completed iteration's result
};

// One iteration's two engines.
struct Perturbation {
  std::vector<int> flips;  // +1 or -1 per parameter
  std::vector<int> plus;   // the values the plus engine plays with, rounded and clamped
  std::vector<int> minus;
  double ck = 0;  // c_k / c_end: the perturbation's scale this iteration
  double ak = 0;  // a_k / (r_end c_end^2): the step's scale
};

// Iteration k (1-based) of `state`: the flips are a function of the seed and k alone, so a
// resumed run perturbs exactly as an uninterrupted one.
Perturbation perturb(const State& state, int k);

// Steps every parameter along `result` (the plus engine's points minus the minus engine's) and
// counts the iteration done. Values stay within their ranges.
void step(State& state, const Perturbation& perturbation, double result);

// "name=value,..." with each value rounded.
std::string tunablesText(const std::vector<Parameter>& parameters, const std::vector<int>& values);
std::vector<int> rounded(const std::vector<Parameter>& parameters);

// The state file: a few "key value" lines, then one line per parameter and per result. Throws
// std::runtime_error on a file that is not one.
void writeState(std::ostream& out, const State& state);
State readState(std::istream& in);

}  // namespace damiera::spsa
