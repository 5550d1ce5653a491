#pragma once
// The CheckerBoard engine's settings from one session to the next. CheckerBoard keeps no engine
// setting itself: it asks the engine ("get dbpath", "get hashsize", ...) to fill its dialogs and
// sends "set ..." when the user changes one. An engine that forgets them when it is unloaded
// makes the user choose the database folder again every time CheckerBoard starts.
//
// The file holds the "set" commands that rebuild the settings, one per line. The engine reads it
// back through enginecommand's own checks, so a line that is no longer right (a folder since
// removed, a hash size this machine cannot hold) is refused as a typed one would be, and the
// setting keeps its default.
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

// The commands that rebuild `settings`, in an order that opens the database folder last, with
// its cache size and piece limit already set.
std::vector<std::string> settingsCommands(const EngineSettings& settings);

// The lines of `file` (a carriage return before a newline dropped); none when it is missing,
// cannot be read or is larger than kMaxSettingsFileBytes.
std::vector<std::string> readSettingsFile(const std::filesystem::path& file);

// Writes `lines` into a new file beside `file` and renames it over `file` (making the folder if
// needed): whatever happens, `file` is the old one or the new one, never half of one. Returns
// why it could not, or nothing.
std::optional<std::string> writeSettingsFile(const std::filesystem::path& file,
                                             const std::vector<std::string>& lines);

}  // namespace damiera::cb
