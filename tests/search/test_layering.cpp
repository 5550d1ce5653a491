// The search knows nothing above it: no file under src/search includes the engine, protocol or
// server layers, or names the server (its scheduling reaches the search through one hook,
// search/pacer.h, implemented in src/server).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("Nothing under src/search includes a layer above it or names the server",
          "[search][layering]") {
  const fs::path folder = fs::path(DAMIERA_SOURCE_DIR) / "src" / "search";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string lowered = text.str();
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    INFO(entry.path().filename().string());
    for (const char* word : {"server", "tcp", "#include \"engine/", "#include \"protocol/"})
      CHECK(lowered.find(word) == std::string::npos);
    ++files;
  }
  CHECK(files > 10);
}
