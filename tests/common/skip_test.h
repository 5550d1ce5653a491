#pragma once
// A visible skip for Catch2 v2, which has none of its own: the test case prints the marker and
// its reason, and returns. ctest turns the marker into "Skipped" (SKIP_REGULAR_EXPRESSION, set
// on every discovered test in CMakeLists.txt) and tools/report-skipped-tests prints the reason;
// a test that returned early without it would pass having checked nothing.
#include <iostream>
#include <string>

namespace damiera::test_kit {

inline constexpr const char* kSkipMarker = "[test skipped]";

inline void reportSkipped(const std::string& reason) {
  std::cout << kSkipMarker << " " << reason << std::endl;
}

}  // namespace damiera::test_kit
