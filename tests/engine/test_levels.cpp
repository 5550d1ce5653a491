// The Level option (engine/level.h, PROTOCOL.md "Strength levels"): a level counts nodes, not
// time, so a plain go stops at the level's budget whatever the machine; and a level follows the
// book only as far as its plies, picking worse book moves the weaker it is.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "engine/level.h"
#include "engine/session.h"
#include "search/skill.h"
#include "tests/common/session_probe.h"
#include "tests/common/small_book.h"

using damiera::Session;
namespace fs = std::filesystem;

namespace {

using Lines = std::vector<std::string>;

using Probe = damiera::test::SessionProbe;

bool isBookAnswer(const Lines& replies) {
  return !replies.empty() && replies.front().rfind("info string book move ", 0) == 0;
}

// A book along one line of kLinePlies plies from the start, each position's first legal move.
constexpr int kLinePlies = 12;
std::string writeLineBook(const std::string& name) {
  const std::string path = (fs::temp_directory_path() /
                            ("damiera-test-" + std::to_string(::getpid()) + "-" + name + ".book"))
                               .string();
  std::vector<damiera::book::StoredEntry> entries;
  damiera::Position pos = damiera::Position::start();
  for (int ply = 0; ply < kLinePlies; ++ply) {
    damiera::MoveList moves;
    damiera::generateMoves(pos, moves);
    REQUIRE(!moves.empty());
    damiera::book::StoredEntry entry;
    entry.key = pos.key();
    entry.ply = static_cast<std::uint16_t>(ply);
    entry.moves = {damiera::book::storedMove(moves[0], 0, 1)};
    entries.push_back(entry);
    pos = pos.after(moves[0]);
  }
  damiera::book::writeBook(path, entries);
  return path;
}

}  // namespace

TEST_CASE("levels: presets sit on the 0..20 scale, budgets grow with the level", "[levels]") {
  CHECK(damiera::levelSkill("off") == std::nullopt);
  CHECK(damiera::levelSkill("easy") == 4);
  CHECK(damiera::levelSkill("Medium") == 10);
  CHECK(damiera::levelSkill("HARD") == 16);
  CHECK(damiera::levelSkill("0") == 0);
  CHECK(damiera::levelSkill("20") == damiera::kMaxSkillLevel);
  CHECK(damiera::levelNodeBudget(0) == 1000);
  CHECK(damiera::levelNodeBudget(20) == 1024000);
  for (int level = 1; level <= damiera::kMaxSkillLevel; ++level)
    CHECK(damiera::levelNodeBudget(level) >= damiera::levelNodeBudget(level - 1));
  CHECK(damiera::levelBookPlies(4) < damiera::levelBookPlies(16));
  CHECK(damiera::levelBookVariety(4) > damiera::levelBookVariety(16));
}

TEST_CASE("levels: a plain go stops at the level's node budget, not waiting for stop",
          "[levels][session]") {
  Probe probe;
  CHECK(probe.say("setoption name Level value 20").empty());
  // Level 20 has no depth cap: only the budget ends this search (waitIdle returns after it).
  const Lines replies = probe.say("go");
  REQUIRE(!replies.empty());
  CHECK(replies.back().rfind("bestmove ", 0) == 0);
  // Every iteration it reports finished within the budget (after a second on a slow machine,
  // currmove and statistics lines come between: the iterations' lines are the ones with a pv).
  std::uint64_t lastNodes = 0;
  for (const std::string& line : replies) {
    const std::size_t at = line.find(" nodes ");
    if (line.find(" pv ") == std::string::npos || at == std::string::npos) continue;
    lastNodes = std::stoull(line.substr(at + 7));
  }
  CHECK(lastNodes > 0);
  CHECK(lastNodes <= damiera::levelNodeBudget(20));
  // Off again: a plain go is infinite (it waits for stop), as in UCI.
  CHECK(probe.say("setoption name Level value off").empty());
  CHECK(probe.say("setoption name Level value expert") ==
        Lines{"error bad value 'expert' for option Level (off or easy or medium or hard or 0 or 1 "
              "or 2 or 3 or 4 or 5 or 6 or 7 or 8 or 9 or 10 or 11 or 12 or 13 or 14 or 15 or 16 "
              "or 17 or 18 or 19 or 20)"});
}

TEST_CASE("levels: easy leaves the book early, the full engine follows it", "[levels][book]") {
  const std::string book = writeLineBook("levels");
  Probe probe;
  CHECK(probe.say("setoption name BookFile value " + book).empty());
  // Ply 6 of the book's line: still in the book for the full engine, past easy's 2 + 4 plies.
  std::string line = "position startpos moves";
  damiera::Position pos = damiera::Position::start();
  for (int ply = 0; ply < 6; ++ply) {
    damiera::MoveList moves;
    damiera::generateMoves(pos, moves);
    line += " " + damiera::formatMove(pos, moves[0]);
    pos = pos.after(moves[0]);
  }
  probe.say(line);
  CHECK(isBookAnswer(probe.say("go depth 2")));
  probe.say("setoption name Level value easy");
  CHECK_FALSE(isBookAnswer(probe.say("go depth 2")));
  probe.say("setoption name Level value hard");
  CHECK(isBookAnswer(probe.say("go depth 2")));
  fs::remove(book);
}

TEST_CASE("levels: a weak level picks worse book moves, the full engine the best",
          "[levels][book]") {
  // The small book: 23-19 (score 20, weight 5) and 22-18 (score 10, weight 50).
  const std::string book = damiera::test::writeSmallBook("levels-variety");
  Probe probe;
  CHECK(probe.say("setoption name BookFile value " + book).empty());
  std::set<std::string> full, easy;
  for (int i = 0; i < 20; ++i) full.insert(probe.say("go depth 2").back());
  probe.say("setoption name Level value easy");
  // 22-18 has ten times the weight: 20 picks all 23-19 would come once in 10^20.
  for (int i = 0; i < 20; ++i) easy.insert(probe.say("go depth 2").back());
  CHECK(full == std::set<std::string>{"bestmove 23-19"});
  CHECK(easy.count("bestmove 22-18") == 1);
  fs::remove(book);
}
