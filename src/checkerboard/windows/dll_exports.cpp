// The three functions CheckerBoard looks up by name in an engine DLL (API version 2, stdcall).
// They only forward to the engine; no exception may cross into CheckerBoard.
#include <windows.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>

#include "checkerboard/cb_api.h"
#include "checkerboard/front_end.h"
#include "checkerboard/status_text.h"

using damiera::cb::Board8x8;
using damiera::cb::CBmove;

namespace {

// The user's own application data folder, always writable, where the engines folder may be
// under Program Files: %APPDATA%\Damiera.
std::optional<std::filesystem::path> dataFolder() {
  const wchar_t* appData = _wgetenv(L"APPDATA");
  if (appData == nullptr || *appData == L'\0') return std::nullopt;
  return std::filesystem::path(appData) / L"Damiera";
}

// Where the settings outlive the session (checkerboard/settings_file.h).
std::optional<std::filesystem::path> settingsFile() {
  const auto folder = dataFolder();
  if (!folder) return std::nullopt;
  return *folder / L"damiera-cb-settings.txt";
}

// The endgame database the engine builds itself (set dbbuild, and on first use when no folder
// is set): %APPDATA%\Damiera\egdb. Its build thread ends in ExitThread, never returning into
// the DLL, so that the DLL can be unloaded without joining it (checkerboard/database_build.h).
damiera::cb::OwnDatabase ownDatabase() {
  damiera::cb::OwnDatabase own;
  if (const auto folder = dataFolder()) own.folder = *folder / L"egdb";
  own.buildOnFirstUse = true;
  own.endThread = [] { ExitThread(0); };
  return own;
}

// The folder the DLL is in (the engines folder), or nothing.
std::optional<std::filesystem::path> dllFolder() {
  HMODULE self = nullptr;
  if (!GetModuleHandleExW(
          GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
          reinterpret_cast<LPCWSTR>(&dllFolder), &self))
    return std::nullopt;
  wchar_t name[MAX_PATH];
  const DWORD length = GetModuleFileNameW(self, name, MAX_PATH);
  if (length == 0 || length >= MAX_PATH) return std::nullopt;
  return std::filesystem::path(name).parent_path();
}

// The opening book shipped beside the DLL (damiera.book in the engines folder), if it is there.
std::string bookBesideDll() {
  const auto folder = dllFolder();
  if (!folder) return {};
  std::error_code error;
  const std::filesystem::path book = *folder / L"damiera.book";
  return std::filesystem::exists(book, error) ? book.string() : std::string();
}

// An endgame database folder beside the DLL (egdb\ in the engines folder), if it is there: the
// database in use until the user sets one, and no build of its own.
std::string databaseBesideDll() {
  const auto folder = dllFolder();
  if (!folder) return {};
  std::error_code error;
  const std::filesystem::path egdb = *folder / L"egdb";
  return std::filesystem::is_directory(egdb, error) ? egdb.string() : std::string();
}

// One engine per loaded DLL, made on first use, deleted when the DLL is unloaded (DllMain).
damiera::cb::FrontEnd* instance = nullptr;

damiera::cb::FrontEnd& engine() {
  static damiera::cb::FrontEnd* const made = instance = [] {
    damiera::cb::OwnDatabase own = ownDatabase();
    own.besideDll = databaseBesideDll();
    return new damiera::cb::FrontEnd(settingsFile(), bookBesideDll(), std::move(own));
  }();
  return *made;
}

}  // namespace

// Unloaded by FreeLibrary (`reserved` null), the engine is deleted: its database build stops
// at its next unit of work, keeping the slices it finished, and its thread leaves the build and
// calls ExitThread, which completes once this unload has released the loader lock (the thread
// cannot be joined under it); the next load resumes the build. When the process ends
// (`reserved` set) its threads are gone already and nothing is done: a build killed there
// leaves whole slices only too.
BOOL WINAPI DllMain(HINSTANCE, DWORD reason, LPVOID reserved) {
  if (reason == DLL_PROCESS_DETACH && reserved == nullptr) {
    delete instance;
    instance = nullptr;
  }
  return TRUE;
}

// The names are exported undecorated (extern "C"; --kill-at removes the 32-bit "@36").
extern "C" {

__declspec(dllexport) int WINAPI getmove(Board8x8 board, int color, double maxtime, char str[1024],
                                         int* playnow, int info, int moreinfo, CBmove* move) {
  try {
    return engine().getMove(*reinterpret_cast<Board8x8*>(board), color, maxtime, str, playnow, info,
                            moreinfo, move);
  } catch (const std::exception& e) {
    damiera::cb::writeText(str, std::string("error: ") + e.what());
    return damiera::cb::kUnknown;
  }
}

__declspec(dllexport) int WINAPI
    islegal(Board8x8 board, int color, int from, int to, CBmove* move) {
  try {
    return engine().isLegal(*reinterpret_cast<Board8x8*>(board), color, from, to, move);
  } catch (const std::exception&) {
    return 0;
  }
}

__declspec(dllexport) int WINAPI enginecommand(const char* command, char reply[1024]) {
  try {
    // command() catches on its own; the first call also makes the engine, which reads the
    // remembered settings (and may run out of memory doing so).
    return engine().command(command, reply);
  } catch (const std::exception& e) {
    if (reply != nullptr) damiera::cb::writeText(reply, std::string("error: ") + e.what());
    return 0;
  }
}

}  // extern "C"
