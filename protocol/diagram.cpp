#include "protocol/diagram.h"

#include <string_view>

namespace damiera::protocol {

namespace {

constexpr int kFiles = 8;
constexpr int kRanks = 8;
constexpr std::string_view kFileLetters = "abcdefgh";
// Every cell is this wide, contents right-aligned, so piece letters and two-digit square
// numbers line up under the file letters.
constexpr std::size_t kCellWidth = 3;
constexpr const char* kGap = "     ";  // between the piece board and the number board

// R2: the dark square in row `row` (0 = rank 8) and file `file` (0 = a), or 0 for a light one.
int squareNumberAt(int row, int file) {
  const bool dark = (row % 2 == 0) ? (file % 2 == 0) : (file % 2 == 1);
  return dark ? row * 4 + file / 2 + 1 : 0;
}

char pieceLetter(const Position& pos, int number) {
  const Square sq = squareFromNumber(number);
  if (pos.hasPiece(Color::White, sq)) return pos.isKing(sq) ? 'W' : 'w';
  if (pos.hasPiece(Color::Black, sq)) return pos.isKing(sq) ? 'B' : 'b';
  return '.';
}

void appendCell(std::string& line, std::string_view content) {
  line.append(kCellWidth - content.size(), ' ');
  line += content;
}

std::string fileHeader() {
  std::string half = "  ";
  for (int file = 0; file < kFiles; ++file) appendCell(half, kFileLetters.substr(file, 1));
  return half + kGap + half;
}

std::string rankLine(const Position& pos, int row) {
  const char rankDigit = static_cast<char>('0' + (kRanks - row));
  std::string pieces = {rankDigit, ' '};
  std::string numbers = {rankDigit, ' '};
  for (int file = 0; file < kFiles; ++file) {
    const int number = squareNumberAt(row, file);
    if (number == 0) {
      appendCell(pieces, "");
      appendCell(numbers, "");
    } else {
      appendCell(pieces, std::string(1, pieceLetter(pos, number)));
      appendCell(numbers, std::to_string(number));
    }
  }
  return pieces + kGap + numbers;
}

void trimTrailingSpaces(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

}  // namespace

std::vector<std::string> diagramLines(const Position& pos) {
  std::vector<std::string> lines;
  lines.push_back(fileHeader());
  for (int row = 0; row < kRanks; ++row) lines.push_back(rankLine(pos, row));
  lines.push_back(fileHeader());
  lines.push_back("w white man, W white king, b black man, B black king, . empty");
  lines.push_back(std::string("side to move: ") +
                  (pos.sideToMove() == Color::White ? "white" : "black"));
  for (std::string& line : lines) trimTrailingSpaces(line);
  return lines;
}

}  // namespace damiera::protocol
