#pragma once
// Damiera as a CheckerBoard engine: the state behind the three DLL exports (getmove, islegal,
// enginecommand), in process: one more front-end over the typed engine core (engine/engine.h),
// like the native and Hub sessions, with no text protocol inside. Nothing here is
// Windows-specific, so it is tested natively as well.
//
// Threads: CheckerBoard calls getmove() on a fresh thread for every move and enginecommand()
// from its window thread, possibly while a search runs. Settings and the game history are
// behind one mutex held only briefly; the core engine is used only by getmove(), one call at a
// time, and runs its search on getmove()'s own thread. No search thread stays alive after
// getmove() returns (a DLL must not join threads while it is being unloaded): the Lazy SMP
// helpers are released at the end of every call. The one thread that does outlive a call, the
// endgame database's build (set dbbuild), pauses during every getmove() and ends in ExitThread
// in the DLL (checkerboard/database_build.h).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checkerboard/cb_api.h"
#include "checkerboard/database_build.h"
#include "core/game.h"
#include "egdb/database.h"
#include "engine/engine.h"
#include "engine/option_table.h"
#include "search/skill.h"
#include "search/tt.h"

namespace damiera::cb {

// What the user can set (enginecommand "set ..."); read once at the start of each search.
struct EngineSettings {
  // The core's options that CheckerBoard sets under its own names (the CheckerBoard column of
  // engine/option_table.h: hashsize, searchthreads, level, contempt, dbpath, dbmbytes,
  // max_dbpieces), by that name, as text ("64", a folder). Each starts at the table's default
  // (dbpath: no database, whatever the host's environment says); a check is "0" or "1".
  std::map<std::string, std::string, std::less<>> options;
  int depth = 0;  // a fixed search depth (our own "set depth"); 0: maxtime alone decides
  // "set allscores": the status bar lists every move with its score (the core's MultiPV for
  // all of them) instead of the principal variation: slower, for studying a position.
  bool allScores = false;
  // "set enable_wld": the "WLD database" box of CheckerBoard's More Options dialog. Off, the
  // search probes nothing (EGDBPieces 0), but the folder stays open and set, to be used again
  // once it is on.
  bool dbEnabled = true;
  // "set book N", CheckerBoard's book setting (its Engine menu cycles it): kBookNone plays
  // no book move (OwnBook off); kBookAll, kBookGood, kBookBest play from the book (BookFile,
  // "set bookfile") with the BookVariety of bookVariety(N).
  int bookLevel = 3;
  // "set dbbuild 0" turns it off, for this session and the next ones (the settings file):
  // the engine builds no database of its own on first use. "set dbbuild N" turns it on again.
  bool buildOnFirstUse = true;
  // The database "set dbpath" checked and opened: the search reopens nothing.
  std::shared_ptr<egdb::Database> database;

  EngineSettings();
  // The value of the table option whose CheckerBoard name is `name`.
  int number(std::string_view name) const;
  const std::string& text(std::string_view name) const;
};

inline constexpr int kBookNone = 0, kBookAll = 1, kBookGood = 2, kBookBest = 3;
// The BookVariety (hundredths of a man below the best book move) of a book level: all moves
// of the book, the good ones (within a fifth of a man), the best only.
constexpr int bookVariety(int level) {
  return level == kBookAll ? kMaxBookVariety : level == kBookGood ? 20 : 0;
}

inline constexpr int kMaxSearchThreads = 64;
inline constexpr int kMaxFixedDepth = 99;
// CheckerBoard's More Options dialog offers 4..10 pieces and "No limit", which it sends as 24.
inline constexpr int kMaxDbPiecesSetting = 24;

// The endgame database the engine builds itself (set dbbuild, and on first use).
struct OwnDatabase {
  // Where it is built (the DLL's: %APPDATA%\Damiera\egdb); none: set dbbuild is refused and
  // nothing is built on first use.
  std::optional<std::filesystem::path> folder;
  // Whether the first getmove starts a 2..5 piece build when no database folder is set.
  bool buildOnFirstUse = false;
  // A database folder found beside the DLL: the one in use while the user sets none.
  std::string besideDll;
  // How a build's thread ends (DatabaseBuild's constructor): the DLL's, ExitThread.
  std::function<void()> endThread;
};

class FrontEnd {
 public:
  // With a settings file (checkerboard/settings_file.h): the settings it holds are taken now, and
  // every setting the user changes is written back to it. Without one, every session starts
  // from the defaults.
  // `defaultBook`: the book used until "set bookfile" says otherwise (the DLL's: damiera.book
  // beside it, when there is one); empty: none.
  // `ownDatabase`: where and when the engine builds its own endgame database.
  explicit FrontEnd(std::optional<std::filesystem::path> settingsFile = std::nullopt,
                    const std::string& defaultBook = {}, OwnDatabase ownDatabase = {});
  ~FrontEnd();
  FrontEnd(const FrontEnd&) = delete;
  FrontEnd& operator=(const FrontEnd&) = delete;

  // getmove(): searches `board` (`color` to move) for about `maxtime` seconds, or until
  // *playnow becomes non-zero, writes status lines into `status` (kTextSize bytes) while it
  // thinks, then writes the position after its move into `board` and the move into `*move`.
  // Returns kWin / kLoss / kDraw when the result is certain, kUnknown otherwise (and for a
  // board it refuses, which it leaves as it was, the reason in `status`).
  int getMove(Board8x8& board, int color, double maxtime, char* status, const int* playnow,
              int info, int moreinfo, CBmove* move);

  // islegal(): 1 and the move in *move if `color` may move from square `from` to square `to`
  // (PDN numbers); when several captures join them, the first in legal-move order.
  int isLegal(const Board8x8& board, int color, int from, int to, CBmove* move) const;

  // enginecommand(): 1 if the command was understood (reply set), 0 otherwise (reply says
  // why). `reply` has kTextSize bytes.
  int command(const char* text, char* reply);

  EngineSettings settings() const;

 private:
  struct Reply;
  void handle(const std::string& text, Reply& reply);
  void setHistory(const std::string& args, Reply& reply);
  // "set dbpath FOLDER" (the whole rest of the line: a Windows folder may hold spaces; empty:
  // no database) and "set check_wld_dir FOLDER" (only says what the folder holds).
  void setDatabasePath(const std::string& dir, bool keep, Reply& reply);
  // "set dbbuild N": builds 2..N pieces into ownDatabase_.folder in the background; 0 stops
  // a build and the build on first use.
  void setDatabaseBuild(const std::string& value, Reply& reply);
  // ownDatabase_.besideDll, checked as a typed `set dbpath`, when the user has set none.
  void useDatabaseBesideDll();
  // A build finished: its folder becomes the database in use, unless the user set another.
  void ownDatabaseBuilt(const std::filesystem::path& folder,
                        std::shared_ptr<egdb::Database> database);
  // "set bookfile FILE" (the rest of the line; empty: none): checked by opening it now.
  void setBookFile(const std::string& file, Reply& reply);
  // "set <key> <value>" for an option of the table (engine/option_table.h) with the CheckerBoard
  // name `key`, in CheckerBoard's words and, where its dialogs differ, bounds.
  void setTableOption(const OptionDeclaration& option, const std::string& text, Reply& reply);
  // "set <key> 0|1" for the on/off `setting`; the reply says what it now does.
  void setSwitch(const std::string& key, const std::string& value, bool EngineSettings::*setting,
                 const char* whenOn, const char* whenOff, Reply& reply);

  // The remembered settings in settingsFile_, each through handle() as if it were typed.
  void loadSettingsFile();
  // Writes the settings now in force to settingsFile_, `changed` being the one the user just
  // set (its kept line, if any, is dropped); why it could not, or nothing.
  std::optional<std::string> saveSettingsFile(const std::string& changed);

  // The settings of `settings` as the core's options; a refusal is written into `status`.
  void applySettings(const EngineSettings& settings, char* status);

  const std::optional<std::filesystem::path> settingsFile_;
  std::mutex fileMutex_;  // one writer of settingsFile_ at a time; guards keptLines_
  // Lines of the settings file refused at load, by setting: written back in place of the
  // setting's value until the user sets it (checkerboard/settings_file.h).
  std::map<std::string, std::string> keptLines_;
  mutable std::mutex mutex_;  // guards the settings and the history; never held during a search
  EngineSettings settings_;
  bool newGamePending_ = true;  // the next search starts with a cleared table
  // The game so far from "set gamehist": used when its position is the one getmove() receives.
  std::optional<Game> history_;

  std::mutex searchMutex_;  // one getmove() at a time; guards everything below
  // What the core's reports of the running getmove() write to (set before each search).
  struct Call {
    char* status = nullptr;
    const int* playnow = nullptr;
    std::optional<SearchResult> result;
    bool allScores = false;
    std::vector<SearchInfo> lines;  // allscores: the lines of the iteration being reported
  };
  Call call_;
  std::unique_ptr<damiera::Engine> core_;  // its reports point at call_

  const OwnDatabase ownDatabase_;
  std::atomic<bool> firstUse_{true};  // no getmove yet: the build on first use is still to come
  // Last, so that it stops first: its thread calls ownDatabaseBuilt().
  DatabaseBuild databaseBuild_;
};

}  // namespace damiera::cb
