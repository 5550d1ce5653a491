#pragma once
// The grammar of the native protocol: one line in, one Command or a precise error out.
#include <string_view>

#include "core/parsed.h"
#include "protocol/command.h"

namespace damiera::protocol {

// Parses one line (without its newline). The error message, when there is one, is what follows
// "error " in the reply, e.g. "unknown command 'foo'". A blank line is an error here ("empty
// line"); callers skip blank lines first (isBlankLine), as the protocol ignores them.
Parsed<Command> parseCommand(std::string_view line);

}  // namespace damiera::protocol
