#include "tests/kit/transcript_entries.h"

#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "tests/common/file_text.h"
#include "tests/kit/transcript_input.h"

namespace damiera::testing {

namespace {

std::string repeated(int lineNumber, std::string_view line) {
  std::istringstream in{std::string(line.substr(std::string_view(">repeat ").size()))};
  long count = 0;
  if (!(in >> count) || count <= 0 || in.get() != ' ') malformedEntry(lineNumber, line);
  std::string unit;
  std::getline(in, unit);
  if (unit.empty()) malformedEntry(lineNumber, line);
  std::string text;
  text.reserve(unit.size() * static_cast<std::size_t>(count));
  for (long i = 0; i < count; ++i) text += unit;
  return text;
}

}  // namespace

void malformedEntry(int lineNumber, std::string_view line) {
  throw std::invalid_argument("transcript line " + std::to_string(lineNumber) +
                              ": not a transcript entry: " + std::string(line));
}

std::string checkedRegex(int lineNumber, std::string_view line, std::string_view regex) {
  if (regex.empty()) malformedEntry(lineNumber, line);
  try {
    std::regex{std::string(regex)};
  } catch (const std::regex_error& e) {
    throw std::invalid_argument("transcript line " + std::to_string(lineNumber) +
                                ": bad regex: " + std::string(regex) + " (" + e.what() + ")");
  }
  return std::string(regex);
}

std::vector<TranscriptEntry> parseTranscriptEntries(std::string_view text) {
  using Kind = TranscriptEntry::Kind;
  std::vector<TranscriptEntry> entries;
  int lineNumber = 0;
  for (const std::string& line : splitLines(text)) {
    ++lineNumber;
    const std::string_view entry = line;
    const auto add = [&](Kind kind, std::string value) {
      entries.push_back({kind, std::move(value), lineNumber});
    };
    if (entry.empty() || entry.front() == '#') continue;
    if (entry == ">") {
      add(Kind::Send, "");
    } else if (entry.starts_with("> ")) {
      add(Kind::Send, std::string(entry.substr(2)));
    } else if (entry.starts_with(">repeat ")) {
      add(Kind::Send, repeated(lineNumber, entry));
    } else if (entry.starts_with(">bytes ")) {
      const std::optional<std::string> bytes = decodeByteEscapes(entry.substr(7));
      if (!bytes) malformedEntry(lineNumber, entry);
      add(Kind::Send, *bytes);
    } else if (entry == "<") {
      add(Kind::Exact, "");
    } else if (entry.starts_with("<~ ")) {
      add(Kind::Regex, checkedRegex(lineNumber, entry, entry.substr(3)));
    } else if (entry.starts_with("<* ")) {
      add(Kind::AnyNumber, checkedRegex(lineNumber, entry, entry.substr(3)));
    } else if (entry.starts_with("< ")) {
      add(Kind::Exact, std::string(entry.substr(2)));
    } else if (entry.starts_with("%")) {
      add(Kind::Directive, line);
    } else {
      malformedEntry(lineNumber, entry);
    }
  }
  return entries;
}

std::vector<std::string> markdownBlocks(std::string_view markdown, std::string_view fence) {
  const std::string opening = "```" + std::string(fence);
  std::vector<std::string> blocks;
  std::string* current = nullptr;
  for (const std::string& line : splitLines(markdown)) {
    if (current == nullptr && line == opening) {
      current = &blocks.emplace_back();
    } else if (current != nullptr && line.starts_with("```")) {
      current = nullptr;
    } else if (current != nullptr) {
      *current += line + '\n';
    }
  }
  return blocks;
}

std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string readFile(const std::string& path) {
  if (!std::ifstream(path)) throw std::runtime_error("cannot read " + path);
  return damiera::test::fileText(path);
}

}  // namespace damiera::testing
