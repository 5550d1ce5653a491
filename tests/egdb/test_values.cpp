// The database's values against an independent solver and against hand-worked positions.
#include <catch2/catch.hpp>
#include <map>
#include <unordered_map>

#include "core/fen.h"
#include "core/movegen.h"
#include "egdb/database.h"
#include "egdb_fixture.h"

using namespace damiera;
using namespace damiera::egdb;

namespace {

Position fen(const char* text) {
  const Parsed<Position> p = parseFen(text);
  REQUIRE(p);
  return *p.value;
}

// A brute-force solver for every position of up to 3 pieces, written for this test only: no
// slice index, no retrograde un-moves, no stored codes. It lists every position with plain loops,
// links each to its successors with the core generator, and then relaxes all of them again and
// again until nothing changes: a position is won if a move reaches a lost one (distance: 1 for a
// capture or man move, else one more than the successor's), lost if every move reaches a won one
// (distance: the longest), and what never settles is drawn.
class BruteForce {
 public:
  BruteForce() {
    std::vector<Square> squares;
    for (int n = 1; n <= 32; ++n) squares.push_back(squareFromNumber(n));
    // Every placement of 1 or 2 White pieces and 1 or 2 Black pieces, at most 3 in all.
    struct Piece {
      Square sq;
      bool white;
      bool king;
    };
    std::vector<Piece> kinds;
    for (Square s : squares)
      for (bool white : {true, false})
        for (bool king : {false, true}) {
          if (!king && white && (bit(s) & kRank8)) continue;
          if (!king && !white && (bit(s) & kRank1)) continue;
          kinds.push_back({s, white, king});
        }
    const int k = static_cast<int>(kinds.size());
    auto add = [&](const std::vector<Piece>& pieces) {
      int whites = 0;
      Bitboard occupied = 0;
      for (const Piece& p : pieces) {
        if (occupied & bit(p.sq)) return;
        occupied |= bit(p.sq);
        whites += p.white;
      }
      if (whites == 0 || whites == static_cast<int>(pieces.size())) return;
      for (Color side : {Color::White, Color::Black}) {
        Position pos;
        for (const Piece& p : pieces) pos.put(p.sq, p.white ? Color::White : Color::Black, p.king);
        pos.setSideToMove(side);
        if (!ids_.count(pos.key())) {
          ids_[pos.key()] = static_cast<int>(positions_.size());
          positions_.push_back(pos);
        }
      }
    };
    for (int a = 0; a < k; ++a)
      for (int b = a + 1; b < k; ++b) {
        add({kinds[a], kinds[b]});
        for (int c = b + 1; c < k; ++c) add({kinds[a], kinds[b], kinds[c]});
      }
    link();
    solve();
  }

  std::size_t size() const { return positions_.size(); }
  const Position& position(std::size_t i) const { return positions_[i]; }
  const Value& value(std::size_t i) const { return values_[i]; }

 private:
  struct Successor {
    int id;  // -1: the opponent has no piece left, so it has lost (R13)
    bool converts;
  };

  void link() {
    successors_.resize(positions_.size());
    for (std::size_t i = 0; i < positions_.size(); ++i) {
      MoveList moves;
      generateMoves(positions_[i], moves);
      for (const Move& m : moves) {
        const Position next = positions_[i].after(m);
        const bool converts = m.isCapture() || !positions_[i].isKing(m.from);
        if (next.pieces(next.sideToMove()) == 0) {
          successors_[i].push_back({-1, converts});
        } else {
          REQUIRE(ids_.count(next.key()));
          successors_[i].push_back({ids_.at(next.key()), converts});
        }
      }
    }
  }

  void solve() {
    values_.assign(positions_.size(), Value{});
    known_.assign(positions_.size(), false);
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < positions_.size(); ++i) {
        int win = 0, loss = 0;
        bool allWin = true;
        for (const Successor& s : successors_[i]) {
          const bool lost = s.id < 0 || (known_[s.id] && values_[s.id].wdl == Wdl::Loss);
          const bool won = s.id >= 0 && known_[s.id] && values_[s.id].wdl == Wdl::Win;
          const int plies = s.converts ? 1 : (s.id < 0 ? 0 : values_[s.id].distance) + 1;
          if (lost) win = win ? std::min(win, plies) : plies;
          if (!won) allWin = false;
          if (won) loss = std::max(loss, plies);
        }
        Value v;
        bool known = true;
        if (win)
          v = {Wdl::Win, win};
        else if (allWin)
          v = {Wdl::Loss, loss};  // no move at all: loss 0 (R13)
        else
          known = false;
        if (known != known_[i] || (known && !(v == values_[i]))) {
          known_[i] = known;
          values_[i] = v;
          changed = true;
        }
      }
    }
  }

  std::vector<Position> positions_;
  std::unordered_map<std::uint64_t, int> ids_;
  std::vector<std::vector<Successor>> successors_;
  std::vector<Value> values_;
  std::vector<bool> known_;
};

}  // namespace

TEST_CASE("egdb values: every 2- and 3-piece value matches a brute-force solver", "[egdb][heavy]") {
  Database db(test::smallDatabase(), 4, 16 << 20);
  REQUIRE(db.errors().empty());
  REQUIRE(db.pieces() == 4);
  const BruteForce brute;
  CHECK(brute.size() == 2 * (3488 + 196032));
  std::map<Wdl, int> counts;
  for (std::size_t i = 0; i < brute.size(); ++i) {
    const std::optional<Value> v = db.probe(brute.position(i));
    REQUIRE(v);
    INFO(formatFen(brute.position(i)));
    REQUIRE(describe(*v) == describe(brute.value(i)));
    ++counts[v->wdl];
  }
  // All three results occur (a solver that called everything a draw would not get here).
  CHECK(counts[Wdl::Win] > 1000);
  CHECK(counts[Wdl::Loss] > 1000);
  CHECK(counts[Wdl::Draw] > 1000);
}

TEST_CASE("egdb values: hand-worked positions", "[egdb]") {
  Database db(test::smallDatabase(), 4, 16 << 20);
  auto value = [&](const char* text) {
    const std::optional<Value> v = db.probe(fen(text));
    REQUIRE(v);
    return describe(*v);
  };
  SECTION("single king against single king") {
    // c4 takes d5 (landing on e6): Black has no piece left (R9, R13).
    CHECK(value("W:WK18:BK14") == "win 1");
    // The same with Black to move: Black takes first.
    CHECK(value("B:WK18:BK14") == "win 1");
    // Kings move one square (R5) and a move is compulsory: on the long diagonal a8-h1 the side
    // to move keeps the opposition and drives the other king into a capture...
    CHECK(value("W:WK1:BK32") == "win 11");
    CHECK(value("B:WK1:BK32") == "win 11");
    // ...but not from every placement: here neither side can force it.
    CHECK(value("W:WK1:BK31") == "draw");
  }
  SECTION("two kings against one") {
    CHECK(value("W:WK29,K30:BK4").rfind("win ", 0) == 0);
    CHECK(value("B:WK29,K30:BK4").rfind("loss ", 0) == 0);
  }
  SECTION("a man stopped by a king (R8)") {
    // The man on d3 faces c4 with b5 empty behind it: a man there would be taken and Black
    // would have nothing left (win 1), but a king cannot be taken by a man.
    CHECK(value("W:W22:B18") == "win 1");
    CHECK(value("W:W22:BK18") != "win 1");
    MoveList moves;
    generateMoves(fen("W:W22:BK18"), moves);
    for (const Move& m : moves) CHECK_FALSE(m.isCapture());
  }
  SECTION("a promotion ends the capture (R12)") {
    // c6 takes d7 and is crowned on e8; as a king it could go on over f7, but the move ends:
    // f7 stays on the board, so the result is that of the king against the man on f7.
    const Position pos = fen("W:W10:B6,7");
    const std::optional<Value> after = db.probe(fen("B:WK3:B7"));
    REQUIRE(after);
    const std::optional<Value> v = db.probe(pos);
    REQUIRE(v);
    if (after->wdl == Wdl::Loss) CHECK(describe(*v) == "win 1");
    if (after->wdl == Wdl::Draw) CHECK(describe(*v) == "draw");
    CHECK(after->wdl != Wdl::Win);
    // Without R12 the new king would take f7 too and White would have won outright (win 1);
    // with it, the king against the man on f7 is only a draw.
    CHECK(describe(*v) == "draw");
  }
}
