#pragma once
// This test process's resident memory, for the tests that check what a table costs before and
// after it is used.
#include <fstream>
#include <string>

namespace damiera::test_memory {

// VmRSS of /proc/self/status in MB, or -1 when it cannot be read.
inline long residentMb() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    long kb = 0;
    if (key == "VmRSS:" && status >> kb) return kb / 1024;
    status.ignore(1 << 16, '\n');
  }
  return -1;
}

}  // namespace damiera::test_memory
