// Replays the native engine's transcripts (tests/transcripts/*.txt) against the WebAssembly
// engine under Node, with the native transcript test's runner (tests/kit/transcript.h): the
// same replies, line for line.
//   wasm_transcripts single|threaded DIST_DIR SOURCE_DIR
// DIST_DIR is tools/build-wasm's dist/wasm/. Exit 77 (ctest's skip) when Node or the build is
// missing, saying which; 0 when every transcript matches, 1 otherwise.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tests/kit/transcript.h"
#include "tests/wasm/node_launcher.h"

namespace fs = std::filesystem;
using namespace damiera::testing;
using damiera::testing::wasm::kSkipped;

int main(int argc, char** argv) {
  if (argc != 4 || (std::string(argv[1]) != "single" && std::string(argv[1]) != "threaded")) {
    std::cerr << "usage: wasm_transcripts single|threaded DIST_DIR SOURCE_DIR\n";
    return 2;
  }
  const std::string flavour = argv[1];
  const fs::path dist = argv[2];
  const fs::path source = argv[3];
  if (const std::string missing = wasm::missing(flavour, dist); !missing.empty()) {
    std::cout << "skipped: " << missing << '\n';
    return kSkipped;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(source / "tests/transcripts"))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());

  const std::string launcher = wasm::writeLauncher(flavour, dist);
  int passed = 0;
  int failed = 0;
  for (const fs::path& file : files) {
    const Transcript transcript = parseTranscript(readFile(file.string()));
    const std::string difference = compare(transcript, replay(launcher, transcript));
    if (difference.empty()) {
      ++passed;
      std::cout << "ok   " << file.filename().string() << '\n';
    } else {
      ++failed;
      std::cout << "FAIL " << file.filename().string() << ": " << difference << '\n';
    }
  }
  fs::remove(launcher);
  std::cout << flavour << ": " << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}
