#pragma once
// The analysis server's log for its operator: one line on stderr per HTTP request and per
// connection event (a refused token, server full, a line too long, an idle timeout, a refused
// origin) and per search cut by the caps, so that the journal of a systemd service has them
// (docs/server.md, "What the log says"). Lines from any thread never interleave.
#include <string>
#include <string_view>

namespace damiera::host {

// Writes "damiera: <text>\n" on stderr in one piece. Thread-safe.
void logLine(std::string_view text);

// `text` with every byte that is not printable ASCII replaced by '?', cut to `limit` bytes
// ("..." then): client text (a request target) in a log line.
std::string printableForLog(std::string_view text, std::size_t limit = 200);

}  // namespace damiera::host
