#pragma once
// Dropout expansion (Thomas Lincke, "Strategies for the automatic construction of opening
// books", 2000) of one opening's subtree. Every book node holds its search score, the moves
// already expanded (each leading to another node) and its dropout move: the best move not yet
// expanded, scored by a search restricted to the remaining moves. A node's value is the
// negamax of its children's values and its dropout score. The next node to grow is found by
// descending from the opening along the least expansion priority,
//
//   priority(leaf move)  = 1 + width * (value(n) - score(move))
//   priority(child c)    = 1 + width * (value(n) + value(c)) + priority(c)
//
// (width: priority per search unit of deviation from the best; 1 per ply of depth), and its
// dropout move is expanded: the new node is searched, and the parent's dropout re-searched
// without the expanded moves. So the book grows deep along the best lines and wide where
// alternatives are nearly as good. Each search is the engine's own, at a fixed depth, node
// count or time.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/book.h"
#include "core/game.h"
#include "search/search.h"

namespace damiera::bookbuild {

struct Node {
  Position position;
  int ply = 0;                  // from the start position
  int searched = 0;             // the search's score of the position (side to move)
  std::optional<Move> dropout;  // none: every legal move expanded, or none exists
  int dropoutScore = 0;
  struct Child {
    Move move;
    std::uint32_t node = 0;  // index into the subtree's nodes
  };
  std::vector<Child> children;
};

// The limits of each node's search, and how wide the book grows.
struct ExpansionSettings {
  SearchLimits limits;
  int width = 15;  // search units (hundredths of a man) of deviation worth one ply of depth
  int hashMb = 16;
};

class Subtree {
 public:
  // An empty subtree of the opening at `root` (found at `ply`).
  Subtree(const Position& root, int ply);

  std::size_t size() const { return nodes_.size(); }
  const std::vector<Node>& nodes() const { return nodes_; }

  // Grows the subtree by one node (the first call: searches the root). False when nothing is
  // left to expand.
  bool expand(const ExpansionSettings& settings, SearchContext& context);

  // The negamax value of node i (side to move there), and its subtree's size.
  int value(std::uint32_t i) const;
  // The book entries of the subtree: each node's children and dropout move.
  std::vector<book::StoredEntry> entries() const;

  // The state as text, and back (the resumable build's files); load throws std::runtime_error.
  std::string save() const;
  static Subtree load(const std::string& text);

 private:
  struct Derived {
    int value = 0;
    double priority = 0;
    std::uint32_t size = 1;
  };
  std::vector<Derived> derive(int width) const;
  std::uint32_t addNode(const Position& pos, int ply, const ExpansionSettings& settings,
                        SearchContext& context);
  void researchDropout(Node& node, const ExpansionSettings& settings, SearchContext& context);

  std::vector<Node> nodes_;
  Position root_;
  int rootPly_ = 0;
};

}  // namespace damiera::bookbuild
