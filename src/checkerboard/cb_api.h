#pragma once
// CheckerBoard's engine interface, version 2, as its API reference describes it: the board
// array, the piece codes, the move record and the getmove() flags. Our own declarations of the
// documented layout (plain ints only, so the layout is the same for every compiler); no
// Windows header is needed here.
#include <cstddef>

namespace damiera::cb {

// Piece codes in the board array: colour | kind; 0 is an empty square.
inline constexpr int kFree = 0;
inline constexpr int kWhite = 1;
inline constexpr int kBlack = 2;
inline constexpr int kMan = 4;
inline constexpr int kKing = 8;

// getmove()'s return value, from the point of view of the side that moved.
inline constexpr int kDraw = 0;
inline constexpr int kWin = 1;
inline constexpr int kLoss = 2;
inline constexpr int kUnknown = 3;

// getmove()'s `info` bits.
inline constexpr int kInfoReset = 1;           // a new game: forget what earlier searches learned
inline constexpr int kInfoExactTime = 2;       // think exactly maxtime, no longer
inline constexpr int kInfoIncrementShift = 2;  // bits 2-3: increment units (0: no increment)

inline constexpr int kGameTypeItalian = 22;
inline constexpr int kProtocolVersion = 2;
// Both text buffers CheckerBoard hands over are this large (the status line and the reply).
inline constexpr std::size_t kTextSize = 1024;

// The largest number of captures one CBmove can describe: path[0] is unused, so the landing
// squares fill path[1..11].
inline constexpr int kMaxJumps = 11;

struct Coor {
  int x;
  int y;
};

struct CBmove {
  int jumps;     // pieces captured
  int newpiece;  // the piece that lands on `to` (a man promoted on the way is a king here)
  int oldpiece;  // the piece that leaves `from`
  Coor from;
  Coor to;
  Coor path[12];  // landing squares path[1..jumps]; path[0] unused
  Coor del[12];   // captured squares del[0..jumps-1]
  int delpiece[12];
};

// board[x][y]: x is the file 0..7, y the row 0..7 (see board8.h for the Italian layout).
using Board8x8 = int[8][8];

}  // namespace damiera::cb
