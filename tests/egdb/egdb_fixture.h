#pragma once
// The 2..4 piece database every egdb test reads, built once into the build folder (the build is
// resumable and safe to run from several test processes at once, so each test just asks).
#include <string>

#include "egdb_build/build_driver.h"

namespace damiera::egdb::test {

inline const std::string& smallDatabase() {
  static const std::string dir = [] {
    const std::string d = std::string(DAMIERA_BUILD_DIR) + "/egdb-test-4";
    buildAll(d, 4, 2, {});
    return d;
  }();
  return dir;
}

}  // namespace damiera::egdb::test
