#include "tools/match/engine_log.h"

#include <stdexcept>

namespace damiera::match {

EngineLog::EngineLog(const std::string& path) : out_(path) {
  if (!out_) throw std::runtime_error("cannot create log file '" + path + "'");
}

void EngineLog::write(char direction, std::string_view line) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - opened_)
                      .count();
  out_ << ms << ' ' << direction << ' ' << line << '\n';
  out_.flush();  // a log is read most when something went wrong, maybe a crash of ours
}

}  // namespace damiera::match
