#pragma once
// The perfect index of a slice (White to move): every legal placement of its pieces gets a
// number 0..size()-1 and every number is a legal placement.
//
//   index = menIndex * kingPlacements() + kingIndex
//   men:   White men on squares 5..32 (kWhiteManSquares), grouped by how many stand on 29..32,
//          then Black men on squares 1..28 not taken by White men (the group fixes how many).
//   kings: White kings, then Black kings, on the squares left free (combinatorial number
//          system over the free squares, ranks found with popcount).
// All positions sharing men are one contiguous run of kingPlacements() indices: king moves stay
// inside a run, which is what the builder's retrograde passes work on.
#include <array>
#include <cstdint>

#include "egdb/board.h"
#include "egdb/material.h"

namespace damiera::egdb {

std::uint64_t binomial(int n, int k);

class SliceIndex {
 public:
  explicit SliceIndex(const Material& m);

  const Material& material() const { return material_; }
  std::uint64_t size() const { return menConfigurations_ * kingPlacements_; }
  std::uint64_t menConfigurations() const { return menConfigurations_; }
  std::uint64_t kingPlacements() const { return kingPlacements_; }

  // The board must hold exactly this slice's material, men on legal squares.
  std::uint64_t index(const Board& b) const;
  Board board(std::uint64_t index) const;

  std::uint64_t menIndex(Bitboard whiteMen, Bitboard blackMen) const;
  void menPlacement(std::uint64_t menIndex, Bitboard& whiteMen, Bitboard& blackMen) const;
  std::uint64_t kingIndex(Bitboard free, Bitboard whiteKings, Bitboard blackKings) const;
  void kingPlacement(std::uint64_t kingIndex, Bitboard free, Bitboard& whiteKings,
                     Bitboard& blackKings) const;

 private:
  Material material_;
  // Men group g: g White men on 29..32. Offsets of each group's first men index.
  std::array<std::uint64_t, 6> groupOffset_{};
  std::uint64_t menConfigurations_ = 0;
  std::uint64_t kingPlacements_ = 0;
  std::uint64_t blackKingPlacements_ = 0;
};

}  // namespace damiera::egdb
