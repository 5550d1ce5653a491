#include "train/spsa.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <istream>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace damiera::spsa {

namespace {

int clampedRound(double value, const Parameter& parameter) {
  return std::clamp(static_cast<int>(std::lround(value)), parameter.min, parameter.max);
}

constexpr const char* kStateHeader = "damiera-spsa 1";

}  // namespace

Perturbation perturb(const State& state, int k) {
  assert(k >= 1);
  const Settings& s = state.settings;
  const double n = s.iterations;
  const double stability = s.stabilityFraction * n;
  Perturbation p;
  p.ck = std::pow(n / k, s.gamma);
  p.ak = std::pow(stability + n, s.alpha) / std::pow(stability + k, s.alpha);
  std::mt19937_64 random(s.seed * 1000003u + static_cast<std::uint64_t>(k));
  for (const Parameter& parameter : state.parameters) {
    const int flip = (random() & 1) ? 1 : -1;
    const double c = parameter.cEnd * p.ck;
    p.flips.push_back(flip);
    p.plus.push_back(clampedRound(parameter.value + c * flip, parameter));
    p.minus.push_back(clampedRound(parameter.value - c * flip, parameter));
  }
  return p;
}

void step(State& state, const Perturbation& p, double result) {
  const Settings& s = state.settings;
  for (std::size_t i = 0; i < state.parameters.size(); ++i) {
    Parameter& parameter = state.parameters[i];
    const double c = parameter.cEnd * p.ck;
    const double a = s.rEnd * parameter.cEnd * parameter.cEnd * p.ak;
    // a_k / c_k^2 is fishtest's R; times c_k, times the result and the flip.
    parameter.value += a / c * result * p.flips[i];
    parameter.value = std::clamp(parameter.value, static_cast<double>(parameter.min),
                                 static_cast<double>(parameter.max));
  }
  state.results.push_back(result);
  ++state.done;
}

std::vector<int> rounded(const std::vector<Parameter>& parameters) {
  std::vector<int> values;
  for (const Parameter& parameter : parameters)
    values.push_back(clampedRound(parameter.value, parameter));
  return values;
}

std::string tunablesText(const std::vector<Parameter>& parameters, const std::vector<int>& values) {
  std::string text;
  for (std::size_t i = 0; i < parameters.size(); ++i)
    text += (i ? "," : "") + parameters[i].name + "=" + std::to_string(values[i]);
  return text;
}

void writeState(std::ostream& out, const State& state) {
  const Settings& s = state.settings;
  out.precision(17);
  out << kStateHeader << '\n'
      << "iterations " << s.iterations << '\n'
      << "seed " << s.seed << '\n'
      << "alpha " << s.alpha << '\n'
      << "gamma " << s.gamma << '\n'
      << "r-end " << s.rEnd << '\n'
      << "stability " << s.stabilityFraction << '\n'
      << "done " << state.done << '\n';
  for (const Parameter& p : state.parameters)
    out << "parameter " << p.name << ' ' << p.value << ' ' << p.min << ' ' << p.max << ' ' << p.cEnd
        << '\n';
  for (double result : state.results) out << "result " << result << '\n';
}

State readState(std::istream& in) {
  State state;
  std::string line;
  if (!std::getline(in, line) || line != kStateHeader)
    throw std::runtime_error("not a damiera-spsa state file");
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    Settings& s = state.settings;
    if (key == "iterations")
      words >> s.iterations;
    else if (key == "seed")
      words >> s.seed;
    else if (key == "alpha")
      words >> s.alpha;
    else if (key == "gamma")
      words >> s.gamma;
    else if (key == "r-end")
      words >> s.rEnd;
    else if (key == "stability")
      words >> s.stabilityFraction;
    else if (key == "done")
      words >> state.done;
    else if (key == "parameter") {
      Parameter p;
      words >> p.name >> p.value >> p.min >> p.max >> p.cEnd;
      state.parameters.push_back(p);
    } else if (key == "result") {
      double result = 0;
      words >> result;
      state.results.push_back(result);
    } else {
      throw std::runtime_error("unknown line '" + line + "'");
    }
    if (words.fail()) throw std::runtime_error("bad line '" + line + "'");
  }
  if (state.settings.iterations <= 0 || state.parameters.empty() ||
      state.done != static_cast<int>(state.results.size()) ||
      state.done > state.settings.iterations)
    throw std::runtime_error("an incomplete or inconsistent state");
  return state;
}

}  // namespace damiera::spsa
