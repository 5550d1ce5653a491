#pragma once
// Input lines that a text file cannot hold as they are, for both transcript formats (native and
// Hub): ">bytes TEXT" sends TEXT with "\xNN" (two hex digits) decoded to that byte, "\\" to
// one backslash and "\*N:c" to N copies of the character c, so a transcript can send NUL, 0xff,
// a lone control character or a 5,000-character word inside an otherwise normal line.
#include <optional>
#include <string>
#include <string_view>

namespace damiera::testing {

inline std::optional<int> hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return std::nullopt;
}

// The decoded text, or nothing when an escape is malformed (a lone '\', "\x" without two hex
// digits): the caller reports the transcript line.
inline std::optional<std::string> decodeByteEscapes(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '\\') {
      out += '\\';
      ++i;
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '*') {
      std::size_t at = i + 2;
      std::size_t count = 0;
      while (at < text.size() && text[at] >= '0' && text[at] <= '9' && count < 10'000'000)
        count = count * 10 + static_cast<std::size_t>(text[at++] - '0');
      if (count == 0 || at + 1 >= text.size() || text[at] != ':') return std::nullopt;
      out.append(count, text[at + 1]);
      i = at + 1;
      continue;
    }
    if (i + 3 >= text.size() || text[i + 1] != 'x') return std::nullopt;
    const auto high = hexDigit(text[i + 2]), low = hexDigit(text[i + 3]);
    if (!high || !low) return std::nullopt;
    out += static_cast<char>(*high * 16 + *low);
    i += 3;
  }
  return out;
}

}  // namespace damiera::testing
