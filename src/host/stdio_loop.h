#pragma once
// The stdin/stdout transport: moves lines between the streams and one session of any dialect
// (the native protocol, `damiera hub`), nothing more.
#include <cstddef>
#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/line_session.h"

namespace damiera::host {

// Longer input lines get one error ("line too long") and are discarded.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;  // 1 MiB

// An error reply in the session's dialect ("error ..." or `error message="..."`).
using ErrorLineFormat = std::function<std::string(std::string_view message)>;

// Runs one session made by `makeSession` until "quit" or the end of input (which counts as
// quit). Every reply is flushed as it is written, so a GUI on the other end of a pipe sees it
// at once. Returns the process exit code: 0, or 1 if the output could not be written (nobody
// is listening any more).
int runStdioLoop(std::istream& in, std::ostream& out, const LineSessionFactory& makeSession,
                 const ErrorLineFormat& errorLine, std::size_t maxLineBytes = kMaxLineBytes);

}  // namespace damiera::host
