// Replays the native engine's transcripts (tests/transcripts/*.txt) against the WebAssembly
// engine under Node, with the native transcript test's runner (tests/engine/transcript.h): the
// same replies, line for line.
//   wasm_transcripts single|threaded DIST_DIR SOURCE_DIR
// DIST_DIR is tools/build-wasm's dist/wasm/. Exit 77 (ctest's skip) when Node or the build is
// missing, saying which; 0 when every transcript matches, 1 otherwise.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tests/engine/transcript.h"

namespace fs = std::filesystem;
using namespace damiera::testing;

namespace {

constexpr int kSkipped = 77;

// A command the runner can spawn with no arguments: the flavour's cli.js under node.
std::string writeLauncher(const std::string& flavour, const fs::path& dist) {
  const fs::path launcher =
      fs::temp_directory_path() / ("wasm-damiera-" + flavour + "-" + std::to_string(getpid()));
  std::ofstream out(launcher);
  // --no-experimental-fetch: this Emscripten (3.1.6) predates Node's built-in fetch.
  out << "#!/bin/sh\nexec node --no-experimental-fetch '" << (dist / "cli.js").string() << "'"
      << (flavour == "threaded" ? " --threaded" : "") << "\n";
  out.close();
  fs::permissions(launcher, fs::perms::owner_all);
  return launcher.string();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4 || (std::string(argv[1]) != "single" && std::string(argv[1]) != "threaded")) {
    std::cerr << "usage: wasm_transcripts single|threaded DIST_DIR SOURCE_DIR\n";
    return 2;
  }
  const std::string flavour = argv[1];
  const fs::path dist = argv[2];
  const fs::path source = argv[3];
  if (std::system("node --version >/dev/null 2>&1") != 0) {
    std::cout << "skipped: node is not installed (tools/setup installs it with emscripten)\n";
    return kSkipped;
  }
  const std::string script = flavour == "threaded" ? "damiera-threaded.js" : "damiera.js";
  if (!fs::exists(dist / script)) {
    std::cout << "skipped: no " << (dist / script).string()
              << " (tools/build-wasm builds it; it needs emscripten)\n";
    return kSkipped;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(source / "tests/transcripts"))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());

  const std::string launcher = writeLauncher(flavour, dist);
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
