// Sessions over TCP: many clients at once, each with its own game and its own correct answers;
// searches on the server-wide pool that never block another client; stop, disconnects and the
// caps on what one client may ask for.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <mutex>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "protocol/reply.h"
#include "tests/server/server_process.h"
#include "tests/server/tcp_client.h"

using namespace damiera;
using namespace damiera::testing;

namespace {

// The move of a "bestmove <move> [ponder <move>]" line, when it is legal in pos.
std::optional<PathMove> legalBestMove(const Position& pos, const std::string& line) {
  static const std::regex kBestMove(R"(bestmove (\S+)( ponder \S+)?)");
  std::smatch match;
  if (!std::regex_match(line, match, kBestMove)) return std::nullopt;
  const Parsed<PathMove> move = parseMove(pos, match[1].str());
  if (!move) return std::nullopt;
  return *move.value;
}

// Plays one game on its own connection: the engine's move and a random one in turn. Every
// reply must be this game's own: its legal moves, a legal bestmove. Returns what went wrong.
std::vector<std::string> playGame(int port, unsigned seed, int plies) {
  std::vector<std::string> problems;
  TcpClient client(port);
  std::mt19937 random(seed);
  Position pos = Position::start();
  std::string moves;
  for (int ply = 0; ply < plies; ++ply) {
    client.sendLine("position startpos moves" + moves);
    client.sendLine("legalmoves");
    const std::vector<PathMove> legal = generatePathMoves(pos);
    const std::optional<std::string> listed = client.readLine();
    if (listed != protocol::legalMovesLine(legal)) {
      problems.push_back("game " + std::to_string(seed) + " ply " + std::to_string(ply) +
                         ": got '" + listed.value_or("(nothing)") + "'");
      return problems;
    }
    if (legal.empty()) break;
    PathMove move = legal[random() % legal.size()];
    if (ply % 2 == 0) {
      client.sendLine("go depth 3");
      const std::optional<std::string> best = client.readUntil("bestmove");
      const std::optional<PathMove> engineMove = best ? legalBestMove(pos, *best) : std::nullopt;
      if (!engineMove) {
        problems.push_back("game " + std::to_string(seed) + " ply " + std::to_string(ply) +
                           ": bad bestmove '" + best.value_or("(nothing)") + "'");
        return problems;
      }
      move = *engineMove;
    }
    moves += " " + formatMove(move);
    pos = pos.after(move.move);
  }
  client.sendLine("quit");
  if (!client.readToEnd(10s)) problems.push_back("game " + std::to_string(seed) + ": no close");
  return problems;
}

}  // namespace

TEST_CASE("50 clients at once each play their own game and get their own answers",
          "[server][sessions]") {
  ServerProcess server(smallServer());
  std::mutex mutex;
  std::vector<std::string> problems;
  std::vector<std::thread> players;
  for (unsigned seed = 1; seed <= 50; ++seed)
    players.emplace_back([&, seed] {
      std::vector<std::string> mine;
      try {
        mine = playGame(server.port(), seed, 12);
      } catch (const std::exception& e) {
        mine.push_back(e.what());
      }
      const std::lock_guard lock(mutex);
      problems.insert(problems.end(), mine.begin(), mine.end());
    });
  for (std::thread& player : players) player.join();
  INFO((problems.empty() ? std::string() : problems.front()));
  CHECK(problems.empty());
  CHECK(server.stopCleanly());
}

TEST_CASE("One client's position, options, stop and ucinewgame never touch another's",
          "[server][sessions]") {
  ServerProcess server(smallServer({"--max-movetime", "600000"}));
  TcpClient a(server.port());
  TcpClient b(server.port());
  a.sendLine("position fen W:WK29:BK4 moves 29-25 4-8 25-21 8-12");
  a.sendLine("setoption name NoProgressMoves value 2");
  a.sendLine("result");
  CHECK(a.readLine() == "result 1/2-1/2 no-progress");
  b.sendLine("position fen W:WK29:BK4 moves 29-25 4-8 25-21 8-12");
  b.sendLine("result");
  CHECK(b.readLine() == "result * ongoing");
  b.sendLine("position startpos");

  b.sendLine("go infinite");
  REQUIRE(b.readUntil("info"));
  a.sendLine("stop");
  a.sendLine("ucinewgame");
  a.sendLine("isready");
  CHECK(a.readLine() == "readyok");
  std::vector<std::string> seen;
  CHECK_FALSE(b.readUntil("bestmove", 500ms, &seen));  // still searching
  b.sendLine("stop");
  CHECK(b.readUntil("bestmove"));
  CHECK(server.stopCleanly());
}

TEST_CASE("A search never blocks another client's isready, legalmoves or stop",
          "[server][sessions]") {
  ServerProcess server({"--hash", "8", "--threads", "1", "--max-movetime", "600000"});
  TcpClient searcher(server.port());
  TcpClient other(server.port());
  searcher.sendLine("go infinite");
  REQUIRE(searcher.readUntil("info"));  // it computes on the only processor
  other.sendLine("isready");
  CHECK(other.readLine(5s) == "readyok");
  other.sendLine("legalmoves");
  CHECK(other.readLine(5s) == "legalmoves 21-17 21-18 22-18 22-19 23-19 23-20 24-20");
  other.sendLine("go infinite");  // the two take turns on the processor
  other.sendLine("isready");
  CHECK(other.readUntil("readyok", 5s));
  searcher.sendLine("isready");  // the searching client itself is answered too
  CHECK(searcher.readUntil("readyok", 5s));
  other.sendLine("stop");  // stops at once, with exactly one bestmove
  CHECK(other.readUntil("bestmove", 5s));
  other.sendLine("isready");
  CHECK(other.readLine(5s) == "readyok");
  searcher.sendLine("stop");
  CHECK(searcher.readUntil("bestmove", 5s));
  searcher.sendLine("isready");
  CHECK(searcher.readLine(5s) == "readyok");
  CHECK(server.stopCleanly());
}

TEST_CASE("stop for a search still queued behind a full pool answers with a bestmove",
          "[server][sessions]") {
  // One search thread: 8 searches in progress at most (analysis_server.h); a ninth waits for
  // a place. PROTOCOL.md: a stop always produces exactly one bestmove, also for that one.
  ServerProcess server({"--hash", "8", "--threads", "1", "--max-movetime", "600000"});
  std::vector<std::unique_ptr<TcpClient>> busy;
  for (int i = 0; i < 8; ++i) {
    busy.push_back(std::make_unique<TcpClient>(server.port()));
    busy.back()->sendLine("go infinite");
    REQUIRE(busy.back()->readUntil("info", 20s));  // it holds a place in the pool
  }
  TcpClient queued(server.port());
  queued.sendLine("go infinite");
  queued.sendLine("isready");
  std::vector<std::string> before;
  REQUIRE(queued.readUntil("readyok", 10s, &before));
  CHECK(before.empty());  // no place: not one info line
  queued.sendLine("stop");
  std::vector<std::string> infos;
  const auto best = queued.readUntil("bestmove", 10s, &infos);
  REQUIRE(best);
  CHECK(legalBestMove(Position::start(), *best));
  queued.sendLine("isready");
  CHECK(queued.readLine(5s) == "readyok");  // exactly one bestmove, and the session is free
  for (const auto& client : busy) {         // the others search on
    client->sendLine("stop");
    CHECK(client->readUntil("bestmove", 10s));
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("Searches take turns: long analyses do not hold up a short search, nor each other",
          "[server][sessions][fairness]") {
  // One processor, two analyses that would run for ten minutes.
  ServerProcess server({"--hash", "8", "--threads", "1", "--max-movetime", "600000"});
  TcpClient first(server.port());
  TcpClient second(server.port());
  first.sendLine("position startpos moves 22-18");
  first.sendLine("go infinite");
  REQUIRE(first.readUntil("info"));
  second.sendLine("position startpos moves 21-17");
  second.sendLine("go infinite");
  // Both make progress at once: each reaches depth 8 while the other still runs.
  CHECK(first.readUntil("info depth 8 ", 20s));
  CHECK(second.readUntil("info depth 8 ", 20s));

  // A short search comes first among those waiting: it has computed least.
  TcpClient quick(server.port());
  quick.sendLine("go depth 6");
  CHECK(quick.readUntil("bestmove", 10s));

  first.sendLine("stop");
  CHECK(first.readUntil("bestmove", 5s));
  second.sendLine("stop");
  CHECK(second.readUntil("bestmove", 5s));
  CHECK(server.stopCleanly());
}

TEST_CASE("A client that disconnects mid-search frees its search at once", "[server][sessions]") {
  ServerProcess server({"--hash", "8", "--threads", "1", "--max-movetime", "600000"});
  {
    TcpClient gone(server.port());
    gone.sendLine("go infinite");
    REQUIRE(gone.readUntil("info"));
  }  // closed while searching
  {
    TcpClient queued(server.port());  // a search waiting for its turn, then gone too
    TcpClient running(server.port());
    running.sendLine("go infinite");
    REQUIRE(running.readUntil("info", 10s));  // the processor is free again: it runs
    queued.sendLine("go infinite");
    queued.sendLine("isready");
    REQUIRE(queued.readUntil("readyok"));
    queued.close();
    running.sendLine("stop");
    REQUIRE(running.readUntil("bestmove"));
  }
  TcpClient next(server.port());
  next.sendLine("go depth 3");
  CHECK(next.readUntil("bestmove", 10s));
  CHECK(server.stopCleanly());
}

TEST_CASE("The time and depth caps (--max-movetime, --max-depth) hold for every go",
          "[server][limits][heavy]") {
  SECTION("go infinite and go ponder end at the time cap with a bestmove") {
    ServerProcess server(smallServer({"--max-movetime", "300"}));
    TcpClient client(server.port());
    client.sendLine("go infinite");
    CHECK(client.readUntil("bestmove", 10s));
    client.sendLine("go ponder");
    CHECK(client.readUntil("bestmove", 10s));
    client.sendLine("go movetime 100000");
    CHECK(client.readUntil("bestmove", 10s));
    CHECK(server.stopCleanly());
  }
  SECTION("a deep search stops at the depth cap") {
    ServerProcess server(smallServer({"--max-depth", "3"}));
    TcpClient client(server.port());
    client.sendLine("go depth 40");
    std::vector<std::string> infos;
    REQUIRE(client.readUntil("bestmove", 10s, &infos));
    REQUIRE_FALSE(infos.empty());
    static const std::regex kDepth(R"(info depth (\d+) .*)");
    for (const std::string& info : infos) {
      std::smatch match;
      REQUIRE(std::regex_match(info, match, kDepth));
      CHECK(std::stoi(match[1]) <= 3);
    }
    CHECK(server.stopCleanly());
  }
}

TEST_CASE(
    "perft and bench are jobs of the search pool: isready meanwhile, stop and the cap end them",
    "[server][sessions][perft]") {
  ServerProcess server(smallServer({"--max-movetime", "600000"}));
  TcpClient client(server.port());
  client.sendLine("perft 20");  // hours of counting: over the old depth-6 cap
  client.sendLine("isready");
  CHECK(client.readLine() == "readyok");
  TcpClient other(server.port());  // another client is not held up either
  other.sendLine("isready");
  CHECK(other.readLine() == "readyok");
  client.sendLine("stop");
  const std::optional<std::string> summary = client.readLine();
  REQUIRE(summary);
  CHECK(std::regex_match(*summary, std::regex(R"(perft 20 stopped nodes 0 time \d+ nps \d+)")));
  client.sendLine("perft 2");
  std::vector<std::string> rootLines;
  const std::optional<std::string> total = client.readUntil("perft 2 ", 10s, &rootLines);
  REQUIRE(total);
  CHECK(total->starts_with("perft 2 nodes 49 "));
  CHECK(rootLines.size() == 7);

  ServerProcess capped(smallServer({"--max-movetime", "300"}));
  TcpClient benchClient(capped.port());
  benchClient.sendLine("bench 30");
  const std::optional<std::string> bench = benchClient.readLine(20s);
  REQUIRE(bench);
  CHECK(std::regex_match(*bench, std::regex(R"(bench stopped nodes \d+ time \d+ nps \d+)")));
}

TEST_CASE("perft on a server: threads within its one-thread-per-job cap, hash within its --hash",
          "[server][sessions][perft]") {
  ServerProcess server(smallServer());  // --hash 8
  TcpClient client(server.port());
  client.sendLine("perft 4 hash 9 threads 2");
  CHECK(client.readLine() == "error perft: hash 9 (MB) is more than this server allows: at most 8");
  for (const char* line : {"perft 4 hash 8 threads 2", "perft 4 unique threads 64"}) {
    INFO(line);
    client.sendLine(line);
    std::vector<std::string> rootLines;
    const std::optional<std::string> total = client.readUntil("perft 4 ", 10s, &rootLines);
    REQUIRE(total);
    CHECK(total->starts_with("perft 4 nodes 1469 "));
    CHECK(rootLines.size() == 7);
  }
  CHECK(server.stopCleanly());
}

TEST_CASE("A client cannot make the server open a file or folder it names", "[server][sessions]") {
  // PROTOCOL.md: no command reads or writes files on the server. EvalFile, EGDBPath, BookFile name
  // files on the machine they run on: a client may only switch them off (or to the defaults
  // the operator set up), not probe the server's files.
  ServerProcess server({"--hash", "8", "--threads", "1"});
  TcpClient client(server.port());
  for (const char* option : {"EvalFile", "EGDBPath", "BookFile"}) {
    INFO(option);
    client.sendLine(std::string("setoption name ") + option + " value /etc/passwd");
    CHECK(client.readLine(5s) == std::string("error ") + option +
                                     " '/etc/passwd': this server opens no file or folder a "
                                     "client names (allowed: <empty>)");
    client.sendLine(std::string("setoption name ") + option + " value <empty>");
    client.sendLine("isready");
    CHECK(client.readLine(5s) == "readyok");  // <empty> was taken without a word
  }
  CHECK(server.stopCleanly());
}

TEST_CASE(
    "A server's --eval-dir: a client chooses the operator's evaluation files by name, and no other",
    "[server][sessions][eval]") {
  namespace fs = std::filesystem;
  const fs::path folder =
      fs::path(DAMIERA_BUILD_DIR) / ("eval-dir-test-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  fs::copy_file(fs::path(DAMIERA_SOURCE_DIR) / "src/search/weights/gen3.weights",
                folder / "shipped.weights");
  {
    ServerProcess server({"--hash", "8", "--threads", "1", "--eval-dir", folder.string()});
    TcpClient client(server.port());
    client.sendLine("setoption name EvalFile value shipped.weights");
    client.sendLine("isready");
    CHECK(client.readLine(5s) == "readyok");  // taken without a word
    for (const std::string name : {"missing.weights", "../eval-dir-test", "/etc/passwd"}) {
      INFO(name);
      client.sendLine("setoption name EvalFile value " + name);
      CHECK(client.readLine(5s) ==
            "error EvalFile " + damiera::protocol::quoted(name) +
                ": not a file of this server's evaluation folder (allowed: <empty>, "
                "'shipped.weights')");
    }
    client.sendLine("setoption name EvalFile value <empty>");
    client.sendLine("isready");
    CHECK(client.readLine(5s) == "readyok");
    CHECK(server.stopCleanly());
  }
  fs::remove_all(folder);
}
