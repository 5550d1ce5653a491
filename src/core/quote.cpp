#include "core/quote.h"

namespace damiera {

namespace {

// How one input byte is shown.
std::string escaped(char c) {
  if (c == '\\') return "\\\\";
  if (isPrintableAscii(c)) return std::string(1, c);
  constexpr char kHex[] = "0123456789abcdef";
  const auto byte = static_cast<unsigned char>(c);
  return std::string{'\\', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
}

}  // namespace

std::string showInput(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string shown = escaped(text[i]);
    if (out.size() + shown.size() > kMaxQuotedChars) return out + "...";
    out += shown;
  }
  return out;
}

std::string quoteInput(std::string_view text) { return "'" + showInput(text) + "'"; }

std::string printableText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) out += c == '\\' ? std::string(1, c) : escaped(c);
  return out;
}

}  // namespace damiera
