#include "protocol/tokens.h"

namespace damiera::protocol {

std::vector<std::string_view> splitWords(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && isSeparator(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !isSeparator(line[i])) ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

bool isBlankLine(std::string_view line) {
  for (char c : line)
    if (!isSeparator(c)) return false;
  return true;
}

std::string_view spanOf(std::string_view first, std::string_view last) {
  const char* begin = first.data();
  const char* end = last.data() + last.size();
  return {begin, static_cast<std::size_t>(end - begin)};
}

}  // namespace damiera::protocol
