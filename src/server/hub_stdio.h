#pragma once
// `damiera hub`: the Hub dialect (engine/hub_session.h) on stdin and stdout, as `scan hub`.
#include <cstddef>
#include <istream>
#include <ostream>

#include "server/stdio_loop.h"

namespace damiera::server {

// Runs a HubSession until "quit" or the end of input (which counts as quit). Every reply is
// flushed as it is written. A line longer than maxLineBytes gets one
// `error message="line too long"` and is discarded. Returns the process exit code: 0, or 1 if
// the output could not be written.
int runHubStdioLoop(std::istream& in, std::ostream& out, std::size_t maxLineBytes = kMaxLineBytes);

}  // namespace damiera::server
