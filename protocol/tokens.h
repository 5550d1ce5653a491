#pragma once
// Splitting a protocol line into words. Words are separated by spaces; tabs and carriage
// returns count as spaces too, so lines typed on other systems or with CRLF endings still parse.
#include <string_view>
#include <vector>

namespace damiera::protocol {

constexpr bool isSeparator(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The words of a line, as views into it (so a caller can recover the raw text between words).
std::vector<std::string_view> splitWords(std::string_view line);

// True for a line with no words: such lines are ignored.
bool isBlankLine(std::string_view line);

// The raw text from the start of `first` to the end of `last`, both views into the same line,
// first not after last. Keeps the separators between them as they were typed.
std::string_view spanOf(std::string_view first, std::string_view last);

}  // namespace damiera::protocol
