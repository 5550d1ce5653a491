#pragma once
// The Catch2 side of tests/common/require-group: a test case tagged with a toolchain group
// ([haproxy], DAMIERA_CATCH_TOOLCHAIN_GROUPS in CMakeLists.txt) asks whether tools/test could
// install that group; where it could not, the case skips with the group's reason.
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace damiera::test_kit {

// The reason GROUP could not be installed, from the file DAMIERA_TOOLCHAIN_STATUS names
// ("GROUP<TAB>ok" or "GROUP<TAB>skipped<TAB>REASON" a line); nothing when it was installed or
// when there is no such file (ctest run by hand: the test then checks for itself).
inline std::optional<std::string> toolchainGroupMissing(const std::string& group) {
  const char* path = std::getenv("DAMIERA_TOOLCHAIN_STATUS");
  if (path == nullptr) return std::nullopt;
  std::ifstream status(path);
  for (std::string line; std::getline(status, line);) {
    std::istringstream fields(line);
    std::string name, state, reason;
    std::getline(fields, name, '\t');
    std::getline(fields, state, '\t');
    std::getline(fields, reason);
    if (name == group && state != "ok")
      return "toolchain group " + group + " could not be installed: " + reason;
  }
  return std::nullopt;
}

}  // namespace damiera::test_kit
