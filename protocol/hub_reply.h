#pragma once
// The Hub protocol's reply lines, built from typed fields (engine/hub_session.cpp fills them
// from the engine's reports).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace damiera::protocol::hub {

// "id name=<name> version=<version> author=<author>"
std::string idLine(std::string_view name, std::string_view version, std::string_view author);

// One engine parameter of the "hub" answer. type is bool, int, real, string or enum; min and
// max are written for int and real, values (space separated, always quoted) for enum.
struct Param {
  std::string name;
  std::string value;
  std::string type;
  std::optional<std::string> min, max;
  std::optional<std::string> values;
};
std::string paramLine(const Param& param);

// A forced result is written as Scan does, in men: 100 minus the plies until the loser has no
// move, divided by 100 (a win in 1 ply is 99.99; being left without a move after 2 plies is
// -99.98). Ordinary scores are centipawns / 100 (25 cp = 0.25 men).
inline constexpr double kForcedResultMen = 100.0;
double scoreInMen(bool forcedResult, int nativeValue);

struct Info {
  int depth = 0;
  int selDepth = 0;
  int multiPv = 0;   // 0: not shown
  double score = 0;  // men
  std::uint64_t nodes = 0;
  double seconds = 0;
  double megaNodesPerSecond = 0;
  std::vector<std::string> pv;  // Hub notation
};

// "info depth=D mean-depth=D.0 sel-depth=S [multi-pv=K] score=X.XX nodes=N time=T.TTT nps=M.MM
// pv=\"...\"". Damiera does not measure the mean leaf depth Scan reports: mean-depth repeats
// the nominal depth, and sel-depth (our own field) gives the deepest ply reached.
std::string infoLine(const Info& info);

// "done [move=<m> [ponder=<m>]]": a bare "done" when there was no legal move.
std::string doneLine(std::string_view move, std::string_view ponder);

}  // namespace damiera::protocol::hub
