// Every test runs under ctest (issue 11: a test that passes vacuously is a defect).
// catch_discover_tests (CMakeLists.txt) hands each test case's name to its binary as a test
// spec, and two kinds of name never reach it whole: a ';' (CMake's list separator) splits the
// name into two specs that match nothing, and a name that begins with '-' is read as an option
// ("--help ..." printed the usage). Either way the test "passed" without running; nine did,
// until renamed. ctest also runs the binaries with --warn NoTests, so that a spec matching
// nothing fails; this test names the file and the test case before it comes to that.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/common/file_text.h"

namespace fs = std::filesystem;

TEST_CASE("Every test case name reaches ctest whole (no semicolon in it, no dash first)",
          "[tests]") {
  const fs::path tests = fs::path(DAMIERA_SOURCE_DIR) / "tests";
  static const std::regex kTestCase(R"re(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)")re");
  std::vector<std::string> broken;
  int names = 0;
  for (const auto& entry : fs::recursive_directory_iterator(tests)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".cpp") continue;
    const std::string source = damiera::test::fileText(entry.path());
    for (std::sregex_iterator it(source.begin(), source.end(), kTestCase), end; it != end; ++it) {
      const std::string name = (*it)[1];
      ++names;
      if (name.empty() || name.find(';') != std::string::npos || name.front() == '-')
        broken.push_back(fs::relative(entry.path(), tests).string() + ": " + name);
    }
  }
  CHECK(names > 300);  // the scan found the test cases (360 when this was written)
  CHECK(broken == std::vector<std::string>{});
}
