// Replays the Hub transcripts (tests/hub_transcripts/*.txt) against the WebAssembly engine
// under Node, started in the Hub dialect (`damiera-wasm hub`), with the Hub tests' runner
// (tests/kit/hub_transcript.h): what the native `damiera hub` answers, line for line.
//   wasm_hub_transcripts single|threaded DIST_DIR SOURCE_DIR [NAME.txt...]
// DIST_DIR is tools/build-wasm's dist/wasm/; without names, every transcript. Exit 77 (ctest's
// skip) when Node or the build is missing, saying which; 0 when every one matches, 1 otherwise.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "tests/kit/hub_transcript.h"
#include "tests/wasm/node_launcher.h"

namespace fs = std::filesystem;
namespace hub = damiera::testing::hub;
namespace wasm = damiera::testing::wasm;

int main(int argc, char** argv) {
  if (argc < 4 || (std::string(argv[1]) != "single" && std::string(argv[1]) != "threaded")) {
    std::cerr << "usage: wasm_hub_transcripts single|threaded DIST_DIR SOURCE_DIR [NAME.txt...]\n";
    return 2;
  }
  const std::string flavour = argv[1];
  const fs::path dist = argv[2];
  const fs::path folder = fs::path(argv[3]) / "tests/hub_transcripts";
  if (const std::string missing = wasm::missing(flavour, dist); !missing.empty()) {
    std::cout << "skipped: " << missing << '\n';
    return wasm::kSkipped;
  }
  std::vector<fs::path> files;
  for (int i = 4; i < argc; ++i) files.push_back(folder / argv[i]);
  if (files.empty()) {
    for (const auto& entry : fs::directory_iterator(folder))
      if (entry.path().extension() == ".txt") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  }

  const std::string launcher = wasm::writeLauncher(flavour, dist);
  const hub::EngineFactory engine = hub::processEngine(launcher, {"hub"});
  int passed = 0;
  int failed = 0;
  for (const fs::path& file : files) {
    const std::string difference =
        hub::replay(hub::parseTranscript(hub::readFile(file.string())), engine);
    if (difference.empty()) {
      ++passed;
      std::cout << "ok   " << file.filename().string() << '\n';
    } else {
      ++failed;
      std::cout << "FAIL " << file.filename().string() << ": " << difference << '\n';
    }
  }
  fs::remove(launcher);
  std::cout << flavour << " hub: " << passed << " passed, " << failed << " failed\n";
  return failed == 0 ? 0 : 1;
}
