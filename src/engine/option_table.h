#pragma once
// Every engine option, declared once: its name, type, range and default, and the names it has
// in the dialects that expose it (the Hub's set-param, CheckerBoard's set/get). Everything
// else is derived from this table: the uci option list and setoption (engine/options.h,
// engine/session.cpp), the Hub parameters (engine/hub_session.cpp), CheckerBoard's set/get
// and its settings file (src/checkerboard), and the SearchOptions of a go
// (Engine::searchOptions). Adding an option is one line here, plus the code that uses it.
#include <string_view>
#include <vector>

#include "core/game.h"
#include "search/limits.h"
#include "search/skill.h"
#include "search/tt.h"

namespace damiera {

// R15 as an option: moves per side without a capture or a man move; the game limit is twice
// this in plies.
inline constexpr std::string_view kNoProgressOption = "NoProgressMoves";
inline constexpr int kPliesPerMovePair = 2;
inline constexpr int kNoProgressMovesMax = 1000;

// The one game this engine plays, as multi-variant GUIs ask (UCI_Variant).
inline constexpr std::string_view kVariantName = "italian";

// Endgame database options (docs/egdb.md).
inline constexpr int kDefaultDatabasePieces = 6;
inline constexpr int kMaxDatabasePieces = 9;
inline constexpr int kDefaultDatabaseCacheMb = 64;
inline constexpr int kMaxDatabaseCacheMb = 65536;
// The environment variable that gives EGDBPath its default in a host (tools/run sets it).
inline constexpr const char* kDatabaseEnvironment = "DAMIERA_EGDB";

// The opening book (docs/book.md). The environment variable that gives BookFile its default in
// a host (tools/run sets it to the shipped book).
inline constexpr const char* kBookEnvironment = "DAMIERA_BOOK";
// The environment variable that gives SearchTunables its default in a host: how a tuner
// (damiera-spsa, docs/spsa.md) and its matches give each engine process its constants.
inline constexpr const char* kSearchTunablesEnvironment = "DAMIERA_SEARCH_TUNABLES";
// BookVariety: how far below the best book move (hundredths of a man) a move may be and still
// be chosen, in proportion to its weight; 0 always plays the best.
inline constexpr int kMaxBookVariety = 100;
// BookDepth: the book is used while the game has fewer plies than this.
inline constexpr int kDefaultBookDepth = 100;
inline constexpr int kMaxBookDepth = 1000;

// UCI's four option types: an integer ("spin"), on/off ("check", held as 0/1), a text
// ("string"; "<empty>" sets it empty) and a choice among fixed words ("combo", held as text).
enum class OptionType { Spin, Check, String, Combo };

struct OptionDeclaration {
  std::string_view name;  // the native (UCI) name; matched without regard to case
  OptionType type = OptionType::Spin;
  int defaultValue = 0;                   // Spin, Check (0/1)
  int min = 0;                            // Spin
  int max = 0;                            // Spin; 1 for a Check
  std::string_view defaultText;           // String, Combo
  std::vector<std::string_view> choices;  // Combo: the words it accepts
  std::string_view hubName;               // its Hub parameter; empty: none
  std::string_view checkerboardName;      // its CheckerBoard setting; empty: none
  // Listed by `uci`. A developer's option (a tuner's) is taken by setoption but not shown to
  // GUIs, which would offer it to players.
  bool listed = true;
};

// The options in the order "uci" lists them (the Hub's "hub" keeps that order).
const std::vector<OptionDeclaration>& optionTable();

// The declaration named `name` (case-insensitive), or null.
const OptionDeclaration* findOption(std::string_view name);
// The declaration whose Hub name (case-insensitive) / CheckerBoard name (exact) is `name`.
const OptionDeclaration* findHubOption(std::string_view hubName);
const OptionDeclaration* findCheckerboardOption(std::string_view checkerboardName);

}  // namespace damiera
