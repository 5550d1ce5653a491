#pragma once
// The WebAssembly engine as a command the transcript runners can spawn: a script that runs the
// package's cli.js (dist/wasm/, tools/build-wasm) under node, for one flavour.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace damiera::testing::wasm {

inline constexpr int kSkipped = 77;  // ctest's SKIP_RETURN_CODE

inline std::string scriptOf(const std::string& flavour) {
  return flavour == "threaded" ? "damiera-threaded.js" : "damiera.js";
}

// Why the flavour cannot run here (empty: it can).
inline std::string missing(const std::string& flavour, const std::filesystem::path& dist) {
  if (std::system("node --version >/dev/null 2>&1") != 0)
    return "node is not installed (tools/setup installs it with emscripten)";
  if (!std::filesystem::exists(dist / scriptOf(flavour)))
    return "no " + (dist / scriptOf(flavour)).string() +
           " (tools/build-wasm builds it; it needs emscripten)";
  return {};
}

// Writes the launcher (in the temporary folder; the caller removes it) and returns its path.
inline std::string writeLauncher(const std::string& flavour, const std::filesystem::path& dist) {
  namespace fs = std::filesystem;
  const fs::path launcher =
      fs::temp_directory_path() / ("wasm-damiera-" + flavour + "-" + std::to_string(getpid()));
  std::ofstream out(launcher);
  // No --no-experimental-fetch: the factory reads its .wasm itself (src/wasm/pre.js), as the
  // package README says. "$@": the runner's arguments (hub) reach the engine.
  out << "#!/bin/sh\nexec node '" << (dist / "cli.js").string() << "'"
      << (flavour == "threaded" ? " --threaded" : "") << " \"$@\"\n";
  out.close();
  fs::permissions(launcher, fs::perms::owner_all);
  return launcher.string();
}

}  // namespace damiera::testing::wasm
