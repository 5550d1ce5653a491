// Folders are layers: each one includes only itself and the layers below it (docs/design.md,
// "Layers"). The build already refuses most such includes (each library sees only the include
// folders of what it links, CMakeLists.txt); this test names the offending file and line, and
// also covers what the build cannot: the search naming the server (its scheduling reaches the
// search through one hook, search/pacer.h, implemented in src/server).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/common/file_text.h"

namespace fs = std::filesystem;

namespace {

struct Layer {
  std::string folder;              // relative to the source root
  std::set<std::string> includes;  // the include prefixes ("core" for "core/...") it may use
};

// The layers bottom-up, each with what it may include (itself first).
const std::vector<Layer>& layers() {
  static const std::vector<Layer> kLayers = {
      {"src/core", {"core"}},
      {"src/egdb", {"egdb", "core"}},
      {"src/egdb_build", {"egdb_build", "egdb", "core"}},
      {"src/openings", {"openings", "core"}},
      {"src/train", {"train", "core"}},
      {"src/search", {"search", "egdb", "core"}},
      {"src/book", {"book", "search", "egdb", "core"}},
      {"src/analysis", {"analysis", "search", "egdb", "core"}},
      {"protocol", {"protocol", "core"}},
      {"src/engine", {"engine", "book", "search", "egdb", "protocol", "core"}},
      {"src/host", {"host", "engine", "book", "search", "egdb", "protocol", "core"}},
      {"src/server",
       {"server", "host", "engine", "analysis", "book", "search", "egdb", "protocol", "core"}},
      {"src/checkerboard",
       {"checkerboard", "engine", "book", "search", "egdb_build", "egdb", "protocol", "core"}},
  };
  return kLayers;
}

}  // namespace

TEST_CASE("Every layer includes only itself and the layers below it", "[layering]") {
  static const std::regex kInclude(R"re(#include\s+"([^"/]+)/)re");
  std::vector<std::string> upward;
  std::set<std::string> known;
  for (const Layer& layer : layers()) known.insert(layer.includes.begin(), layer.includes.end());
  int files = 0;
  for (const Layer& layer : layers()) {
    const fs::path folder = fs::path(DAMIERA_SOURCE_DIR) / layer.folder;
    REQUIRE(fs::is_directory(folder));
    for (const auto& entry : fs::recursive_directory_iterator(folder)) {
      if (!entry.is_regular_file()) continue;
      const std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp") continue;
      ++files;
      const std::string source = damiera::test::fileText(entry.path());
      for (std::sregex_iterator it(source.begin(), source.end(), kInclude), end; it != end; ++it) {
        const std::string prefix = (*it)[1];
        if (!layer.includes.count(prefix))
          upward.push_back(layer.folder + "/" + entry.path().filename().string() + " includes \"" +
                           prefix + "/...\"" +
                           (known.count(prefix) ? "" : " (no layer of that name)"));
      }
    }
  }
  CHECK(files > 120);  // the scan found the sources (146 when this was written)
  CHECK(upward == std::vector<std::string>{});
}

TEST_CASE("Nothing under src/search names the server", "[layering]") {
  const fs::path folder = fs::path(DAMIERA_SOURCE_DIR) / "src" / "search";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file()) continue;
    std::string lowered = damiera::test::fileText(entry.path());
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    INFO(entry.path().filename().string());
    for (const char* word : {"server", "tcp"}) CHECK(lowered.find(word) == std::string::npos);
    ++files;
  }
  CHECK(files > 10);
}
