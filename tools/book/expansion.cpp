#include "tools/book/expansion.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "core/fen.h"
#include "core/movegen.h"
#include "search/score.h"

namespace damiera::bookbuild {

namespace {

constexpr double kNothingToExpand = std::numeric_limits<double>::infinity();
// A forced move (the only legal one) is scored by its reply's search: a search of a position
// with one move stops at depth 1. Chains of forced captures are followed this far.
constexpr int kForcedChainMax = 8;

struct Scored {
  Move move;
  int score = 0;  // from the side to move
};

std::vector<Move> legalMoves(const Position& pos) {
  MoveList list;
  generateMoves(pos, list);
  return {list.begin(), list.end()};
}

int scorePosition(const Position& pos, const ExpansionSettings& settings, SearchContext& context,
                  int chain = 0);

// The best of `candidates` (legal in pos, not empty) and its score, by the engine's search.
Scored bestOf(const Position& pos, const std::vector<Move>& candidates,
              const ExpansionSettings& settings, SearchContext& context, int chain = 0) {
  assert(!candidates.empty());
  if (candidates.size() == 1 && chain < kForcedChainMax)
    return {candidates.front(),
            -scorePosition(pos.after(candidates.front()), settings, context, chain + 1)};
  SearchLimits limits = settings.limits;
  if (candidates.size() != legalMoves(pos).size()) limits.searchMoves = candidates;
  SearchOptions options;
  options.threads = 1;
  int score = 0;
  SearchCallbacks callbacks;
  callbacks.onInfo = [&score](const SearchInfo& info) {
    if (info.multiPv == 1) score = info.rawScore;
  };
  SearchControl control;
  const SearchResult result = runSearch(Game(pos), limits, options, context, control, callbacks);
  return {result.bestMove.value_or(candidates.front()), score};
}

int scorePosition(const Position& pos, const ExpansionSettings& settings, SearchContext& context,
                  int chain) {
  const std::vector<Move> moves = legalMoves(pos);
  if (moves.empty()) return matedInPlies(0);  // R13: no move, the side to move has lost
  return bestOf(pos, moves, settings, context, chain).score;
}

std::string moveText(const Move& m) {
  const book::StoredMove s = book::storedMove(m, 0, 0);
  return std::to_string(s.from) + " " + std::to_string(s.to) + " " + std::to_string(s.captured);
}

Move readMove(std::istream& in, const Position& pos) {
  book::StoredMove s;
  unsigned from = 0, to = 0;
  in >> from >> to >> s.captured;
  s.from = static_cast<std::uint8_t>(from);
  s.to = static_cast<std::uint8_t>(to);
  const std::optional<Move> m = book::legalMove(pos, s);
  if (!in || !m) throw std::runtime_error("a move that is not legal in its position");
  return *m;
}

Position readFen(std::istream& in) {
  std::string fen;
  in >> fen;
  Parsed<Position> pos = parseFen(fen);
  if (!pos) throw std::runtime_error("bad position " + fen);
  return *pos.value;
}

}  // namespace

Subtree::Subtree(const Position& root, int ply) : root_(root), rootPly_(ply) {}

std::uint32_t Subtree::addNode(const Position& pos, int ply, const ExpansionSettings& settings,
                               SearchContext& context) {
  for (std::uint32_t i = 0; i < nodes_.size(); ++i)  // a transposition inside the subtree
    if (nodes_[i].position == pos) return i;
  Node node;
  node.position = pos;
  node.ply = ply;
  const std::vector<Move> moves = legalMoves(pos);
  if (moves.empty()) {
    node.searched = matedInPlies(0);
  } else {
    const Scored best = bestOf(pos, moves, settings, context);
    node.searched = best.score;
    node.dropout = best.move;
    node.dropoutScore = best.score;
  }
  nodes_.push_back(std::move(node));
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void Subtree::researchDropout(Node& node, const ExpansionSettings& settings,
                              SearchContext& context) {
  std::vector<Move> remaining;
  for (const Move& m : legalMoves(node.position))
    if (std::none_of(node.children.begin(), node.children.end(),
                     [&](const Node::Child& c) { return c.move == m; }))
      remaining.push_back(m);
  node.dropout.reset();
  if (remaining.empty()) return;
  const Scored best = bestOf(node.position, remaining, settings, context);
  node.dropout = best.move;
  node.dropoutScore = best.score;
}

std::vector<Subtree::Derived> Subtree::derive(int width) const {
  std::vector<Derived> derived(nodes_.size());
  enum class Mark { New, Open, Done };
  std::vector<Mark> marks(nodes_.size(), Mark::New);
  const double perUnit = 1.0 / std::max(width, 1);
  // Depth first from the root; a node met again while open (a cycle, possible once kings
  // move) counts as its own search score with nothing to expand through it.
  const std::function<void(std::uint32_t)> visit = [&](std::uint32_t i) {
    marks[i] = Mark::Open;
    const Node& n = nodes_[i];
    for (const Node::Child& c : n.children)
      if (marks[c.node] == Mark::New) visit(c.node);
    const auto childValue = [&](const Node::Child& c) {
      return marks[c.node] == Mark::Open ? nodes_[c.node].searched : derived[c.node].value;
    };
    Derived& d = derived[i];
    if (!n.dropout && n.children.empty()) {
      d = {n.searched, kNothingToExpand, 1};
      marks[i] = Mark::Done;
      return;
    }
    d.value = n.dropout ? n.dropoutScore : -kScoreInfinite;
    for (const Node::Child& c : n.children) d.value = std::max(d.value, -childValue(c));
    d.priority = n.dropout ? 1 + perUnit * (d.value - n.dropoutScore) : kNothingToExpand;
    d.size = 1;
    for (const Node::Child& c : n.children) {
      const bool open = marks[c.node] == Mark::Open;
      const double below = open ? kNothingToExpand : derived[c.node].priority;
      d.priority = std::min(d.priority, 1 + perUnit * (d.value + childValue(c)) + below);
      if (!open) d.size += derived[c.node].size;
    }
    marks[i] = Mark::Done;
  };
  if (!nodes_.empty()) visit(0);
  return derived;
}

int Subtree::value(std::uint32_t i) const { return derive(1)[i].value; }

bool Subtree::expand(const ExpansionSettings& settings, SearchContext& context) {
  if (nodes_.empty()) {
    addNode(root_, rootPly_, settings, context);
    return true;
  }
  const std::vector<Derived> derived = derive(settings.width);
  if (derived[0].priority == kNothingToExpand) return false;
  const double perUnit = 1.0 / std::max(settings.width, 1);
  std::uint32_t at = 0;
  for (int steps = 0; steps < 1000; ++steps) {
    const Node& n = nodes_[at];
    const Derived& d = derived[at];
    // The term that gives the node its priority: its dropout move, or a child's subtree.
    const double viaDropout =
        n.dropout ? 1 + perUnit * (d.value - n.dropoutScore) : kNothingToExpand;
    std::optional<std::uint32_t> next;
    double bestChild = kNothingToExpand;
    for (const Node::Child& c : n.children) {
      const double p = 1 + perUnit * (d.value + derived[c.node].value) + derived[c.node].priority;
      if (p < bestChild) bestChild = p, next = c.node;
    }
    if (viaDropout <= bestChild) {
      const Move move = *n.dropout;
      const int ply = n.ply + 1;
      const std::uint32_t child = addNode(n.position.after(move), ply, settings, context);
      nodes_[at].children.push_back({move, child});
      researchDropout(nodes_[at], settings, context);
      return true;
    }
    if (!next) return false;
    at = *next;
  }
  return false;
}

std::vector<book::StoredEntry> Subtree::entries() const {
  const std::vector<Derived> derived = derive(1);
  std::vector<book::StoredEntry> out;
  for (std::uint32_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    book::StoredEntry e;
    e.key = n.position.key();
    e.ply = static_cast<std::uint16_t>(n.ply);
    for (const Node::Child& c : n.children)
      e.moves.push_back(book::storedMove(c.move, -derived[c.node].value, derived[c.node].size));
    if (n.dropout) e.moves.push_back(book::storedMove(*n.dropout, n.dropoutScore, 1));
    if (!e.moves.empty()) out.push_back(std::move(e));
  }
  return out;
}

std::string Subtree::save() const {
  std::ostringstream out;
  out << "damiera-book-subtree 1\n";
  out << "root " << formatFen(root_) << " " << rootPly_ << "\n";
  for (const Node& n : nodes_) {
    out << "n " << formatFen(n.position) << " " << n.ply << " " << n.searched << " "
        << (n.dropout ? 1 : 0) << " " << (n.dropout ? moveText(*n.dropout) : "0 0 0") << " "
        << n.dropoutScore << "\n";
  }
  for (std::uint32_t i = 0; i < nodes_.size(); ++i)
    for (const Node::Child& c : nodes_[i].children)
      out << "c " << i << " " << moveText(c.move) << " " << c.node << "\n";
  out << "end\n";
  return out.str();
}

Subtree Subtree::load(const std::string& text) {
  std::istringstream in(text);
  std::string word;
  int version = 0;
  in >> word >> version;
  if (word != "damiera-book-subtree" || version != 1) throw std::runtime_error("not a subtree");
  in >> word;
  if (word != "root") throw std::runtime_error("no root");
  const Position root = readFen(in);
  int rootPly = 0;
  in >> rootPly;
  Subtree tree(root, rootPly);
  while (in >> word) {
    if (word == "end") return tree;
    if (word == "n") {
      Node n;
      n.position = readFen(in);
      int hasDropout = 0;
      in >> n.ply >> n.searched >> hasDropout;
      if (hasDropout) {
        n.dropout = readMove(in, n.position);
      } else {
        std::string ignored;
        in >> ignored >> ignored >> ignored;
      }
      in >> n.dropoutScore;
      tree.nodes_.push_back(std::move(n));
    } else if (word == "c") {
      std::uint32_t parent = 0, child = 0;
      in >> parent;
      if (!in || parent >= tree.nodes_.size()) throw std::runtime_error("bad child line");
      const Move m = readMove(in, tree.nodes_[parent].position);
      in >> child;
      if (!in || child >= tree.nodes_.size()) throw std::runtime_error("bad child line");
      tree.nodes_[parent].children.push_back({m, child});
    } else {
      throw std::runtime_error("unexpected " + word);
    }
  }
  throw std::runtime_error("truncated (no end line)");
}

}  // namespace damiera::bookbuild
