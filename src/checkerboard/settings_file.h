#pragma once
// The CheckerBoard engine's settings from one session to the next. CheckerBoard keeps no engine
// setting itself: it asks the engine ("get dbpath", "get hashsize", ...) to fill its dialogs and
// sends "set ..." when the user changes one. An engine that forgets them when it is unloaded
// makes the user choose the database folder again every time CheckerBoard starts.
//
// The file holds the "set" commands that rebuild the settings, one per line. The engine reads it
// back through enginecommand's own checks, so a line that is not right here and now (a folder on
// a drive not plugged in, a hash size the 32-bit engine cannot hold) is refused as a typed one
// would be, and the setting keeps its default for the session; the line itself is written back
// unchanged until the user sets that setting, so it is tried again at the next start.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace damiera::cb {

struct EngineSettings;

// A settings file larger than this is not one of ours: it is ignored.
inline constexpr std::uintmax_t kMaxSettingsFileBytes = 64 * 1024;

// The settings CheckerBoard's users change (never "gamehist", a per-move message).
bool isRememberedSetting(const std::string& key);

// The setting a "set <key> ..." line sets ("" for any other line).
std::string settingOfLine(const std::string& line);

// The commands that rebuild `settings` (every option of the table with a CheckerBoard name, and
// CheckerBoard's own settings), in an order that opens the database folder last, with its cache
// size and piece limit already set.
std::vector<std::string> settingsCommands(const EngineSettings& settings);

// The lines of `file` (a carriage return before a newline dropped); none when it is missing,
// cannot be read or is larger than kMaxSettingsFileBytes.
std::vector<std::string> readSettingsFile(const std::filesystem::path& file);

// Writes `lines` into a new file of its own beside `file` and renames it over `file` (making the
// folder if needed): a process that stops half way, or another engine writing at the same time,
// leaves `file` the old one or a new one, never half of one (nothing is forced to disk, so a
// power cut may still lose the last change). Returns why it could not, or nothing.
std::optional<std::string> writeSettingsFile(const std::filesystem::path& file,
                                             const std::vector<std::string>& lines);

}  // namespace damiera::cb
