// SPSA's arithmetic (train/spsa.h): deterministic flips, steps along the result, the gains'
// schedule, ranges kept, and the state file.
#include <catch2/catch.hpp>
#include <sstream>
#include <stdexcept>

#include "train/spsa.h"

using namespace damiera::spsa;

namespace {

State twoParameters(int iterations) {
  State state;
  state.settings.iterations = iterations;
  state.settings.seed = 7;
  state.parameters = {{"a", 20, 5, 100, 4}, {"b", 90, 20, 300, 10}};
  return state;
}

}  // namespace

TEST_CASE("SPSA: the flips depend on the seed and the iteration only", "[spsa]") {
  const State state = twoParameters(100);
  State moved = state;
  moved.parameters[0].value = 50;  // the values do not change the flips
  for (int k = 1; k <= 20; ++k) CHECK(perturb(state, k).flips == perturb(moved, k).flips);
  // Both signs occur, and the two engines are mirror images around the estimate.
  int plusFlips = 0;
  for (int k = 1; k <= 40; ++k) {
    const Perturbation p = perturb(state, k);
    plusFlips += p.flips[0] > 0;
    for (std::size_t i = 0; i < p.flips.size(); ++i)
      CHECK(p.plus[i] - state.parameters[i].value == -(p.minus[i] - state.parameters[i].value));
  }
  CHECK(plusFlips > 5);
  CHECK(plusFlips < 35);
}

TEST_CASE("SPSA: c_k shrinks to c_end and the step to r_end's at the last iteration", "[spsa]") {
  const State state = twoParameters(1000);
  CHECK(perturb(state, 1).ck > perturb(state, 500).ck);
  CHECK(perturb(state, 1000).ck == Approx(1.0));
  CHECK(perturb(state, 1000).ak == Approx(1.0));
  CHECK(perturb(state, 1).ak > perturb(state, 1000).ak);
}

TEST_CASE("SPSA: a win for the plus engine moves each estimate toward its value", "[spsa]") {
  State state = twoParameters(10);
  const Perturbation p = perturb(state, 1);
  step(state, p, 2.0);
  for (std::size_t i = 0; i < state.parameters.size(); ++i) {
    const double start = i == 0 ? 20 : 90;
    INFO(state.parameters[i].name);
    CHECK((state.parameters[i].value - start) * p.flips[i] > 0);
  }
  State lost = twoParameters(10);
  step(lost, p, -2.0);
  for (std::size_t i = 0; i < lost.parameters.size(); ++i)
    CHECK((lost.parameters[i].value - (i == 0 ? 20 : 90)) * p.flips[i] < 0);
  State drawn = twoParameters(10);
  step(drawn, p, 0.0);
  CHECK(drawn.parameters[0].value == 20);
  CHECK(drawn.done == 1);
}

TEST_CASE("SPSA: estimates and engines stay within the ranges", "[spsa]") {
  State state = twoParameters(10);
  state.parameters[0].value = 5;  // at its minimum
  state.settings.rEnd = 10;       // huge steps
  for (int k = 1; k <= 10; ++k) {
    const Perturbation p = perturb(state, k);
    CHECK(p.minus[0] >= 5);
    CHECK(p.plus[0] >= 5);
    step(state, p, k % 2 ? 2.0 : -2.0);
    CHECK(state.parameters[0].value >= 5);
    CHECK(state.parameters[0].value <= 100);
  }
}

TEST_CASE("SPSA: the state file round-trips, and a damaged one is refused", "[spsa]") {
  State state = twoParameters(10);
  step(state, perturb(state, 1), 1.0);
  std::stringstream file;
  writeState(file, state);
  const State read = readState(file);
  CHECK(read.done == 1);
  CHECK(read.results == state.results);
  CHECK(read.parameters[1].value == state.parameters[1].value);
  CHECK(read.settings.seed == 7);
  CHECK(tunablesText(read.parameters, rounded(read.parameters)) ==
        tunablesText(state.parameters, rounded(state.parameters)));

  std::string text = file.str();
  std::istringstream foreign("something else\n");
  CHECK_THROWS_AS(readState(foreign), std::runtime_error);
  std::istringstream truncated(text.substr(0, text.find("result")));  // done 1, no result
  CHECK_THROWS_AS(readState(truncated), std::runtime_error);
  std::istringstream garbled(text + "parameter x\n");
  CHECK_THROWS_AS(readState(garbled), std::runtime_error);
}
