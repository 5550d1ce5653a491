#pragma once
// The capture precedence P1..P4 of docs/rules.md, written once: the generator keeps the captures
// with the largest key, and notation explains a rejected capture with the rule that decided.
#include <cstdint>
#include <vector>

namespace damiera {

// What P1..P4 look at in one complete capture sequence.
struct CapturePrecedence {
  int pieces = 0;       // P1: pieces captured, more is better
  bool byKing = false;  // P2: the capturing piece is a king (a man that promotes counts as a man)
  int kings = 0;        // P3: kings captured, more is better
  // P4: bit (15 - j) set when the j-th jump (j = 1..12) takes a king. With equal kings
  // captured, comparing these bits as a number compares the kings' jump numbers
  // lexicographically, earliest first.
  std::uint32_t kingJumpBits = 0;

  static constexpr std::uint32_t kingJumpBit(int jump) { return 1u << (15 - jump); }

  // All four rules as one number, a larger key being a better sequence; equal keys are all
  // legal (P5). Layout: bits 24..27 P1, bit 23 P2, bits 18..22 P3, bits 0..15 P4.
  static constexpr std::uint32_t key(int pieces, bool byKing, int kings,
                                     std::uint32_t kingJumpBits) {
    return (static_cast<std::uint32_t>(pieces) << 24) | (byKing ? 1u << 23 : 0u) |
           (static_cast<std::uint32_t>(kings) << 18) | kingJumpBits;
  }
  constexpr std::uint32_t key() const { return key(pieces, byKing, kings, kingJumpBits); }

  // The jump numbers (1-based, ascending) at which kings are taken.
  std::vector<int> kingJumps() const {
    std::vector<int> jumps;
    for (int jump = 1; jump <= 15; ++jump)
      if (kingJumpBits & kingJumpBit(jump)) jumps.push_back(jump);
    return jumps;
  }
};

// The first of P1..P4 on which two sequences differ (rule 0 if none), and whether the first
// sequence wins on it. Read off the packed key: the highest differing bit names the rule.
struct PrecedenceDecision {
  int rule = 0;
  bool firstWins = false;
};

constexpr PrecedenceDecision decidePrecedence(const CapturePrecedence& a,
                                              const CapturePrecedence& b) {
  const std::uint32_t ka = a.key();
  const std::uint32_t kb = b.key();
  if (ka == kb) return {};
  const int top = 31 - __builtin_clz(ka ^ kb);
  const int rule = top >= 24 ? 1 : top == 23 ? 2 : top >= 18 ? 3 : 4;
  return {rule, ka > kb};
}

}  // namespace damiera
