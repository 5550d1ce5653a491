#include "host/server_log.h"

#include <cstdio>
#include <mutex>

namespace damiera::host {

void logLine(std::string_view text) {
  static std::mutex mutex;
  std::string line = "damiera: ";
  line += text;
  line += '\n';
  const std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

std::string printableForLog(std::string_view text, std::size_t limit) {
  std::string out;
  for (const char c : text.substr(0, limit)) out.push_back(c >= ' ' && c <= '~' ? c : '?');
  if (text.size() > limit) out += "...";
  return out;
}

}  // namespace damiera::host
