// The test host for the CheckerBoard engine DLL: a Windows console program that loads the DLL
// the way CheckerBoard does (LoadLibrary, GetProcAddress of the plain names, stdcall, every
// getmove() on a fresh thread with 100,000 bytes of stack committed, read-only command strings)
// and checks its answers against what the Linux rules core expects.
//
//   damiera-cb-host DLL EXPECTATIONS GAME_RECORD DATABASE_EXPECTATION DATABASE_DIR DAMAGED_DIR
//                   BOOK
//
// EXPECTATIONS comes from `damiera-cb-expect positions` (native): for each test position every
// legal move with its captured squares and the position after it. GAME_RECORD is written here
// (a game of the engine against itself) for `damiera-cb-expect check-game`. The last three come
// from `damiera-cb-expect database`: a small endgame database, a copy with a damaged slice, and
// what the Linux side plays with it. BOOK: the shipped opening book, used when none is beside
// the DLL. Prints one line per check and "N passed, M failed"; exit
// status 1 if any check failed.
//
// It shares no code with the DLL (only the interface's type declarations): board conversion,
// FEN and move descriptions are written again here, so a mistake must be made twice to pass.
#include <windows.h>
// after windows.h
#include <tlhelp32.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "checkerboard/cb_api.h"

using damiera::cb::CBmove;
using damiera::cb::Coor;

namespace {

using Board = int[8][8];
using GetMoveFn = int(WINAPI*)(Board board, int color, double maxtime, char str[1024], int* playnow,
                               int info, int moreinfo, CBmove* move);
using IsLegalFn = int(WINAPI*)(Board board, int color, int from, int to, CBmove* move);
using CommandFn = int(WINAPI*)(const char* command, char reply[1024]);

constexpr int kWhite = 1, kBlack = 2, kMan = 4, kKing = 8;
constexpr int kReturnDraw = 0, kReturnWin = 1, kReturnLoss = 2;
constexpr std::size_t kText = 1024;
constexpr std::size_t kGuard = 64;
constexpr unsigned char kGuardByte = 0xA5;

struct Api {
  GetMoveFn getmove = nullptr;
  IsLegalFn islegal = nullptr;
  CommandFn enginecommand = nullptr;
};

int passed = 0, failed = 0;

bool check(bool ok, const std::string& what) {
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", what.c_str());
  std::fflush(stdout);
  (ok ? passed : failed)++;
  return ok;
}

double nowSeconds() {
  LARGE_INTEGER count, frequency;
  QueryPerformanceCounter(&count);
  QueryPerformanceFrequency(&frequency);
  return static_cast<double>(count.QuadPart) / static_cast<double>(frequency.QuadPart);
}

// A 1024-byte text buffer with guard bytes behind it: a write past the end is caught.
struct GuardedText {
  char bytes[kText + kGuard];
  GuardedText() { clear(); }
  void clear() {
    std::memset(bytes, 0, kText);
    std::memset(bytes + kText, kGuardByte, kGuard);
  }
  char* text() { return bytes; }
  std::string str() const { return std::string(bytes, strnlen(bytes, kText)); }
  bool intact() const {
    for (std::size_t i = kText; i < kText + kGuard; ++i) {
      if (static_cast<unsigned char>(bytes[i]) != kGuardByte) return false;
    }
    return strnlen(bytes, kText) < kText;
  }
};

// ---- the Italian board array (CheckerBoard's API reference, game type 22) ----

Coor coorOf(int number) {
  const int y = (number - 1) / 4;
  const int x = 2 * ((number - 1) % 4) + (y % 2);
  return {x, y};
}
int numberAt(Coor c) { return 1 + 4 * c.y + c.x / 2; }

struct Setup {
  int board[8][8] = {};
  int color = kWhite;
};

// "W:W21,K22:B1,2" (canonical FEN as the native core writes it: no ranges).
bool parseFen(const std::string& fen, Setup& out) {
  out = Setup{};
  if (fen.size() < 2 || (fen[0] != 'W' && fen[0] != 'B') || fen[1] != ':') return false;
  out.color = fen[0] == 'W' ? kWhite : kBlack;
  std::stringstream sections(fen.substr(2));
  for (std::string section; std::getline(sections, section, ':');) {
    if (section.empty() || (section[0] != 'W' && section[0] != 'B')) return false;
    const int side = section[0] == 'W' ? kWhite : kBlack;
    std::stringstream items(section.substr(1));
    for (std::string item; std::getline(items, item, ',');) {
      if (item.empty()) continue;
      const bool king = item[0] == 'K';
      const int number = std::atoi(item.c_str() + (king ? 1 : 0));
      if (number < 1 || number > 32) return false;
      const Coor c = coorOf(number);
      out.board[c.x][c.y] = side | (king ? kKing : kMan);
    }
  }
  return true;
}

std::string fenOf(const int board[8][8], int color) {
  std::string fen = color == kWhite ? "W" : "B";
  for (int side : {kWhite, kBlack}) {
    fen += side == kWhite ? ":W" : ":B";
    bool first = true;
    for (int n = 1; n <= 32; ++n) {
      const Coor c = coorOf(n);
      const int piece = board[c.x][c.y];
      if ((piece & side) == 0) continue;
      if (!first) fen += ',';
      first = false;
      if (piece & kKing) fen += 'K';
      fen += std::to_string(n);
    }
  }
  return fen;
}

// ---- moves, as keys comparable with CheckerBoard's "get movelist" items ----
// "jumps,oldpiece,newpiece,from,to[,landed,captured,capturedpiece]..."

std::string keyOfCbMove(const CBmove& m) {
  std::string key = std::to_string(m.jumps) + ',' + std::to_string(m.oldpiece) + ',' +
                    std::to_string(m.newpiece) + ',' + std::to_string(numberAt(m.from)) + ',' +
                    std::to_string(numberAt(m.to));
  for (int i = 0; i < m.jumps && i < 11; ++i) {
    key += ',' + std::to_string(numberAt(m.path[i + 1])) + ',' +
           std::to_string(numberAt(m.del[i])) + ',' + std::to_string(m.delpiece[i]);
  }
  return key;
}

std::string pathOfCbMove(const CBmove& m) {
  if (m.jumps == 0) return std::to_string(numberAt(m.from)) + '-' + std::to_string(numberAt(m.to));
  std::string path = std::to_string(numberAt(m.from));
  for (int i = 1; i <= m.jumps; ++i) path += 'x' + std::to_string(numberAt(m.path[i]));
  return path;
}

bool hasPieces(const int board[8][8], int color) {
  for (int x = 0; x < 8; ++x) {
    for (int y = 0; y < 8; ++y) {
      if (board[x][y] & color) return true;
    }
  }
  return false;
}

// What CheckerBoard does with a CBmove when it plays it itself.
void applyCbMove(int board[8][8], const CBmove& m) {
  board[m.from.x][m.from.y] = 0;
  for (int i = 0; i < m.jumps; ++i) board[m.del[i].x][m.del[i].y] = 0;
  board[m.to.x][m.to.y] = m.newpiece;
}

struct ExpectedMove {
  std::string path;           // "22x13x6"
  std::vector<int> squares;   // 22, 13, 6
  std::vector<int> captured;  // ascending, from the native core
  std::string after;          // FEN after the move
  std::string key;            // the movelist item it must be
};

struct ExpectedPosition {
  std::string fen;
  Setup setup;
  std::vector<ExpectedMove> moves;
};

// The key of an expected move, worked out here from the board before and after it.
std::string keyOfExpected(const Setup& before, const ExpectedMove& m, const Setup& after) {
  const int from = m.squares.front(), to = m.squares.back();
  const int jumps = m.captured.empty() ? 0 : static_cast<int>(m.squares.size()) - 1;
  const Coor f = coorOf(from), t = coorOf(to);
  std::string key = std::to_string(jumps) + ',' + std::to_string(before.board[f.x][f.y]) + ',' +
                    std::to_string(after.board[t.x][t.y]) + ',' + std::to_string(from) + ',' +
                    std::to_string(to);
  for (int i = 0; i < jumps; ++i) {
    const Coor a = coorOf(m.squares[i]), b = coorOf(m.squares[i + 1]);
    const Coor victim{(a.x + b.x) / 2, (a.y + b.y) / 2};
    key += ',' + std::to_string(m.squares[i + 1]) + ',' + std::to_string(numberAt(victim)) + ',' +
           std::to_string(before.board[victim.x][victim.y]);
  }
  return key;
}

std::vector<int> splitNumbers(const std::string& text, char separator) {
  std::vector<int> numbers;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, separator);) {
    if (!item.empty() && item != "-") numbers.push_back(std::atoi(item.c_str()));
  }
  return numbers;
}

bool readExpectations(const char* file, std::vector<ExpectedPosition>& out) {
  std::ifstream in(file);
  if (!in) return false;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind == "position") {
      ExpectedPosition p;
      words >> p.fen;
      if (!parseFen(p.fen, p.setup)) return false;
      out.push_back(p);
    } else if (kind == "move" && !out.empty()) {
      ExpectedMove m;
      std::string captured;
      words >> m.path >> captured >> m.after;
      std::string squares = m.path;
      std::replace(squares.begin(), squares.end(), 'x', '-');
      m.squares = splitNumbers(squares, '-');
      m.captured = splitNumbers(captured, ',');
      Setup after;
      if (m.squares.size() < 2 || !parseFen(m.after, after)) return false;
      m.key = keyOfExpected(out.back().setup, m, after);
      out.back().moves.push_back(m);
    } else if (kind != "end") {
      return false;
    }
  }
  return !out.empty();
}

// ---- calling the DLL as CheckerBoard does ----

struct Command {
  int result = 0;
  std::string reply;
  bool intact = false;
};

Command command(const Api& api, const char* text) {
  GuardedText reply;
  Command c;
  c.result = api.enginecommand(text, reply.text());
  c.reply = reply.str();
  c.intact = reply.intact();
  return c;
}

// One getmove() on its own thread, as CheckerBoard's SearchThreadFunc, on a copy of `setup`.
struct GetMoveCall {
  GetMoveCall(const Api& api, const Setup& setup, double maxtime, int info = 0)
      : api(&api), color(setup.color), maxtime(maxtime), info(info) {
    std::memcpy(board, setup.board, sizeof board);
  }
  GetMoveCall(const GetMoveCall&) = delete;
  GetMoveCall& operator=(const GetMoveCall&) = delete;

  const Api* api;
  int board[8][8];
  int color;
  double maxtime;
  GuardedText status;
  volatile int playnow = 0;
  int info;
  int moreinfo = 0;
  CBmove move{};
  int result = -1;
  HANDLE thread = nullptr;

  static DWORD WINAPI run(LPVOID self) {
    auto* call = static_cast<GetMoveCall*>(self);
    call->result = call->api->getmove(call->board, call->color, call->maxtime, call->status.text(),
                                      const_cast<int*>(&call->playnow), call->info, call->moreinfo,
                                      &call->move);
    return 0;
  }
  void start() { thread = CreateThread(nullptr, 100000, run, this, 0, nullptr); }
  bool finished(DWORD waitMs) { return WaitForSingleObject(thread, waitMs) == WAIT_OBJECT_0; }
  ~GetMoveCall() {
    if (thread) CloseHandle(thread);
  }
  // The board written back, with the other side to move.
  std::string fenAfter() const { return fenOf(board, color == kWhite ? kBlack : kWhite); }
};

// Runs getmove() to its end (a generous cap, so a hang fails instead of blocking the suite).
bool getMove(GetMoveCall& call) {
  call.start();
  if (!call.finished(120000)) {
    check(false, "getmove did not return within 120 s");
    return false;
  }
  return true;
}

// The legal move of `p` that the call played (its board written back and its CBmove), or null.
const ExpectedMove* playedMove(const ExpectedPosition& p, const GetMoveCall& call) {
  const std::string after = call.fenAfter(), key = keyOfCbMove(call.move);
  for (const ExpectedMove& m : p.moves) {
    if (m.after == after && m.key == key) return &m;
  }
  return nullptr;
}

// `bad` is refused (0, "error ...") and `get` still answers `kept`.
bool refusedKeeping(const Api& api, const std::string& bad, const char* get,
                    const std::string& kept) {
  const Command c = command(api, bad.c_str());
  return check(c.result == 0 && c.reply.rfind("error", 0) == 0 && c.intact &&
                   command(api, get).reply == kept,
               bad + " is refused and changes nothing: " + c.reply);
}

// ---- the checks ----

void checkCommands(const Api& api) {
  Command c = command(api, "get gametype");
  check(c.result == 1 && c.reply == "22" && c.intact, "get gametype answers 22 (" + c.reply + ")");
  c = command(api, "get protocolversion");
  check(c.result == 1 && c.reply == "2", "get protocolversion answers 2");
  c = command(api, "name");
  check(c.result == 1 && c.reply.rfind("Damiera ", 0) == 0, "name: " + c.reply);
  const std::string version = c.reply.substr(8);  // "Damiera 0.2.0": the DLL's own number
  c = command(api, "get version");
  check(c.result == 1 && c.reply == version && !version.empty(),
        "get version answers the version of its name (" + c.reply + ")");
  c = command(api, "about");
  check(c.result == 1 && c.reply.find('\n') != std::string::npos, "about has lines");
  c = command(api, "help");
  check(c.result == 1 && c.reply.size() > 4 && c.reply.substr(c.reply.size() - 4) == ".htm",
        "help names an .htm file: " + c.reply);
  c = command(api, "get movelist B:W1:B");
  check(c.result == 1 && c.reply == "movelist 0", "the start-up probe gets exactly 'movelist 0'");
  c = command(api, "get hashsize");
  check(c.result == 1 && c.reply == "64", "get hashsize: 64 by default (" + c.reply + ")");
  c = command(api, "set hashsize 16");
  check(c.result == 1 && command(api, "get hashsize").reply == "16", "set hashsize 16");
  for (const char* bad : {"set hashsize 0", "set hashsize lots", "set hashsize 99999999999"})
    refusedKeeping(api, bad, "get hashsize", "16");
  c = command(api, "get book");
  check(c.result == 1 && c.reply == "3", "get book: 3 (best moves) by default (" + c.reply + ")");
  check(command(api, "set book 4").result == 0 && command(api, "set book 2").result == 1 &&
            command(api, "get book").reply == "2",
        "set book: 0..3 accepted, 4 refused");
  command(api, "set book 3");
  c = command(api, "set searchthreads 2");
  check(c.result == 1 && command(api, "get searchthreads").reply == "2", "set searchthreads 2");
  command(api, "set searchthreads 1");
  c = command(api, "fly me to the moon");
  check(c.result == 0 && !c.reply.empty() && c.intact, "an unknown command returns 0: " + c.reply);
  c = command(api, "set gamehist W:W21:B1 21-17 99-98");
  check(c.result == 0 && c.reply.rfind("error", 0) == 0, "a bad gamehist is refused: " + c.reply);
  std::string longFen = "get movelist W:W";
  for (int n = 17; n <= 32; ++n) longFen += (n > 17 ? ",K" : "K") + std::to_string(n);
  longFen += ":B1";
  c = command(api, longFen.c_str());
  check(c.intact, "a long movelist reply stays inside its 1024 bytes");
}

void checkPosition(const Api& api, const ExpectedPosition& p) {
  const std::string where = " [" + p.fen + "]";
  std::vector<std::string> expectedKeys;
  for (const ExpectedMove& m : p.moves) expectedKeys.push_back(m.key);
  std::sort(expectedKeys.begin(), expectedKeys.end());

  // get movelist: exactly the native core's legal moves.
  const std::string listCommand = "get movelist " + p.fen;
  const Command list = command(api, listCommand.c_str());
  std::vector<std::string> listed;
  const std::string prefix = "movelist " + std::to_string(p.moves.size());
  bool formed = list.result == 1 && list.reply.rfind(prefix, 0) == 0;
  if (formed && !p.moves.empty()) {
    std::string items = list.reply.substr(prefix.size());
    formed = !items.empty() && items[0] == ',' && items.back() == ';';
    std::stringstream in(items.substr(1));
    for (std::string item; std::getline(in, item, ';');) listed.push_back(item);
  }
  std::sort(listed.begin(), listed.end());
  check(formed && listed == expectedKeys,
        "get movelist lists the " + std::to_string(p.moves.size()) + " legal moves" + where);

  // islegal: every (from, to) pair, accepted exactly for the legal moves' ends.
  int wrong = 0;
  for (int from = 1; from <= 32; ++from) {
    for (int to = 1; to <= 32; ++to) {
      Setup copy = p.setup;
      CBmove move{};
      const int legal = api.islegal(copy.board, copy.color, from, to, &move);
      bool shouldBe = false;
      bool matches = false;
      for (const ExpectedMove& m : p.moves) {
        if (m.squares.front() != from || m.squares.back() != to) continue;
        shouldBe = true;
        matches = matches || m.key == keyOfCbMove(move);
      }
      if (legal != (shouldBe ? 1 : 0) || (legal && !matches)) {
        if (wrong++ < 3)
          std::printf("     islegal(%d, %d) = %d%s\n", from, to, legal, where.c_str());
      }
    }
  }
  check(wrong == 0,
        "islegal accepts the legal moves (with their CBmove), rejects the rest" + where);

  // getmove: one of the legal moves, in the board written back and in the CBmove.
  GetMoveCall call(api, p.setup, 0.1, 1);
  if (!getMove(call)) return;
  if (p.moves.empty()) {
    check(call.result == kReturnLoss && fenOf(call.board, p.setup.color) == p.fen,
          "getmove with no legal move: loss, board untouched" + where);
    return;
  }
  const ExpectedMove* played = playedMove(p, call);
  int replayed[8][8];
  std::memcpy(replayed, p.setup.board, sizeof replayed);
  applyCbMove(replayed, call.move);
  check(played != nullptr && std::memcmp(replayed, call.board, sizeof replayed) == 0 &&
            call.status.intact(),
        "getmove plays " + (played ? played->path : "an illegal move: " + call.fenAfter()) +
            ", board and CBmove agree" + where);
}

void checkPlaynow(const Api& api, const ExpectedPosition& start) {
  // Set before the call: a legal move at once, before any iteration is complete.
  {
    GetMoveCall call(api, start.setup, 60);
    call.playnow = 1;
    const double t0 = nowSeconds();
    if (!getMove(call)) return;
    const double ms = (nowSeconds() - t0) * 1000;
    check(playedMove(start, call) != nullptr, "playnow already set: a legal move after " +
                                                  std::to_string(static_cast<int>(ms)) + " ms");
  }
  // Set during a 10-minute think, once the engine shows it is searching: only playnow can end it
  // within the two minutes waited here.
  GetMoveCall call(api, start.setup, 600, 1);
  call.start();
  bool searching = false;
  for (int i = 0; i < 6000 && !searching; ++i) {  // up to 30 s of polling
    if (call.finished(5)) break;
    searching = call.status.str().find("depth") != std::string::npos;
  }
  if (!check(searching, "the long think shows its depth in the status text")) return;
  Sleep(300);  // deep inside an iteration, not just between two
  const bool stillThinking = !call.finished(0);
  const double t0 = nowSeconds();
  call.playnow = 1;
  const bool ended = call.finished(120000);
  const double latencyMs = (nowSeconds() - t0) * 1000;
  std::printf("     playnow latency: %.1f ms (status: %s)\n", latencyMs, call.status.str().c_str());
  check(stillThinking && ended, "playnow ends a 600 s think (it was still thinking when set)");
  check(playedMove(start, call) != nullptr, "the move played on playnow is legal");
}

// set level: read back, refused out of range, and a weaker level plays a legal move after a
// shallower search (level 0: 2 plies, whatever the time), then full strength again.
void checkLevel(const Api& api, const ExpectedPosition& start) {
  check(command(api, "get level").reply == "20", "get level: 20 (full strength) by default");
  refusedKeeping(api, "set level 21", "get level", "20");
  check(command(api, "set level 0").result == 1 && command(api, "get level").reply == "0",
        "set level 0");
  for (int i = 0; i < 3; ++i) {
    GetMoveCall call(api, start.setup, 30);  // the level's depth ends the search, not the time
    if (!getMove(call)) return;
    check(playedMove(start, call) != nullptr && call.status.str().rfind("depth 2/", 0) == 0,
          "level 0 plays a legal move after 2 plies (" + call.status.str() + ")");
  }
  check(command(api, "set level 20").result == 1, "set level 20");
}

// "nodes N ... pv ..." of a status line: what a deterministic search must repeat exactly.
std::string searchSignature(const std::string& status) {
  const std::size_t nodes = status.find("nodes ");
  const std::size_t nps = status.find("  nps");
  const std::size_t pv = status.find("pv ");
  if (nodes == std::string::npos || nps == std::string::npos || pv == std::string::npos) return "";
  return status.substr(nodes, nps - nodes) + " " + status.substr(pv);
}

void checkReset(const Api& api, const std::vector<ExpectedPosition>& positions) {
  command(api, "set depth 7");
  auto search = [&](const ExpectedPosition& p, int info) {
    GetMoveCall call(api, p.setup, 600, info);
    getMove(call);
    return searchSignature(call.status.str());
  };
  const ExpectedPosition& start = positions.front();
  const std::string first = search(start, 1);
  for (const ExpectedPosition& p : positions) {
    if (p.moves.size() > 1) search(p, 0);  // fill the table and the histories with other games
  }
  const std::string warm = search(start, 0);
  const std::string again = search(start, 1);
  std::printf("     fresh: %s\n     warm:  %s\n", first.c_str(), warm.c_str());
  check(!first.empty() && again == first,
        "after reset, a depth-7 search repeats the first one exactly: nothing leaks");
  check(!warm.empty() && warm != first,
        "without reset the same search differs (the test can fail)");
  command(api, "set depth 0");

  // A weaker level (set level) still plays legal moves, at its shallower depth.
  check(command(api, "set level 3").result == 1, "set level 3");
  GetMoveCall call(api, start.setup, 600);  // the level's depth ends the search
  if (!getMove(call)) return;
  check(playedMove(start, call) != nullptr && call.status.str().rfind("depth 3/", 0) == 0,
        "level 3 plays a legal move after a 3-ply search: " + call.status.str());
  command(api, "set level 20");
}

// CheckerBoard's "set gamehist": the position after the last capture or man move, then the
// quiet king moves since.
struct PlayedPly {
  std::string fenBefore;
  std::string path;
  bool reversible;
};

void checkSelfPlay(const Api& api, const ExpectedPosition& start, const char* recordFile) {
  std::ofstream record(recordFile);
  record << "start " << start.fen << "\n";
  Setup game = start.setup;
  std::vector<PlayedPly> plies;
  std::map<std::string, int> seen;
  seen[start.fen] = 1;
  std::string ending;
  int illegal = 0;
  int quietPlies = 0;
  int claims = 0;
  for (int ply = 0; ply < 600 && ending.empty(); ++ply) {
    const std::string fen = fenOf(game.board, game.color);
    const Command list = command(api, ("get movelist " + fen).c_str());
    if (list.reply == "movelist 0") {
      // R13 either way; the record says which, for the native replay to agree with.
      ending = hasPieces(game.board, game.color) ? "no-moves" : "no-pieces";
      break;
    }
    std::string history = "set gamehist ";
    std::size_t firstReversible = plies.size();
    while (firstReversible > 0 && plies[firstReversible - 1].reversible) --firstReversible;
    history += firstReversible < plies.size() ? plies[firstReversible].fenBefore : fen;
    for (std::size_t i = firstReversible; i < plies.size(); ++i) history += " " + plies[i].path;
    if (command(api, history.c_str()).result != 1) ++illegal;

    GetMoveCall call(api, game, 0.02, ply == 0 ? 1 : 0);
    if (!getMove(call)) return;
    // CheckerBoard's own check: the returned board must be one of the listed moves.
    int replayed[8][8];
    std::memcpy(replayed, game.board, sizeof replayed);
    applyCbMove(replayed, call.move);
    const std::string key = keyOfCbMove(call.move);
    // Items follow "movelist N," and each ends in ';'.
    const std::string items = ";" + list.reply.substr(list.reply.find(',') + 1);
    if (items.find(";" + key + ";") == std::string::npos ||
        std::memcmp(replayed, call.board, sizeof replayed) != 0) {
      ++illegal;
      std::printf("     ply %d: %s not in %s\n", ply, key.c_str(), list.reply.c_str());
    }
    const bool reversible = call.move.jumps == 0 && (call.move.oldpiece & kKing) != 0;
    plies.push_back({fen, pathOfCbMove(call.move), reversible});
    std::memcpy(game.board, call.board, sizeof game.board);
    game.color = game.color == kWhite ? kBlack : kWhite;
    const std::string after = fenOf(game.board, game.color);
    record << "ply " << plies.back().path << ' ' << after << "\n";
    quietPlies = reversible ? quietPlies + 1 : 0;
    if (!reversible) seen.clear();  // no position before a capture or man move comes back
    if (++seen[after] >= 3)
      ending = "repetition";
    else if (quietPlies >= 80)
      ending = "no-progress";
    if (call.result == kReturnDraw) {
      ++claims;
      if (ending.empty()) ending = "draw-claim";
    }
  }
  record << "end " << (ending.empty() ? "unfinished" : ending) << "\n";
  std::printf("     self-play: %zu plies, ended by %s, %d draw claims\n", plies.size(),
              ending.empty() ? "nothing (600 plies)" : ending.c_str(), claims);
  check(!ending.empty() && illegal == 0,
        "a whole game against itself: every move as listed, "
        "gamehist accepted, over by the rules (" +
            ending + ")");
  check(ending == "no-moves" || ending == "no-pieces" || claims > 0,
        "the engine itself claims the draw it reaches");
}

// The opening book (set book, set bookfile): from the start position getmove answers with a book
// move, says so in the status line ("book move 23-19  score ...  weight ...") as CheckerBoard
// shows it, and plays it legally. The book is the one found beside the DLL (the release zip's),
// or else `book`, the shipped file, set with set bookfile. Then `set book 0`: the checks after
// this one are of the DLL's own search, which a book move would replace.
void checkBook(const Api& api, const ExpectedPosition& start, const std::string& book) {
  const std::string beside = command(api, "get bookfile").reply;
  std::printf("     book beside the DLL: %s\n", beside.empty() ? "none" : beside.c_str());
  if (beside.empty()) {
    const Command c = command(api, ("set bookfile " + book).c_str());
    check(c.result == 1, "set bookfile " + book + ": " + c.reply);
  } else {
    check(beside.size() >= 12 && beside.substr(beside.size() - 12) == "damiera.book",
          "the book beside the DLL is its damiera.book: " + beside);
  }
  check(command(api, "set book 3").result == 1 && command(api, "get book").reply == "3",
        "set book 3 (the best book move)");
  GetMoveCall call(api, start.setup, 5, 1);
  if (!getMove(call)) return;
  const std::string status = call.status.str();
  const ExpectedMove* played = playedMove(start, call);
  check(played != nullptr && status.rfind("book move " + played->path + "  score ", 0) == 0 &&
            status.find("weight ") != std::string::npos,
        "from the start position getmove plays a book move and says so: " + status);
  if (beside.empty()) command(api, "set bookfile");
  const Command c = command(api, "set book 0");
  check(c.result == 1 && command(api, "get book").reply == "0",
        "set book 0 for the search checks: " + c.reply);
}

// What `damiera-cb-expect database` wrote: a won position, the moves that keep the win (the
// Linux reader's values), the move the native engine plays there with the same folder, and the
// slice it damaged in its copy of the folder.
struct DatabaseExpectation {
  std::string fen;
  Setup setup;
  std::vector<std::string> winning;
  std::string native;
  std::string damagedFile;
};

bool readDatabaseExpectation(const char* file, DatabaseExpectation& out) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string kind, value;
    words >> kind >> value;
    if (kind == "database" && parseFen(value, out.setup))
      out.fen = value;
    else if (kind == "win")
      out.winning.push_back(value);
    else if (kind == "native")
      out.native = value;
    else if (kind == "damaged")
      out.damagedFile = value;
    else if (kind != "end")
      return false;
  }
  return !out.fen.empty() && !out.winning.empty() && !out.native.empty() &&
         !out.damagedFile.empty();
}

// The endgame database folder (CheckerBoard's "set dbpath"): getmove scores the won position
// as a database win only once the folder is set, and plays a move that keeps the win, the one
// the Linux engine plays; a missing folder or a damaged file is refused and changes nothing.
void checkDatabase(const Api& api, const DatabaseExpectation& db, const std::string& dir,
                   const std::string& damagedDir) {
  const std::string where = " [" + db.fen + "]";
  auto search = [&](const char* what) {
    GetMoveCall call(api, db.setup, 600, 1);  // "set depth" ends the search
    getMove(call);
    const std::string status = call.status.str();
    std::printf("     %s: %s plays %s, returns %d\n", what, status.c_str(),
                pathOfCbMove(call.move).c_str(), call.result);
    return std::make_pair(
        status.find("score db win") != std::string::npos && call.result == kReturnWin,
        pathOfCbMove(call.move));
  };
  command(api, "set depth 4");
  Command c = command(api, "get dbpath");
  check(c.result == 1 && c.reply.empty(), "get dbpath: none by default");
  check(!search("no database").first, "without a database a 4-ply search sees no win" + where);

  const std::string set = "set dbpath " + dir;
  c = command(api, set.c_str());
  check(c.result == 1 && command(api, "get dbpath").reply == dir, set + ": " + c.reply);
  const auto [dbWin, move] = search("database");
  const bool keepsWin = std::find(db.winning.begin(), db.winning.end(), move) != db.winning.end();
  check(dbWin && keepsWin && move == db.native, "getmove scores a database win and plays " + move +
                                                    ", as the Linux engine (" + db.native + ")" +
                                                    where);

  refusedKeeping(api, "set dbpath " + dir + "\\no-such-folder", "get dbpath", dir);
  c = command(api, ("set dbpath " + damagedDir).c_str());
  check(c.result == 0 && c.reply.find(db.damagedFile) != std::string::npos &&
            command(api, "get dbpath").reply == dir,
        "a folder with a damaged slice is refused, naming it: " + c.reply);
  check(search("after the refusals").first, "the database in use stays after the refusals");

  check(command(api, "set dbpath").result == 1 && command(api, "get dbpath").reply.empty(),
        "set dbpath with no folder: no database");
  command(api, "set depth 0");
}

// The three exports of a loaded DLL; false when one is missing.
bool findExports(HMODULE dll, Api& api) {
  api.getmove =
      reinterpret_cast<GetMoveFn>(reinterpret_cast<void*>(GetProcAddress(dll, "getmove")));
  api.islegal =
      reinterpret_cast<IsLegalFn>(reinterpret_cast<void*>(GetProcAddress(dll, "islegal")));
  api.enginecommand =
      reinterpret_cast<CommandFn>(reinterpret_cast<void*>(GetProcAddress(dll, "enginecommand")));
  return api.getmove && api.islegal && api.enginecommand;
}

// CheckerBoard keeps no engine setting: the DLL writes what the user sets into the user's
// application data folder, and a fresh load of the DLL (the next CheckerBoard session) reads it.
bool checkRemembered(HMODULE& dll, const char* dllPath, Api& api, const std::string& dir) {
  command(api, ("set dbpath " + dir).c_str());
  command(api, "set enable_wld 0");
  const char* appData = std::getenv("APPDATA");
  std::string line, lines;
  {  // closed at once: Windows refuses to replace a file another program holds open
    std::ifstream in(std::string(appData ? appData : "") + "\\Damiera\\damiera-cb-settings.txt");
    while (std::getline(in, line)) lines += line + "|";
  }
  check(lines.find("set dbpath " + dir) != std::string::npos &&
            lines.find("set hashsize 16") != std::string::npos,
        "the settings are in %APPDATA%\\Damiera\\damiera-cb-settings.txt: " + lines);
  if (!check(FreeLibrary(dll) != 0, "FreeLibrary")) return false;
  dll = LoadLibraryA(dllPath);
  if (!check(dll != nullptr && findExports(dll, api), "LoadLibrary again")) return false;
  check(command(api, "get hashsize").reply == "16" && command(api, "get dbpath").reply == dir &&
            command(api, "get enable_wld").reply == "0",
        "loaded again, the DLL has the hash size, database folder and enable_wld set before");
  const Command none = command(api, "set dbpath");
  const Command on = command(api, "set enable_wld 1");
  check(none.result == 1 && on.result == 1 &&
            none.reply.find("not remembered") == std::string::npos &&
            on.reply.find("not remembered") == std::string::npos,
        "set dbpath (none) and enable_wld 1 again, remembered: " + none.reply + " / " + on.reply);
  return true;
}

// The endgame database the DLL builds itself (set dbbuild 4: 2..4 pieces, into
// %APPDATA%\Damiera\egdb, in the background): unloaded mid-build it leaves whole slices only,
// loaded again it resumes without rebuilding them, it pauses while getmove searches, and once
// done its folder is the database in use: the won position scores a database win.
std::map<std::string, std::filesystem::file_time_type> slicesIn(const std::filesystem::path& dir,
                                                                int& temporaries) {
  std::map<std::string, std::filesystem::file_time_type> slices;
  temporaries = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 5 && name.substr(name.size() - 5) == ".egdb")
      slices[name] = entry.last_write_time();
    else
      ++temporaries;
  }
  return slices;
}

// The threads of this process now.
int threadsOfProcess() {
  const HANDLE snapshot = CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0);
  if (snapshot == INVALID_HANDLE_VALUE) return -1;
  int count = 0;
  THREADENTRY32 entry{};
  entry.dwSize = sizeof entry;
  for (BOOL more = Thread32First(snapshot, &entry); more; more = Thread32Next(snapshot, &entry))
    if (entry.th32OwnerProcessID == GetCurrentProcessId()) ++count;
  CloseHandle(snapshot);
  return count;
}

// The x of "(slice x of y)" in a `get dbbuild` reply, or 0.
int sliceOf(const std::string& status) {
  const std::size_t at = status.find("(slice ");
  return at == std::string::npos ? 0 : std::atoi(status.c_str() + at + 7);
}

bool checkOwnDatabase(HMODULE& dll, const char* dllPath, Api& api, const DatabaseExpectation& db,
                      const ExpectedPosition& start) {
  const char* appData = std::getenv("APPDATA");
  const std::filesystem::path folder =
      std::filesystem::path(appData ? appData : "") / "Damiera" / "egdb";
  check(command(api, "get dbbuild").reply == "idle", "get dbbuild: idle (set dbbuild 0 at load)");
  refusedKeeping(api, "set dbbuild 6", "get dbbuild", "idle");
  const int threadsBeforeBuild = threadsOfProcess();
  Command c = command(api, "set dbbuild 4");
  check(c.result == 1 && c.reply.find("building 2..4 pieces in ") != std::string::npos &&
            c.reply.find("Damiera\\egdb") != std::string::npos,
        "set dbbuild 4: " + c.reply);
  // Unloaded mid-build, once a few slices are written.
  std::string status;
  for (int i = 0; i < 60000; ++i) {  // up to 5 minutes
    status = command(api, "get dbbuild").reply;
    if (sliceOf(status) >= 4 || status.rfind("done", 0) == 0) break;
    Sleep(5);
  }
  check(status.rfind("building ", 0) == 0 && status.find(" pieces: ") != std::string::npos &&
            status.find("% (slice ") != std::string::npos,
        "get dbbuild shows the progress: " + status);
  const double unloadStart = nowSeconds();
  if (!check(FreeLibrary(dll) != 0, "FreeLibrary during the build")) return false;
  std::printf("     unloaded during the build in %.0f ms\n", (nowSeconds() - unloadStart) * 1000);
  // The build's thread ends once the unload has released the loader lock: none is left behind
  // (waits at most 10 s for it).
  int threadsAfter = threadsOfProcess();
  for (int i = 0; i < 2000 && threadsAfter > threadsBeforeBuild; ++i) {
    Sleep(5);
    threadsAfter = threadsOfProcess();
  }
  check(threadsAfter >= 0 && threadsAfter <= threadsBeforeBuild,
        "the build's thread has ended after the unload: " + std::to_string(threadsAfter) +
            " threads, " + std::to_string(threadsBeforeBuild) + " before the build");
  int temporaries = 0;
  const auto before = slicesIn(folder, temporaries);
  check(!before.empty() && temporaries == 0, "the interrupted build left " +
                                                 std::to_string(before.size()) +
                                                 " whole slices and nothing half-written (" +
                                                 std::to_string(temporaries) + " other files)");

  dll = LoadLibraryA(dllPath);
  if (!check(dll != nullptr && findExports(dll, api), "LoadLibrary again")) return false;
  command(api, "set dbbuild 0");  // no build on first use: the one below, resumed
  const double t0 = nowSeconds();
  c = command(api, "set dbbuild 4");
  check(c.result == 1, "set dbbuild 4 again resumes the build: " + c.reply);
  // A search holds the build: paused while getmove thinks.
  {
    GetMoveCall call(api, start.setup, 600, 1);
    call.start();
    bool searching = false;
    for (int i = 0; i < 6000 && !searching; ++i) {
      if (call.finished(5)) break;
      searching = call.status.str().find("depth") != std::string::npos;
    }
    const std::string during = command(api, "get dbbuild").reply;
    call.playnow = 1;
    check(call.finished(120000) && searching, "a long think, ended by playnow");
    check(during.rfind("paused: building ", 0) == 0 || during.rfind("done", 0) == 0,
          "while getmove searches the build is paused: " + during);
  }
  for (int i = 0; i < 60000; ++i) {
    status = command(api, "get dbbuild").reply;
    if (status.rfind("building", 0) != 0 && status.rfind("paused", 0) != 0) break;
    Sleep(5);
  }
  std::printf("     own database 2..4: %s after %.1f s (resumed with %zu slices there)\n",
              status.c_str(), nowSeconds() - t0, before.size());
  check(status == "done 2..4", "the resumed build is done: " + status);
  const auto after = slicesIn(folder, temporaries);
  bool kept = true;
  for (const auto& [name, time] : before)
    kept = kept && after.count(name) && after.at(name) == time;
  check(kept && after.size() > before.size() && temporaries == 0,
        "the slices written before the unload were kept as they were, " +
            std::to_string(after.size()) + " in all");
  const std::string dbpath = command(api, "get dbpath").reply;
  check(dbpath.size() > 12 && dbpath.substr(dbpath.size() - 12) == "Damiera\\egdb",
        "the built folder is the database in use: " + dbpath);
  command(api, "set depth 4");
  GetMoveCall call(api, db.setup, 600, 1);
  if (!getMove(call)) return false;
  check(call.status.str().find("score db win") != std::string::npos && call.result == kReturnWin,
        "with its own database getmove scores the database win: " + call.status.str());
  command(api, "set depth 0");
  command(api, "set dbpath");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 8) {
    std::fprintf(stderr,
                 "usage: damiera-cb-host DLL EXPECTATIONS GAME_RECORD DATABASE_EXPECTATION "
                 "DATABASE_DIR DAMAGED_DATABASE_DIR BOOK\n");
    return 2;
  }
  std::vector<ExpectedPosition> positions;
  if (!readExpectations(argv[2], positions)) {
    std::fprintf(stderr, "cannot read the expectations in %s\n", argv[2]);
    return 2;
  }
  DatabaseExpectation database;
  if (!readDatabaseExpectation(argv[4], database)) {
    std::fprintf(stderr, "cannot read the database expectation in %s\n", argv[4]);
    return 2;
  }
  HMODULE dll = LoadLibraryA(argv[1]);
  if (!check(dll != nullptr, std::string("LoadLibrary ") + argv[1])) return 1;
  Api api;
  if (!check(findExports(dll, api),
             "getmove, islegal and enginecommand exported under their plain names")) {
    return 1;
  }

  // No database build on first use: the search checks below want the processor, and no
  // database until they set one (checkOwnDatabase builds it).
  check(command(api, "set dbbuild 0").result == 1, "set dbbuild 0");
  checkCommands(api);
  checkBook(api, positions.front(), argv[7]);
  for (const ExpectedPosition& p : positions) checkPosition(api, p);
  checkPlaynow(api, positions.front());
  checkLevel(api, positions.front());
  checkReset(api, positions);
  checkSelfPlay(api, positions.front(), argv[3]);
  checkDatabase(api, database, argv[5], argv[6]);
  if (!checkRemembered(dll, argv[1], api, argv[5])) return 1;
  if (!checkOwnDatabase(dll, argv[1], api, database, positions.front())) return 1;

  check(FreeLibrary(dll) != 0, "FreeLibrary");
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
