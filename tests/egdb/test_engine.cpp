// The database in play: the search converts won endings, and the engine plays on when a slice
// is damaged.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <random>

#include "core/fen.h"
#include "core/game.h"
#include "core/movegen.h"
#include "egdb/database.h"
#include "egdb/index.h"
#include "egdb_fixture.h"
#include "search/search.h"

using namespace damiera;
using namespace damiera::egdb;
namespace fs = std::filesystem;

namespace {

// Both sides search with the database (a few plies deep, so the database does the work) until
// the game ends (R13..R15).
GameResult playOut(const Position& start, const std::shared_ptr<Database>& db, int& plies) {
  Game game(start);
  SearchContext context(std::make_shared<TranspositionTable>(1));
  SearchOptions options;
  options.database = db;
  options.databasePieces = 4;
  SearchLimits limits;
  limits.depth = 3;
  while (game.result().outcome == Outcome::Ongoing) {
    SearchControl control;
    const SearchResult r = runSearch(game, limits, options, context, control, {});
    REQUIRE(r.bestMove);
    game.play(*r.bestMove);
  }
  plies = static_cast<int>(game.moves().size());
  return game.result();
}

}  // namespace

TEST_CASE("egdb engine: won 4-piece positions are converted against the database's defence",
          "[egdb]") {
  const auto db = std::make_shared<Database>(test::smallDatabase(), 4, 16 << 20);
  std::mt19937_64 rng(2026);
  const std::vector<Material> slices = slicesUpTo(4);
  int games = 0;
  while (games < 24) {
    const Material m = slices[rng() % slices.size()];
    if (m.pieces() != 4) continue;
    const SliceIndex index(m);
    const Position pos = toPosition(index.board(rng() % index.size()));
    if (hasCapture(pos)) continue;
    const std::optional<Value> v = db->probe(pos);
    REQUIRE(v);
    // The long ones are the test: quick conversions are easy; kings-only slices give them.
    if (v->wdl != Wdl::Win || v->distance < 5) continue;
    INFO(formatFen(pos) << " " << describe(*v));
    int plies = 0;
    const GameResult result = playOut(pos, db, plies);
    CHECK(result.outcome == Outcome::WhiteWins);  // R15 (80 plies) would have made it a draw
    CHECK(plies >= v->distance);                  // the conversion, then the rest of the win
    ++games;
  }
}

TEST_CASE("egdb engine: a damaged slice is named and the engine plays on without it", "[egdb]") {
  const fs::path dir =
      fs::temp_directory_path() / ("damiera-egdb-engine-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(test::smallDatabase()))
    if (e.path().extension() == ".egdb") fs::copy_file(e.path(), dir / e.path().filename());
  const std::string victim = (dir / "02-01.egdb").string();
  fs::resize_file(victim, 100);

  // The engine names the file when the option is set...
  const std::string command = "printf 'setoption name EGDBPath value " + dir.string() +
                              "\\nisready\\nquit\\n' | " + DAMIERA_BINARY + " 2>&1";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  ::pclose(pipe);
  CHECK(out == "info string egdb file " + victim + ": truncated\nreadyok\n");

  // ...and searches with the other slices: White to move in 02-01 itself is unreadable, Black
  // to move there is read from the intact mirror 01-02.
  const auto db = std::make_shared<Database>(dir.string(), 4, 1 << 20);
  CHECK_FALSE(db->probe(*parseFen("W:WK1,K2:BK32").value));
  CHECK(db->probe(*parseFen("B:WK1,K2:BK32").value));
  SearchContext context(std::make_shared<TranspositionTable>(1));
  SearchOptions options;
  options.database = db;
  options.databasePieces = 4;
  SearchLimits limits;
  limits.depth = 6;
  for (const char* text : {"W:WK1,K2:BK32", "B:WK1,K2:BK32", "W:WK29,K30:B4"}) {
    const Position pos = *parseFen(text).value;
    SearchControl control;
    std::uint64_t hits = 0;
    SearchCallbacks callbacks;
    callbacks.onInfo = [&](const SearchInfo& info) { hits = info.tbhits.value_or(0); };
    const SearchResult r = runSearch(Game(pos), limits, options, context, control, callbacks);
    INFO(text);
    REQUIRE(r.bestMove);
    MoveList legal;
    generateMoves(pos, legal);
    CHECK(std::find(legal.begin(), legal.end(), *r.bestMove) != legal.end());
    CHECK(hits > 0);
  }
  fs::remove_all(dir);
}
