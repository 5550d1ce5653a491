#pragma once
// The line syntax of the Hub protocol (version 2, Scan's protocol.txt), both directions:
//
//   <command> <name>=<value> <name>="value with spaces" <flag> ...
//
// A name is a run of characters that are neither blank, nor control characters, nor '=' or '"'.
// A value is a name, or anything but '"' between double quotes (required when it contains a
// blank or '=', or is empty). An argument without "=value" is a flag. Blanks may surround '='.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parsed.h"

namespace damiera::protocol::hub {

struct Argument {
  std::string name;
  std::optional<std::string> value;  // absent for a flag
};

struct Line {
  std::string command;
  std::vector<Argument> arguments;  // in the order written

  // The last argument of that name (a later one overrides an earlier one), or null.
  const Argument* find(std::string_view name) const;
  bool has(std::string_view name) const { return find(name) != nullptr; }
};

// True for a line with nothing but blanks: such lines are ignored.
bool isBlankLine(std::string_view line);

// Splits one line. Fails, saying where, on an unterminated quote, a '=' with no value after it,
// or a '=' or '"' where a name should start.
Parsed<Line> parseLine(std::string_view line);

// The value as it must be written: bare when it is a non-empty name, otherwise between double
// quotes. A '"' inside cannot be written in Hub; it becomes '\''.
std::string formatValue(std::string_view value);

// " name=value", with the value formatted: append these to a command word to build a line.
std::string pair(std::string_view name, std::string_view value);

// "error message=\"...\"": the one line every rejected input gets. Bytes that are not
// printable ASCII are escaped (core/quote.h's printableText), so the reply is always one clean
// line.
std::string errorLine(std::string_view message);
// The same, a refused move's code and parameters added as fields of their own after the
// message: " refusal=must-capture side=white captures=19x10x14" (core/refusal.h).
std::string refusalErrorLine(std::string_view message, const std::optional<MoveRefusal>& refusal);

}  // namespace damiera::protocol::hub
