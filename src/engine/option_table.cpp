#include "engine/option_table.h"

#include <algorithm>

#include "engine/level.h"

namespace damiera {

namespace {

char lowered(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalIgnoringCase(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lowered(x) == lowered(y); });
}

OptionDeclaration spin(std::string_view name, int defaultValue, int min, int max,
                       std::string_view hubName = {}, std::string_view checkerboardName = {}) {
  return {name, OptionType::Spin, defaultValue, min, max, {}, {}, hubName, checkerboardName};
}

OptionDeclaration check(std::string_view name, bool defaultValue, std::string_view hubName = {},
                        std::string_view checkerboardName = {}) {
  return {name, OptionType::Check, defaultValue ? 1 : 0, 0, 1, {}, {}, hubName, checkerboardName};
}

OptionDeclaration text(std::string_view name, std::string_view defaultText,
                       std::string_view hubName = {}, std::string_view checkerboardName = {}) {
  return {name, OptionType::String, 0, 0, 0, defaultText, {}, hubName, checkerboardName};
}

// A developer's text option: set with setoption, not listed by `uci`.
OptionDeclaration unlistedText(std::string_view name) {
  OptionDeclaration option = text(name, "");
  option.listed = false;
  return option;
}

OptionDeclaration combo(std::string_view name, std::string_view defaultText,
                        std::vector<std::string_view> choices, std::string_view hubName = {}) {
  return {name, OptionType::Combo, 0, 0, 0, defaultText, std::move(choices), hubName, {}};
}

constexpr int kHashMin = static_cast<int>(kMinHashMb);
constexpr int kHashMax = static_cast<int>(kMaxHashMb);
constexpr int kHashDefault = static_cast<int>(kDefaultHashMb);

}  // namespace

const std::vector<OptionDeclaration>& optionTable() {
  // clang-format off
  static const std::vector<OptionDeclaration> table = {
      //   name                 default                   min            max                  Hub name              CheckerBoard name
      spin("Hash",              kHashDefault,             kHashMin,      kHashMax,            "hash",               "hashsize"),
      spin("Threads",           kDefaultThreads,          1,             kMaxThreads,         "threads",            "searchthreads"),
      spin("MultiPV",           kDefaultMultiPv,          1,             kMaxMultiPv,         "multi-pv"),
      check("Ponder",           false,                                                        "ponder"),
      spin("Move Overhead",     kDefaultMoveOverheadMs,   0,             kMaxMoveOverheadMs,  "move-overhead"),
      spin(kNoProgressOption,   kDefaultNoProgressPlies / kPliesPerMovePair, 1, kNoProgressMovesMax, "no-progress-moves"),
      // A host's default comes from kDatabaseEnvironment (Engine).
      text("EGDBPath",          "",                                                           {},                   "dbpath"),
      spin("EGDBPieces",        kDefaultDatabasePieces,   0,             kMaxDatabasePieces,  {},                   "max_dbpieces"),
      spin("EGDBCache",         kDefaultDatabaseCacheMb,  1,             kMaxDatabaseCacheMb, {},                   "dbmbytes"),
      text("EvalFile",          ""),
      // The opening book; a host's BookFile default comes from kBookEnvironment (Engine).
      // CheckerBoard's "book 0..3" sets OwnBook and BookVariety together (its engine adapter).
      check("OwnBook",          true,                                                         "book"),
      text("BookFile",          "",                                                           {},                   "bookfile"),
      spin("BookVariety",       0,                        0,             kMaxBookVariety,     "book-variety"),
      spin("BookDepth",         kDefaultBookDepth,        0,             kMaxBookDepth,       "book-depth",         "bookdepth"),
      // What a draw is worth to the engine's side, negated (search/limits.h): > 0 avoids draws.
      spin("Contempt",          kDefaultContempt,         -kMaxContempt, kMaxContempt,        "contempt",           "contempt"),
      // Strength levels, as UCI GUIs that play people set them (PROTOCOL.md, "Strength levels").
      spin("Skill Level",       kMaxSkillLevel,           0,             kMaxSkillLevel,      "skill-level",        "level"),
      check("UCI_LimitStrength", false,                                                       "limit-strength"),
      spin("UCI_Elo",           kMaxSkillElo,             kMinSkillElo,  kMaxSkillElo,        "elo"),
      // Levels by nodes per move, alike on any device (engine/level.h); off: the full engine.
      combo("Level",            kLevelOff,                levelChoices(),                     "playing-level"),
      // The search's constants for a tuner (tools/spsa, docs/spsa.md): "name=value,..." over
      // the defaults; empty: the defaults. Checked when set (Engine). Not listed by `uci`.
      unlistedText("SearchTunables"),
      // Only one variant: declared so that multi-variant GUIs know what they load; anything
      // else is refused by the option itself.
      combo("UCI_Variant",      kVariantName,             {kVariantName}),
  };
  // clang-format on
  return table;
}

const OptionDeclaration* findOption(std::string_view name) {
  for (const OptionDeclaration& option : optionTable())
    if (equalIgnoringCase(option.name, name)) return &option;
  return nullptr;
}

const OptionDeclaration* findHubOption(std::string_view hubName) {
  if (hubName.empty()) return nullptr;
  for (const OptionDeclaration& option : optionTable())
    if (equalIgnoringCase(option.hubName, hubName)) return &option;
  return nullptr;
}

const OptionDeclaration* findCheckerboardOption(std::string_view checkerboardName) {
  if (checkerboardName.empty()) return nullptr;
  for (const OptionDeclaration& option : optionTable())
    if (option.checkerboardName == checkerboardName) return &option;
  return nullptr;
}

}  // namespace damiera
