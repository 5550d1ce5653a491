// damiera-match playing whole matches between fake engines (tests/fake_engines/): consistent
// totals, valid PDN read back with the project's reader, colours swapped per opening, engine
// logs, concurrency, adjudication, the SPRT stopping a match, and engines reached over TCP.
#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/notation.h"
#include "core/pdn.h"
#include "tests/tools/match_support.h"

using namespace damiera;
using namespace damiera::test;

namespace {

std::vector<PdnGame> readGames(const std::string& path) {
  Parsed<std::vector<PdnGame>> games = readPdn(damiera::test::fileText(path));
  INFO("PDN error: " << games.error);
  REQUIRE(games);
  return std::move(*games.value);
}

struct TableRow {
  int games = -1, wins = -1, draws = -1, losses = -1;
};

// The final table's row for "A vs B".
TableRow tableRow(const std::string& output, const std::string& pair) {
  const std::regex row(pair + R"(\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+\.\d%)");
  std::smatch m;
  TableRow result;
  if (std::regex_search(output, m, row)) {
    result = {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
  }
  return result;
}

// W/D/L of engine `first` counted from PDN results.
TableRow countFromPdn(const std::vector<PdnGame>& games, const std::string& first) {
  TableRow r{0, 0, 0, 0};
  for (const PdnGame& g : games) {
    ++r.games;
    const bool firstWhite = g.tag("White") == first;
    if (g.result == kPdnDraw)
      ++r.draws;
    else if ((g.result == kPdnWhiteWins) == firstWhite)
      ++r.wins;
    else
      ++r.losses;
  }
  return r;
}

std::vector<std::string> movesOf(const PdnGame& game) {
  std::vector<std::string> moves;
  for (const PathMove& m : game.moves) moves.push_back(formatMove(m));
  return moves;
}

}  // namespace

TEST_CASE("match: a short match has consistent totals, valid PDN and swapped colours", "[match]") {
  ScratchDir dir;
  const std::string openings = dir.file("openings.txt");
  writeFile(openings,
            "# two openings: a move sequence and a FEN with Black to move\n"
            "\n"
            "1. 22-18 11-14 2. 18x11\n"
            "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n");
  const std::string pdn = dir.file("games.pdn");
  const std::string logs = dir.file("logs");
  const RunResult run =
      runMatch({"--engine", "name=Alpha", fakeEngine("random", 0, "11"), "--engine", "name=Beta",
                fakeEngine("random", 0, "12"), "--openings", openings, "--depth", "1", "--pdn", pdn,
                "--log", logs, "--event", "unit test", "--max-moves", "40"});
  REQUIRE(run.exitCode == 0);

  const std::vector<PdnGame> games = readGames(pdn);
  REQUIRE(games.size() == 4);  // two openings, both colours
  const TableRow row = tableRow(run.output, "Alpha vs Beta");
  CHECK(row.games == 4);
  CHECK(row.wins + row.draws + row.losses == 4);
  const TableRow fromPdn = countFromPdn(games, "Alpha");
  CHECK(row.wins == fromPdn.wins);
  CHECK(row.draws == fromPdn.draws);
  CHECK(row.losses == fromPdn.losses);

  std::set<std::string> rounds;
  for (const PdnGame& g : games) {
    CHECK(g.tag("Event") == "unit test");
    CHECK(g.tag("GameType") == "22");
    CHECK(g.tag("Date").has_value());
    CHECK(g.tag("Result") == g.result);
    CHECK(g.result != kPdnUnfinished);
    CHECK(g.tag("Termination").has_value());
    REQUIRE(g.tag("FEN").has_value());
    CHECK(*g.tag("FEN") == formatFen(g.start));
    rounds.insert(*g.tag("Round"));
  }
  CHECK(rounds == std::set<std::string>{"1", "2", "3", "4"});

  // Games come in pairs: the same opening, the engines swapping colours.
  std::map<std::string, const PdnGame*> byRound;
  for (const PdnGame& g : games) byRound[*g.tag("Round")] = &g;
  for (const auto& [a, b] : {std::pair{"1", "2"}, std::pair{"3", "4"}}) {
    const PdnGame& first = *byRound[a];
    const PdnGame& second = *byRound[b];
    CHECK(first.tag("White") == second.tag("Black"));
    CHECK(first.tag("Black") == second.tag("White"));
    CHECK(first.start == second.start);
  }
  // Opening 1 is a move sequence: its moves start both games' move text, from R3's position.
  for (const char* round : {"1", "2"}) {
    const PdnGame& g = *byRound[round];
    CHECK(g.start == Position::start());
    const std::vector<std::string> moves = movesOf(g);
    REQUIRE(moves.size() >= 3);
    CHECK(std::vector<std::string>(moves.begin(), moves.begin() + 3) ==
          std::vector<std::string>{"22-18", "11-14", "18x11"});
  }
  // Opening 2 is a FEN with Black to move.
  CHECK(formatFen(byRound["3"]->start) ==
        "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");

  // One log per engine per game, with the protocol both ways.
  for (int game = 1; game <= 4; ++game) {
    for (const std::string engine : {"Alpha", "Beta"}) {
      const std::string log = damiera::test::fileText(logs + "/game-00000" + std::to_string(game) +
                                                      "-" + engine + ".log");
      CHECK(log.find(" > go depth 1") != std::string::npos);
      CHECK(log.find(" < bestmove ") != std::string::npos);
    }
  }
}

TEST_CASE("match: games played in parallel are all counted and numbered once", "[match][heavy]") {
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");
  const RunResult run =
      runMatch({"--engine", "name=A", fakeEngine("random", 0, "21"), "--engine", "name=B",
                fakeEngine("random", 0, "22"), "--openings",
                kSourceDir + "/tools/openings/3ply.txt", "--games", "6", "--concurrency", "3",
                "--movetime", "5000", "--max-moves", "20", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  const std::vector<PdnGame> games = readGames(pdn);
  REQUIRE(games.size() == 6);
  std::set<std::string> rounds;
  for (const PdnGame& g : games) rounds.insert(*g.tag("Round"));
  CHECK(rounds.size() == 6);
  const TableRow row = tableRow(run.output, "A vs B");
  CHECK(row.games == 6);
  const TableRow fromPdn = countFromPdn(games, "A");
  CHECK(row.wins == fromPdn.wins);
  CHECK(row.draws == fromPdn.draws);
  CHECK(row.losses == fromPdn.losses);
}

TEST_CASE("match: adjudication ends games by score agreement and by length", "[match]") {
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");

  SECTION("draw: both engines near zero") {
    const RunResult run =
        runMatch({"--engine", "name=A", fakeEngine("random", 0, "31"), "--engine", "name=B",
                  fakeEngine("random", 0, "32"), "--depth", "1", "--games", "2", "--adjudicate",
                  "draw=3", "draw-from=1", "--pdn", pdn});
    REQUIRE(run.exitCode == 0);
    for (const PdnGame& g : readGames(pdn)) {
      CHECK(g.result == kPdnDraw);
      CHECK(g.tag("Termination")->find("adjudicated draw") != std::string::npos);
      CHECK(g.moves.size() == 6);  // three moves each
    }
  }
  SECTION("win: both engines agree that White is winning") {
    const RunResult run = runMatch({"--each", "option.WhiteScore=800", "--engine", "name=A",
                                    fakeEngine("random", 0, "33"), "--engine", "name=B",
                                    fakeEngine("random", 0, "34"), "--depth", "1", "--games", "2",
                                    "--adjudicate", "win=2", "win-score=500", "--pdn", pdn});
    REQUIRE(run.exitCode == 0);
    for (const PdnGame& g : readGames(pdn)) {
      CHECK(g.result == kPdnWhiteWins);
      CHECK(g.tag("Termination")->find("adjudicated win") != std::string::npos);
      CHECK(g.moves.size() == 4);
    }
    CHECK(tableRow(run.output, "A vs B").wins == 1);
    CHECK(tableRow(run.output, "A vs B").losses == 1);
  }
  SECTION("--max-moves") {
    const RunResult run = runMatch({"--engine", "name=A", fakeEngine("random", 0, "35"), "--engine",
                                    "name=B", fakeEngine("random", 0, "36"), "--depth", "1",
                                    "--games", "2", "--max-moves", "5", "--pdn", pdn});
    REQUIRE(run.exitCode == 0);
    for (const PdnGame& g : readGames(pdn)) {
      CHECK(g.result == kPdnDraw);
      CHECK(*g.tag("Termination") == "adjudicated draw: 5 moves each played");
      CHECK(g.moves.size() == 10);
    }
  }
}

TEST_CASE("match: the SPRT stops the match once it has a verdict", "[match][sprt][heavy]") {
  // Loose error rates make the bounds +-0.41, which random engines cross in a few games.
  constexpr int kCap = 400;
  const RunResult run =
      runMatch({"--engine", "name=A", fakeEngine("random", 0, "41"), "--engine", "name=B",
                fakeEngine("random", 0, "42"), "--depth", "1", "--games", std::to_string(kCap),
                "--sprt", "elo0=0", "elo1=300", "alpha=0.4", "beta=0.4", "--max-moves", "30"});
  REQUIRE(run.exitCode == 0);
  CHECK(std::regex_search(run.output,
                          std::regex(R"(SPRT H[01] accepted, LLR -?\d+\.\d\d \(-0\.41, 0\.41\))")));
  const TableRow row = tableRow(run.output, "A vs B");
  CHECK(row.games > 0);
  CHECK(row.games < kCap);
  CHECK(run.output.find("LLR") != std::string::npos);  // in the progress line too
}

TEST_CASE("match: an engine reached over TCP plays like a child process", "[match][tcp][heavy]") {
  // The stand-in server runs a fake engine per connection and says "port N" when listening.
  RunningProgram server({"python3", kSourceDir + "/tests/fake_engines/tcp_server.py", "bash",
                         kFakeEngine, kDamieraBinary, "random", "0", "51"});
  REQUIRE(server.readUntil("\n"));
  std::smatch port;
  const std::string greeting = server.output();
  REQUIRE(std::regex_search(greeting, port, std::regex(R"(port (\d+))")));
  ScratchDir dir;
  const std::string pdn = dir.file("games.pdn");
  const RunResult run =
      runMatch({"--engine", "name=Local", fakeEngine("random", 0, "52"), "--engine", "name=Remote",
                "tcp=127.0.0.1:" + port[1].str(), "--depth", "1", "--games", "2", "--concurrency",
                "2", "--max-moves", "40", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  CHECK(tableRow(run.output, "Local vs Remote").games == 2);
  const std::vector<PdnGame> games = readGames(pdn);
  REQUIRE(games.size() == 2);
  // Neither engine failed: the games ended by the rules or the move limit.
  for (const PdnGame& g : games) CHECK(g.tag("Termination")->find("loses") == std::string::npos);
}

TEST_CASE("match: openings can be PDN games, each game's FEN and moves", "[match]") {
  ScratchDir dir;
  const std::string openings = dir.file("openings.pdn");
  writeFile(openings,
            "[FEN \"B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]\n"
            "1... 11-14 *\n");
  const std::string pdn = dir.file("games.pdn");
  const RunResult run = runMatch({"--engine", "name=A", fakeEngine("random", 0, "61"), "--engine",
                                  "name=B", fakeEngine("random", 0, "62"), "--depth", "1",
                                  "--openings", openings, "--max-moves", "2", "--pdn", pdn});
  REQUIRE(run.exitCode == 0);
  const std::vector<PdnGame> games = readGames(pdn);
  REQUIRE(games.size() == 2);
  for (const PdnGame& g : games) {
    CHECK(formatFen(g.start) ==
          "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    REQUIRE(g.moves.size() == 5);  // the opening's move, then two moves each
    CHECK(formatMove(g.moves[0]) == "11-14");
  }
}

TEST_CASE("match: shards play disjoint rounds covering the match, and --combine adds them up",
          "[match][shard][heavy]") {
  ScratchDir dir;
  const std::string openings = dir.file("openings.txt");
  writeFile(openings, "22-18 11-14\n22-19 10-14\n23-19 12-16\n");
  std::vector<PdnGame> all;
  std::vector<std::string> pdns;
  TableRow sum{0, 0, 0, 0};
  for (int k = 1; k <= 3; ++k) {
    pdns.push_back(dir.file("shard-" + std::to_string(k) + ".pdn"));
    const RunResult run = runMatch(
        {"--engine", "name=Alpha", fakeEngine("random", 0, "21"), "--engine", "name=Beta",
         fakeEngine("random", 0, "22"), "--openings", openings, "--depth", "1", "--games", "10",
         "--max-moves", "40", "--shard", std::to_string(k) + "/3", "--pdn", pdns.back()});
    REQUIRE(run.exitCode == 0);
    const std::vector<PdnGame> games = readGames(pdns.back());
    // 10 games are 5 rounds (an opening, both colours): shard 1 has rounds 1 and 4, shard 2
    // rounds 2 and 5, shard 3 round 3.
    CHECK(games.size() == (k == 3 ? 2u : 4u));
    for (const PdnGame& g : games) {
      const int round = (std::stoi(*g.tag("Round")) - 1) / 2;
      CHECK(round % 3 == k - 1);
    }
    const TableRow row = tableRow(run.output, "Alpha vs Beta");
    sum = {sum.games + row.games, sum.wins + row.wins, sum.draws + row.draws,
           sum.losses + row.losses};
    all.insert(all.end(), games.begin(), games.end());
  }
  std::set<std::string> rounds;
  for (const PdnGame& g : all) rounds.insert(*g.tag("Round"));
  CHECK(rounds.size() == 10);  // every game of the match once

  std::vector<std::string> combine = {"--combine"};
  combine.insert(combine.end(), pdns.rbegin(), pdns.rend());  // the order does not matter
  const RunResult run = runMatch(combine);
  REQUIRE(run.exitCode == 0);
  const TableRow combined = tableRow(run.output, "Alpha vs Beta");
  CHECK(combined.games == 10);
  CHECK(combined.wins == sum.wins);
  CHECK(combined.draws == sum.draws);
  CHECK(combined.losses == sum.losses);
  const TableRow fromPdn = countFromPdn(all, "Alpha");
  CHECK(run.output.find("combined W " + std::to_string(fromPdn.wins) + " D " +
                        std::to_string(fromPdn.draws) + " L " + std::to_string(fromPdn.losses) +
                        " sprt none") != std::string::npos);
}
