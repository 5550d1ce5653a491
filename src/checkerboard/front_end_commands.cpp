// enginecommand(): CheckerBoard's settings and queries, one line of text each ("get hashsize",
// "set gamehist <fen> <moves>", ...). The `get` replies are bare values, because CheckerBoard
// reads them with atoi; a command that is refused changes nothing and says why.
#include <cassert>
#include <charconv>
#include <new>
#include <sstream>
#include <vector>

#include "checkerboard/board8.h"
#include "checkerboard/front_end.h"
#include "checkerboard/settings_file.h"
#include "checkerboard/status_text.h"
#include "core/fen.h"
#include "core/notation.h"
#include "engine/front_end_kit.h"
#include "version.h"

namespace damiera::cb {

struct FrontEnd::Reply {
  bool handled = false;
  std::string text;

  void ok(std::string t) {
    handled = true;
    text = std::move(t);
  }
  void refuse(std::string t) {
    handled = false;
    text = "error: " + std::move(t);
  }
};

namespace {

// A 32-bit process cannot map more than this in one piece.
constexpr std::size_t kMaxHashMbHere = sizeof(void*) >= 8 ? kMaxHashMb : 1024;
constexpr int kMaxDbCacheMbHere = sizeof(void*) >= 8 ? kMaxDatabaseCacheMb : 1024;

std::vector<std::string> splitWords(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// A whole decimal number in [low, high], or nothing.
std::optional<long long> parseNumber(const std::string& text, long long low, long long high) {
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

// The rest of `text` after its first `count` words.
std::string afterWords(const std::string& text, int count) {
  std::size_t at = 0;
  for (int i = 0; i < count; ++i) {
    at = text.find_first_not_of(" \t", at);
    at = text.find_first_of(" \t", at);
    if (at == std::string::npos) return "";
  }
  const std::size_t start = text.find_first_not_of(" \t\r\n", at);
  if (start == std::string::npos) return "";
  const std::size_t stop = text.find_last_not_of(" \t\r\n");
  return text.substr(start, stop - start + 1);
}

const char* kHelpFile = "damiera-cb-help.htm";

// CheckerBoard's words and bounds for the table's options where they differ from the table's
// (engine/option_table.h): its dialogs' ranges, what a 32-bit process can map, units.
struct CheckerboardForm {
  std::string_view setting;
  long long max = 0;
  std::string_view unit;        // after the value in the reply and the range
  std::string_view rangeNote;   // after the range in a refusal
  std::string_view aboveTable;  // after the reply when the value is above the table's maximum
};

const CheckerboardForm* formOf(std::string_view setting) {
  static const std::string aboveDatabases =
      " (Damiera's databases have at most " + std::to_string(kMaxDatabasePieces) + ")";
  static const CheckerboardForm forms[] = {
      {"hashsize", static_cast<long long>(kMaxHashMbHere), " MB", "", ""},
      {"searchthreads", kMaxSearchThreads, "", "", ""},
      {"level", kMaxSkillLevel, "", " (20: full strength)", ""},
      {"dbmbytes", kMaxDbCacheMbHere, " MB", "", ""},
      // CheckerBoard's "No limit" is 24; the core is given at most the table's maximum.
      {"max_dbpieces", kMaxDbPiecesSetting, "", "", aboveDatabases},
  };
  for (const CheckerboardForm& form : forms)
    if (form.setting == setting) return &form;
  return nullptr;
}

// CheckerBoard's start-up probe "get movelist B:W1:B" expects exactly "movelist 0". Its white
// man on square 1 stands on its own promotion row, which no FEN of ours accepts; but the side to
// move has no piece at all, so it has no move whatever the rest says (R13).
bool sideToMoveHasNoPieces(const std::string& fen) {
  if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':') return false;
  std::istringstream sections(fen.substr(2));
  for (std::string section; std::getline(sections, section, ':');) {
    if (section == std::string(1, fen[0])) return true;  // "B" with nothing after it
  }
  return false;
}

}  // namespace

int FrontEnd::command(const char* text, char* reply) {
  Reply answer;
  if (text == nullptr) {
    answer.refuse("no command");
  } else {
    try {
      handle(text, answer);
    } catch (const std::exception& e) {  // allocation failures: the DLL must not throw
      answer.refuse(std::string("failed: ") + e.what());
    }
    const std::string setting = settingOfLine(text);
    if (answer.handled && isRememberedSetting(setting)) {
      // Taken either way; the user learns it will not outlive the session.
      std::optional<std::string> why;
      try {
        why = saveSettingsFile(setting);
      } catch (const std::exception& e) {
        why = e.what();
      }
      if (why) answer.text += " (not remembered: " + *why + ")";
    }
  }
  if (reply != nullptr) writeText(reply, answer.text);
  return answer.handled ? 1 : 0;
}

void FrontEnd::handle(const std::string& text, Reply& reply) {
  const std::vector<std::string> words = splitWords(text);
  const std::string verb = words.empty() ? "" : words[0];
  const std::string key = words.size() > 1 ? words[1] : "";
  const std::string value = words.size() > 2 ? words[2] : "";
  const std::string version = std::string(kEngineName) + " " + kEngineVersion;

  if (verb == "name" && words.size() == 1) return reply.ok(version);
  if (verb == "about" && words.size() == 1) {
    return reply.ok(version +
                    "\nItalian draughts (dama italiana) engine\n"
                    "Search: iterative deepening alpha-beta, transposition table\n"
                    "Settings: set hashsize, searchthreads, depth, level, contempt, dbpath,\n"
                    "dbmbytes, max_dbpieces, enable_wld, allscores, book, bookfile, bookdepth,\n"
                    "dbbuild\n"
                    "(see help)");
  }
  if (verb == "help" && words.size() == 1) return reply.ok(kHelpFile);

  if (verb == "get" && words.size() >= 2) {
    if (key == "movelist") {
      const std::string fen = afterWords(text, 2);
      const Parsed<Position> pos = parseFen(fen);
      if (!pos && sideToMoveHasNoPieces(fen)) return reply.ok("movelist 0");
      if (!pos) return reply.refuse(pos.error);
      const std::optional<std::string> list = formatMoveList(*pos.value);
      if (!list) return reply.refuse("too many moves for CheckerBoard's 1024-byte reply");
      return reply.ok(*list);
    }
    if (words.size() != 2) return reply.refuse("unknown command: " + text);
    if (key == "version") return reply.ok(kEngineVersion);  // VERSION's number, as in `name`
    if (key == "protocolversion") return reply.ok(std::to_string(kProtocolVersion));
    if (key == "gametype") return reply.ok(std::to_string(kGameTypeItalian));
    const EngineSettings s = settings();
    if (key == "book") return reply.ok(std::to_string(s.bookLevel));
    if (findCheckerboardOption(key)) return reply.ok(s.text(key));
    if (key == "depth") return reply.ok(std::to_string(s.depth));
    if (key == "enable_wld") return reply.ok(s.dbEnabled ? "1" : "0");
    if (key == "allscores") return reply.ok(s.allScores ? "1" : "0");
    if (key == "dbbuild") return reply.ok(databaseBuild_.status());
    return reply.refuse("unknown setting: " + key);
  }

  if (verb == "set" && words.size() >= 2) {
    if (key == "gamehist") return setHistory(afterWords(text, 2), reply);
    if (key == "check_wld_dir") return setDatabasePath(afterWords(text, 2), false, reply);
    if (key == "bookfile") return setBookFile(afterWords(text, 2), reply);
    const OptionDeclaration* option = findCheckerboardOption(key);
    if (option && option->type == OptionType::String)
      return setTableOption(*option, afterWords(text, 2), reply);
    if (words.size() != 3) return reply.refuse("usage: set " + key + " <value>");
    if (key == "hashsize") {
      const auto mb = parseNumber(value, kMinHashMb, kMaxHashMbHere);
      if (!mb) {
        return reply.refuse("hashsize must be " + std::to_string(kMinHashMb) + ".." +
                            std::to_string(kMaxHashMbHere) + " MB, not " + value);
      }
      // Taken by the next getmove() (a running search keeps its table); more than this machine
      // can hold is refused now.
      if (static_cast<std::size_t>(*mb) > maxHashMbOfThisMachine())
        return reply.refuse("not enough memory for a " + value + " MB table: at most " +
                            std::to_string(maxHashMbOfThisMachine()));
    }
    if (option) return setTableOption(*option, value, reply);
    if (key == "book") {
      const auto level = parseNumber(value, kBookNone, kBookBest);
      if (!level)
        return reply.refuse("book must be 0 (none), 1 (all moves), 2 (good moves) or 3 (best)");
      static const char* const kWords[] = {"no book moves", "all the book's moves",
                                           "the book's good moves", "the book's best move"};
      std::lock_guard lock(mutex_);
      settings_.bookLevel = static_cast<int>(*level);
      return reply.ok("book " + value + ": " + kWords[*level]);
    }
    if (key == "dbbuild") return setDatabaseBuild(value, reply);
    if (key == "depth") {
      const auto n = parseNumber(value, 0, kMaxFixedDepth);
      if (!n) return reply.refuse("depth must be 0 (no limit).." + std::to_string(kMaxFixedDepth));
      std::lock_guard lock(mutex_);
      settings_.depth = static_cast<int>(*n);
      return reply.ok("depth " + value);
    }
    if (key == "enable_wld") {
      return setSwitch(key, value, &EngineSettings::dbEnabled, "the endgame database is used",
                       "the endgame database is not used", reply);
    }
    if (key == "allscores") {
      return setSwitch(key, value, &EngineSettings::allScores, "every move with its score",
                       "the best line", reply);
    }
    return reply.refuse("unknown setting: " + key);
  }
  reply.refuse("unknown command: " + text);
}

void FrontEnd::setTableOption(const OptionDeclaration& option, const std::string& value,
                              Reply& reply) {
  const std::string key(option.checkerboardName);
  if (option.type == OptionType::String) {
    if (key == "dbpath") return setDatabasePath(value, true, reply);
    std::lock_guard lock(mutex_);
    settings_.options[key] = value;
    return reply.ok(key + " " + value);
  }
  if (option.type == OptionType::Check) {
    const auto on = parseNumber(value, 0, 1);
    if (!on) return reply.refuse(key + " must be 0 (off) or 1 (on)");
    std::lock_guard lock(mutex_);
    settings_.options[key] = std::to_string(*on);
    return reply.ok(key + " " + value);
  }
  assert(option.type == OptionType::Spin);  // a combo has no CheckerBoard name
  const CheckerboardForm* form = formOf(key);
  const long long max = form ? form->max : option.max;
  const std::string unit(form ? form->unit : "");
  const auto n = parseNumber(value, option.min, max);
  if (!n)
    return reply.refuse(key + " must be " + std::to_string(option.min) + ".." +
                        std::to_string(max) + unit + std::string(form ? form->rangeNote : ""));
  std::lock_guard lock(mutex_);
  settings_.options[key] = std::to_string(*n);
  reply.ok(key + " " + value + unit +
           (*n > option.max && form ? std::string(form->aboveTable) : std::string()));
}

// "set <key> 0|1": CheckerBoard's check boxes.
void FrontEnd::setSwitch(const std::string& key, const std::string& value,
                         bool EngineSettings::*setting, const char* whenOn, const char* whenOff,
                         Reply& reply) {
  const auto on = parseNumber(value, 0, 1);
  if (!on) return reply.refuse(key + " must be 0 (off) or 1 (on)");
  std::lock_guard lock(mutex_);
  settings_.*setting = *on == 1;
  reply.ok(key + (*on ? " 1: " + std::string(whenOn) : " 0: " + std::string(whenOff)));
}

void FrontEnd::loadSettingsFile() {
  if (!settingsFile_) return;
  for (const std::string& line : readSettingsFile(*settingsFile_)) {
    const std::string setting = settingOfLine(line);
    // Only what settingsCommands writes: an edited file cannot make the engine do anything else
    // (of dbbuild, only the 0 that turns the build on first use off: never a build at load).
    if (!isRememberedSetting(setting)) continue;
    if (setting == "dbbuild" && splitWords(line) != std::vector<std::string>{"set", "dbbuild", "0"})
      continue;
    Reply answer;  // a refused line leaves the default, as a refused command would
    try {
      handle(line, answer);
    } catch (const std::exception&) {  // out of memory: the default too; the DLL must load
    }
    std::lock_guard lock(fileMutex_);
    if (!answer.handled) keptLines_[setting] = line;  // to be tried again next time
  }
}

std::optional<std::string> FrontEnd::saveSettingsFile(const std::string& changed) {
  if (!settingsFile_) return std::nullopt;
  std::lock_guard lock(fileMutex_);  // then mutex_ (settings()), never the other way round
  std::vector<std::string> lines = settingsCommands(settings());
  keptLines_.erase(changed);
  for (std::string& line : lines)
    if (const auto kept = keptLines_.find(settingOfLine(line)); kept != keptLines_.end())
      line = kept->second;
  return writeSettingsFile(*settingsFile_, lines);
}

// "set gamehist <fen> [m1 m2 ...]": the position after the last capture or man move, then the
// quiet king moves since (RULES R14, R15: exactly what repetitions and the no-progress count
// need). Every move must be legal where it is played, and none comes after the end of the game
// (R13..R15, as every front-end: gameFromMoves), or nothing changes.
void FrontEnd::setHistory(const std::string& args, Reply& reply) {
  const std::vector<std::string> words = splitWords(args);
  if (words.empty()) return reply.refuse("usage: set gamehist <fen> [moves]");
  const Parsed<Position> start = parseFen(words[0]);
  if (!start) return reply.refuse(start.error);
  const std::size_t plies = words.size() - 1;
  Parsed<Game> game = gameFromMoves(
      *start.value, kDefaultNoProgressPlies, plies,
      [&](const Position& pos, std::size_t i) {
        const Parsed<PathMove> m = parseMove(pos, words[i + 1]);
        return m ? Parsed<Move>::ok(m.value->move) : Parsed<Move>::fail(m.error, m.refusal);
      },
      [&](std::size_t i, const std::string& reason) {
        return "gamehist move " + std::to_string(i + 1) + " " + words[i + 1] + ": " + reason;
      });
  // The refused move's code as the native dialect writes it (PROTOCOL.md "Refusal codes").
  if (!game) return reply.refuse(game.error + (game.refusal ? refusalSuffix(*game.refusal) : ""));
  std::lock_guard lock(mutex_);
  history_ = std::move(*game.value);
  reply.ok("gamehist: " + std::to_string(plies) + " moves after the start position");
}

void FrontEnd::setDatabaseBuild(const std::string& value, Reply& reply) {
  const auto pieces = parseNumber(value, 0, kMaxBuildPieces);
  if (!pieces || *pieces == 1)
    return reply.refuse("dbbuild must be " + std::to_string(kMinBuildPieces) + ".." +
                        std::to_string(kMaxBuildPieces) + " (pieces) or 0 (stop)");
  if (*pieces == 0) {
    {
      std::lock_guard lock(mutex_);
      settings_.buildOnFirstUse = false;  // nor on first use, nor in the next sessions
    }
    databaseBuild_.stop();
    return reply.ok("dbbuild 0: " + databaseBuild_.status());
  }
  if (!ownDatabase_.folder) return reply.refuse("dbbuild: no folder to build into");
  if (const std::optional<std::string> why =
          databaseBuild_.start(*ownDatabase_.folder, static_cast<int>(*pieces)))
    return reply.refuse("dbbuild: " + *why);
  {
    std::lock_guard lock(mutex_);
    settings_.buildOnFirstUse = true;  // the user wants the database after all
  }
  reply.ok("dbbuild " + value + ": building 2.." + value + " pieces in " +
           ownDatabase_.folder->string() + " (get dbbuild: progress)");
}

void FrontEnd::useDatabaseBesideDll() {
  if (ownDatabase_.besideDll.empty() || !settings().text("dbpath").empty()) return;
  Reply ignored;  // a damaged or empty folder is not used, as a refused command
  setDatabasePath(ownDatabase_.besideDll, true, ignored);
}

void FrontEnd::ownDatabaseBuilt(const std::filesystem::path& folder,
                                std::shared_ptr<egdb::Database> database) {
  const std::string dir = folder.string();
  {
    std::lock_guard lock(mutex_);
    std::string& current = settings_.options["dbpath"];
    if (!current.empty() && current != dir) return;  // the user set another folder meanwhile
    current = dir;
    settings_.database = std::move(database);
  }
  try {
    saveSettingsFile("dbpath");      // the next session starts with it
  } catch (const std::exception&) {  // then it is found again by the next build, at once
  }
}

// The book is opened now, through the reader the engine uses (src/book): a file that is not a
// whole book is refused, and the book in use stays.
void FrontEnd::setBookFile(const std::string& file, Reply& reply) {
  std::string summary = "no opening book";
  if (!file.empty()) {
    try {
      const book::Book opened(file);
      summary = file + ": " + std::to_string(opened.entries()) + " positions";
    } catch (const book::BookError& e) {
      return reply.refuse(std::string("bookfile ") + e.what());
    }
  }
  std::lock_guard lock(mutex_);
  settings_.options["bookfile"] = file;
  reply.ok("bookfile " + summary);
}

// The folder is opened now, through the same reader the engine uses (src/egdb): a folder that
// is missing, holds no slice or holds a damaged one is refused, and the database in use stays.
void FrontEnd::setDatabasePath(const std::string& dir, bool keep, Reply& reply) {
  const char* what = keep ? "dbpath " : "check_wld_dir ";
  std::shared_ptr<egdb::Database> db;
  std::string summary = "no endgame database";
  if (!dir.empty()) {
    const int cacheMb = settings().number("dbmbytes");
    try {
      db = egdb::openShared(dir, std::uint64_t(cacheMb) << 20);
    } catch (const std::exception& e) {
      return reply.refuse(what + std::string(e.what()));
    }
    if (!db) return reply.refuse(what + dir + ": no endgame database files (*.egdb) in it");
    if (const std::vector<std::string> damaged = db->errors(); !damaged.empty()) {
      const std::size_t more = damaged.size() - 1;
      return reply.refuse(what + damaged.front() +
                          (more ? " (and " + std::to_string(more) + " more damaged)" : ""));
    }
    summary = dir + ": " + std::to_string(db->slices()) + " slices, complete up to " +
              std::to_string(db->pieces()) + " pieces";
  }
  if (!keep) return reply.ok(summary);
  std::lock_guard lock(mutex_);
  settings_.options["dbpath"] = dir;
  settings_.database = std::move(db);
  reply.ok("dbpath " + summary);
}

}  // namespace damiera::cb
