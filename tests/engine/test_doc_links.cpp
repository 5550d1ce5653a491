// The documentation stands on its own (issue 10): every relative link of every Markdown file
// of the repository points at a file that exists, and at a heading that exists when it names
// one (#anchor, as GitHub makes them); every Markdown file named in the text ("see RULES.md")
// exists too. Links to web pages are not checked. The code's comments cite the same pages: every
// Markdown file a source file names exists (the rules are docs/rules.md, the design notes
// docs/design.md; RULES.md and DESIGN.md are not in the repository).
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

const fs::path kSourceDir = DAMIERA_SOURCE_DIR;

// The repository's Markdown files, build folders and git's own left out.
std::vector<fs::path> markdownFiles() {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(kSourceDir);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name.rfind("build", 0) == 0 || name.front() == '.')) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".md") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The text without its fenced code blocks (examples, not links).
std::string withoutCodeBlocks(const std::string& text) {
  std::string out;
  bool inBlock = false;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock) out += line + '\n';
  }
  return out;
}

// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'; a repeated
// heading gets "-1", "-2"...
std::set<std::string> anchorsOf(const std::string& markdown) {
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  std::istringstream in(withoutCodeBlocks(markdown));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.front() != '#') continue;
    const std::size_t text = line.find_first_not_of('#');
    if (text == std::string::npos || line[text] != ' ') continue;
    std::string anchor;
    for (char c : line.substr(text + 1)) {
      const auto u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || c == '-' || c == '_')
        anchor += static_cast<char>(std::tolower(u));
      else if (c == ' ')
        anchor += '-';
    }
    const int repeat = seen[anchor]++;
    anchors.insert(repeat == 0 ? anchor : anchor + "-" + std::to_string(repeat));
  }
  return anchors;
}

bool isExternal(const std::string& target) {
  return target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 ||
         target.rfind("mailto:", 0) == 0;
}

// Why a link from `file` is dead, or empty when it is fine.
std::string deadLink(const fs::path& file, const std::string& target) {
  if (isExternal(target)) return {};
  const std::size_t hash = target.find('#');
  const std::string pathPart = target.substr(0, hash);
  const fs::path resolved = pathPart.empty() ? file : file.parent_path() / pathPart;
  if (!fs::exists(resolved)) return "no such file";
  if (hash == std::string::npos || resolved.extension() != ".md") return {};
  const std::string anchor = target.substr(hash + 1);
  if (anchorsOf(damiera::test::fileText(resolved)).count(anchor) == 0)
    return "no heading #" + anchor;
  return {};
}

// Every [text](target) of a Markdown text, code blocks and `code spans` left out.
std::vector<std::string> linksOf(const std::string& markdown) {
  std::vector<std::string> links;
  const std::string text =
      std::regex_replace(withoutCodeBlocks(markdown), std::regex("`[^`]*`"), "");
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), link); it != std::sregex_iterator();
       ++it)
    links.push_back((*it)[1]);
  return links;
}

// Markdown file names mentioned in the text (README.md, docs/rules.md), outside links and code.
std::vector<std::string> mentionsOf(const std::string& markdown) {
  std::vector<std::string> names;
  std::string text =
      std::regex_replace(withoutCodeBlocks(markdown), std::regex(R"(\]\([^)]*\))"), "]");
  text = std::regex_replace(text, std::regex("https?://\\S+"), "");
  static const std::regex name(R"((^|[^\w/.-])([\w/.-]*\w\.md)\b)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator();
       ++it)
    names.push_back((*it)[2]);
  return names;
}

}  // namespace

TEST_CASE("Every relative link of every Markdown file leads somewhere", "[docs][links]") {
  const std::vector<fs::path> files = markdownFiles();
  REQUIRE(files.size() >= 4);  // README.md, PROTOCOL.md, docs/...
  int checked = 0;
  for (const fs::path& file : files) {
    const std::string text = damiera::test::fileText(file);
    for (const std::string& target : linksOf(text)) {
      ++checked;
      INFO(fs::relative(file, kSourceDir).string() << ": link (" << target << ")");
      CHECK(deadLink(file, target) == "");
    }
    // A file named in the text must exist, next to the page or from the top of the repository.
    for (const std::string& mention : mentionsOf(text)) {
      INFO(fs::relative(file, kSourceDir).string() << ": mentions " << mention);
      CHECK((fs::exists(file.parent_path() / mention) || fs::exists(kSourceDir / mention)));
    }
  }
  CHECK(checked > 20);
}

TEST_CASE("Every Markdown file a source file names exists", "[docs][links]") {
  int files = 0, mentions = 0;
  for (const char* folder : {"src", "protocol", "tests", "tools"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSourceDir / folder)) {
      if (!entry.is_regular_file() || entry.path().extension() == ".md") continue;
      // This file names missing pages on purpose, to show that the check finds them.
      if (entry.path().filename() == "test_doc_links.cpp") continue;
      const std::string text = damiera::test::fileText(entry.path());
      if (text.find('\0') != std::string::npos) continue;  // not text
      ++files;
      for (std::string mention : mentionsOf(text)) {
        ++mentions;
        INFO(fs::relative(entry.path(), kSourceDir).string() << " names " << mention);
        if (mention.front() == '/') mention.erase(0, 1);  // DAMIERA_SOURCE_DIR "/README.md"
        // Next to the file, from the top, or one of docs/ named by its file name alone.
        CHECK((fs::exists(entry.path().parent_path() / mention) ||
               fs::exists(kSourceDir / mention) || fs::exists(kSourceDir / "docs" / mention)));
      }
    }
  }
  for (const std::string& mention :
       mentionsOf(damiera::test::fileText(kSourceDir / "CMakeLists.txt"))) {
    ++mentions;
    INFO("CMakeLists.txt names " << mention);
    CHECK(fs::exists(kSourceDir / mention));
  }
  CHECK(files > 100);
  CHECK(mentions > 50);
}

TEST_CASE("The link check finds dead links", "[docs][links]") {
  const fs::path readme = kSourceDir / "README.md";
  CHECK(deadLink(readme, "PROTOCOL.md") == "");
  CHECK(deadLink(readme, "PROTOCOL.md#the-hub-dialect") == "");
  CHECK(deadLink(readme, "RULES.md") == "no such file");
  CHECK(deadLink(readme, "PROTOCOL.md#no-such-heading") == "no heading #no-such-heading");
  CHECK(deadLink(readme, "https://example.org/none") == "");
  CHECK(linksOf("see [a](b.md#c) and `[x](y)`\n```\n[p](q)\n```\n") ==
        std::vector<std::string>{"b.md#c"});
  CHECK(mentionsOf("as RULES.md says, and docs/rules.md, not [x](y.md)\n") ==
        std::vector<std::string>{"RULES.md", "docs/rules.md"});
  CHECK(anchorsOf("# A `b` <c>, d\n## x\n## x\n") == std::set<std::string>{"a-b-c-d", "x", "x-1"});
}
