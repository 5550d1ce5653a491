#include "tools/book/inspect.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <sstream>
#include <unordered_set>
#include <vector>

#include "book/book.h"
#include "core/fen.h"
#include "core/notation.h"
#include "search/score.h"
#include "tools/book/roots.h"

namespace damiera::bookbuild {

namespace {

// An opening whose book value is beyond this (search units, hundredths of a man) for one side
// is judged won for it: most of a man, the margin of an opening that loses a man by force.
constexpr int kJudgedDecided = 80;

struct Reach {
  std::size_t positions = 0;
  int deepestPly = 0;
};

// The book entries reached from `root` through book moves.
Reach reachFrom(const book::Book& book, const Position& root) {
  Reach reach;
  std::unordered_set<std::uint64_t> seen;
  std::deque<Position> queue{root};
  while (!queue.empty()) {
    const Position pos = queue.front();
    queue.pop_front();
    if (!seen.insert(pos.key()).second) continue;
    const std::optional<book::StoredEntry> entry = book.find(pos.key());
    if (!entry) continue;
    ++reach.positions;
    reach.deepestPly = std::max<int>(reach.deepestPly, entry->ply);
    for (const book::BookMove& m : book.movesOf(pos)) queue.push_back(pos.after(m.move));
  }
  return reach;
}

// The ply where the main line (each position's best book move) leaves the book.
int mainLineEnd(const book::Book& book, Position pos, int ply) {
  for (int guard = 0; guard < 400; ++guard) {
    const std::vector<book::BookMove> moves = book.movesOf(pos);
    if (moves.empty()) return ply;
    pos = pos.after(moves.front().move);
    ++ply;
  }
  return ply;
}

std::string scoreText(int score) {
  const ReportedScore r = reportScore(score);
  return (r.kind == ReportedScore::Kind::Mate ? "mate " : "cp ") + std::to_string(r.value);
}

}  // namespace

int printStats(const std::string& path, std::ostream& out) {
  const book::Book book(path);
  std::map<int, std::size_t> perPly;
  for (std::uint32_t i = 0; i < book.entries(); ++i) ++perPly[book.entry(i).ply];
  out << "book " << path << ": " << book.entries() << " positions, " << book.moves()
      << " moves, checksum " << std::hex << book.checksum() << std::dec << "\n";
  out << "positions by ply:";
  for (const auto& [ply, n] : perPly) out << " " << ply << ":" << n;
  out << "\n";
  std::size_t covered = 0, forWhite = 0, forBlack = 0, balanced = 0;
  std::vector<int> mainLines, sizes;
  std::ostringstream lines;
  const std::vector<openings::Opening> roots = bookRoots();
  for (const openings::Opening& opening : roots) {
    const Position position = openings::openingPosition(opening);
    const std::vector<book::BookMove> moves = book.movesOf(position);
    if (moves.empty()) {
      lines << "opening " << opening.source << ": not in the book\n";
      continue;
    }
    ++covered;
    const Reach reach = reachFrom(book, position);
    const int end = mainLineEnd(book, position, kOpeningPlies);
    mainLines.push_back(end);
    sizes.push_back(static_cast<int>(reach.positions));
    const int forWhiteValue = -moves.front().score;  // Black moves at ply 3
    const char* judged = forWhiteValue >= kJudgedDecided    ? "good for White"
                         : forWhiteValue <= -kJudgedDecided ? "good for Black"
                                                            : "balanced";
    (forWhiteValue >= kJudgedDecided    ? forWhite
     : forWhiteValue <= -kJudgedDecided ? forBlack
                                        : balanced)++;
    lines << "opening " << opening.source << ": " << reach.positions
          << " positions, main line to ply " << end << ", deepest ply " << reach.deepestPly
          << ", value for White " << scoreText(forWhiteValue) << " (" << judged << ")\n";
  }
  const auto summary = [](std::vector<int> v) {
    if (v.empty()) return std::string("-");
    std::sort(v.begin(), v.end());
    long sum = 0;
    for (int x : v) sum += x;
    return "min " + std::to_string(v.front()) + ", median " + std::to_string(v[v.size() / 2]) +
           ", max " + std::to_string(v.back()) + ", mean " + std::to_string(sum / long(v.size()));
  };
  out << "openings: " << covered << " of " << roots.size() << " in the book; " << forWhite
      << " good for White, " << forBlack << " good for Black, " << balanced
      << " balanced (beyond +-" << kJudgedDecided << " cp is good for one side)\n";
  out << "positions per opening: " << summary(sizes) << "\n";
  out << "main line leaves the book at ply: " << summary(mainLines) << "\n";
  out << lines.str();
  return 0;
}

int printBookMoves(const std::string& path, const std::string& where, std::ostream& out) {
  const book::Book book(path);
  Position pos = Position::start();
  if (where.find(':') != std::string::npos) {
    Parsed<Position> parsed = parseFen(where);
    if (!parsed) {
      out << "error " << parsed.error << "\n";
      return 2;
    }
    pos = *parsed.value;
  } else {
    std::istringstream words(where);
    for (std::string word; words >> word;) {
      Parsed<PathMove> move = parseMove(pos, word);
      if (!move) {
        out << "error illegal move " << word << ": " << move.error << "\n";
        return 2;
      }
      pos = pos.after(move.value->move);
    }
  }
  out << "position " << formatFen(pos) << "\n";
  const std::vector<book::BookMove> moves = book.movesOf(pos);
  if (moves.empty()) out << "no book moves\n";
  for (const book::BookMove& m : moves)
    out << "book " << formatMove(pos, m.move) << " score " << scoreText(m.score) << " weight "
        << m.weight << (book.find(pos.after(m.move).key()) ? "" : " (leaf)") << "\n";
  return 0;
}

int verifyBook(const std::string& path, std::ostream& out) {
  const book::Book book(path);  // the checksum, sizes and order
  std::unordered_set<std::uint64_t> reached;
  std::deque<Position> queue{Position::start()};
  std::size_t illegal = 0, moves = 0;
  while (!queue.empty()) {
    const Position pos = queue.front();
    queue.pop_front();
    const std::optional<book::StoredEntry> entry = book.find(pos.key());
    if (!entry || !reached.insert(pos.key()).second) continue;
    for (const book::StoredMove& stored : entry->moves) {
      const std::optional<Move> m = book::legalMove(pos, stored);
      if (!m) {
        if (++illegal <= 10)
          out << "illegal move " << int(stored.from) << "-" << int(stored.to) << " in "
              << formatFen(pos) << "\n";
        continue;
      }
      ++moves;
      queue.push_back(pos.after(*m));
    }
  }
  const std::size_t unreached = book.entries() - reached.size();
  out << "verify " << path << ": checksum ok, " << reached.size() << " of " << book.entries()
      << " positions reached from the start, " << moves << " moves legal"
      << (illegal ? ", " + std::to_string(illegal) + " illegal" : std::string()) << "\n";
  if (illegal || unreached) {
    out << "error " << unreached << " positions not reached, " << illegal << " illegal moves\n";
    return 1;
  }
  return 0;
}

}  // namespace damiera::bookbuild
