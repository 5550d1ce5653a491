#pragma once
// The one way text that came from a client is shown inside a message: every error of every
// layer (rules, protocol, Hub dialect) and every transport (stdin, TCP) quotes input through
// here, so a reply is always one short line of printable ASCII whatever bytes were sent.
//
// Printable ASCII (0x20..0x7e) is kept, except the backslash, written "\\"; every other byte
// becomes "\xNN" (two lowercase hex digits), so "\x00" in a reply is unambiguous. The shown
// text is cut to kMaxQuotedChars characters (an escape is never split), then "..." follows.
#include <cstddef>
#include <string>
#include <string_view>

namespace damiera {

inline constexpr std::size_t kMaxQuotedChars = 40;

// The input escaped and cut, without quotes: "22x13x6", "a\xffb", "xxxx...".
std::string showInput(std::string_view text);

// showInput between single quotes: "'22x13x6'".
std::string quoteInput(std::string_view text);

// Only the bytes that are not printable ASCII escaped ("\xNN"), nothing cut, backslashes kept:
// the last guard of a whole reply line (whose quoted parts are already escaped), so that a
// message built from unquoted parts still cannot carry a raw byte.
std::string printableText(std::string_view text);

constexpr bool isPrintableAscii(char c) { return c >= 0x20 && c < 0x7f; }

}  // namespace damiera
