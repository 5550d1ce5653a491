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

// Where the settings outlive the session (checkerboard/settings_file.h): the user's own application
// data folder, always writable, where the engines folder may be under Program Files.
std::optional<std::filesystem::path> settingsFile() {
  const wchar_t* appData = _wgetenv(L"APPDATA");
  if (appData == nullptr || *appData == L'\0') return std::nullopt;
  return std::filesystem::path(appData) / L"Damiera" / L"damiera-cb-settings.txt";
}

// The opening book shipped beside the DLL (damiera.book in the engines folder), if it is there.
std::string bookBesideDll() {
  HMODULE self = nullptr;
  if (!GetModuleHandleExW(
          GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
          reinterpret_cast<LPCWSTR>(&bookBesideDll), &self))
    return {};
  wchar_t name[MAX_PATH];
  const DWORD length = GetModuleFileNameW(self, name, MAX_PATH);
  if (length == 0 || length >= MAX_PATH) return {};
  std::error_code error;
  const std::filesystem::path book = std::filesystem::path(name).parent_path() / L"damiera.book";
  return std::filesystem::exists(book, error) ? book.string() : std::string();
}

// One engine per loaded DLL, made on first use. It keeps no thread between calls, so its
// destruction when the DLL is unloaded only frees memory.
damiera::cb::FrontEnd& engine() {
  static damiera::cb::FrontEnd instance(settingsFile(), bookBesideDll());
  return instance;
}

}  // namespace

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
