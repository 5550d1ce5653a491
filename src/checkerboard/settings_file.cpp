#include "checkerboard/settings_file.h"

#include <atomic>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>
#include <system_error>

#include "checkerboard/front_end.h"

namespace damiera::cb {

bool isRememberedSetting(const std::string& key) {
  // The keys are the second words of what settingsCommands writes: one list, not two.
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> found;
    EngineSettings every;  // with the lines written only when a setting is off
    every.buildOnFirstUse = false;
    for (const std::string& command : settingsCommands(every))
      found.push_back(settingOfLine(command));
    return found;
  }();
  for (const std::string& name : keys)
    if (key == name) return true;
  return false;
}

std::string settingOfLine(const std::string& line) {
  // Words as enginecommand splits them (any blanks).
  std::istringstream words(line);
  std::string verb, key;
  words >> verb >> key;
  return verb == "set" ? key : "";
}

std::vector<std::string> settingsCommands(const EngineSettings& s) {
  std::vector<std::string> commands;
  std::vector<std::string> texts;  // last: opening a folder uses the cache size set before it
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty()) continue;
    const std::string key(option.checkerboardName);
    const std::string& value = s.text(key);
    if (option.type == OptionType::String)
      texts.push_back(value.empty() ? "set " + key : "set " + key + " " + value);  // empty: none
    else
      commands.push_back("set " + key + " " + value);
  }
  commands.push_back("set depth " + std::to_string(s.depth));
  commands.push_back(std::string("set allscores ") + (s.allScores ? "1" : "0"));
  commands.push_back(std::string("set enable_wld ") + (s.dbEnabled ? "1" : "0"));
  commands.push_back("set book " + std::to_string(s.bookLevel));
  // Only the 0: "set dbbuild N" at the next start would start a build.
  if (!s.buildOnFirstUse) commands.push_back("set dbbuild 0");
  commands.insert(commands.end(), texts.begin(), texts.end());
  return commands;
}

std::vector<std::string> readSettingsFile(const std::filesystem::path& file) {
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(file, error);
  if (error || size > kMaxSettingsFileBytes) return {};
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

std::optional<std::string> writeSettingsFile(const std::filesystem::path& file,
                                             const std::vector<std::string>& lines) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (file.has_parent_path()) {
    fs::create_directories(file.parent_path(), error);
    if (error) return "cannot make " + file.parent_path().string() + ": " + error.message();
  }
  // A name of its own: two engines (two CheckerBoards, the 32-bit and the 64-bit DLL) writing
  // at once never write into one file.
  static std::atomic<unsigned> written{0};
  fs::path partial = file;
  // random_device alone may repeat from run to run (older MinGW): the clock too.
  const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  partial += "." + std::to_string(std::random_device{}()) + "-" + std::to_string(now) + "-" +
             std::to_string(++written) + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    for (const std::string& line : lines) out << line << "\r\n";  // readable in Notepad too
    out.close();
    if (!out) {
      fs::remove(partial, error);
      return "cannot write " + partial.string();
    }
  }
  fs::rename(partial, file, error);  // replaces the old file in one step
  if (error) {
    const std::string reason = error.message();
    fs::remove(partial, error);
    return "cannot replace " + file.string() + ": " + reason;
  }
  return std::nullopt;
}

}  // namespace damiera::cb
