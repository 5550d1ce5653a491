#pragma once
// `--log DIR`: one file per engine per game with everything said both ways, time-stamped.
//   12 > go movetime 50      (sent to the engine, 12 ms after the log was opened)
//   63 < bestmove 22-18      (from the engine's stdout or socket)
//   63 ! some warning        (from the engine's stderr)
//   70 # killed: no reply     (the runner's own notes)
#include <chrono>
#include <fstream>
#include <string>
#include <string_view>

namespace damiera::match {

// Written only by the thread playing the game, so it needs no lock.
class EngineLog {
 public:
  static constexpr char kSent = '>';
  static constexpr char kReceived = '<';
  static constexpr char kStderr = '!';
  static constexpr char kNote = '#';

  // Throws std::runtime_error when the file cannot be created.
  explicit EngineLog(const std::string& path);
  void write(char direction, std::string_view line);

 private:
  std::ofstream out_;
  std::chrono::steady_clock::time_point opened_ = std::chrono::steady_clock::now();
};

}  // namespace damiera::match
