#include "host/tcp_auth.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "protocol/tokens.h"

namespace damiera::host {

namespace {

bool isPrintableWord(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c > ' ' && c < 127; });
}

constexpr std::string_view kAuthWord = "auth";

}  // namespace

std::string readTokenFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the token file '" + path + "'");
  std::string firstLine;
  std::getline(in, firstLine);
  // Words as in the protocol: blanks, tabs and a carriage return (CRLF files) separate them.
  const std::vector<std::string_view> words = protocol::splitWords(firstLine);
  if (words.empty()) throw std::runtime_error("the token file '" + path + "' holds no token");
  const std::string_view token = words.front();
  if (words.size() > 1 || !isPrintableWord(token))
    throw std::runtime_error("the token in '" + path +
                             "' must be one word of printable ASCII (no spaces)");
  return std::string(token);
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
  const std::size_t length = std::max(a.size(), b.size());
  // volatile: the compiler must not turn the loop into an early exit at the first difference.
  volatile unsigned difference = a.size() == b.size() ? 0U : 1U;
  for (std::size_t i = 0; i < length; ++i) {
    const auto x = static_cast<unsigned char>(i < a.size() ? a[i] : 0);
    const auto y = static_cast<unsigned char>(i < b.size() ? b[i] : 0);
    difference = difference | static_cast<unsigned>(x ^ y);
  }
  return difference == 0;
}

bool isValidAuthLine(std::string_view line, std::string_view token) {
  const std::vector<std::string_view> words = protocol::splitWords(line);
  return words.size() == 2 && words[0] == kAuthWord && constantTimeEquals(words[1], token);
}

}  // namespace damiera::host
