#pragma once
// A refused move as a stable code and its parameters (PROTOCOL.md "Refusal codes"), written
// beside the English text by every dialect, so that a front-end can word the refusal in its
// own language without reading the text. The codes and their parameters are listed once here
// (refusalCodes); protocol/refusals.json is the same list for other languages, checked equal by
// a test.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace damiera {

struct MoveRefusal {
  std::string code;  // one of refusalCodes()
  // In the code's order; values without blanks: squares as numbers, side white|black, moves in
  // the dialect's notation, lists comma-separated.
  std::vector<std::pair<std::string, std::string>> params;
};

// What kind of value a parameter holds (protocol/refusals.json "type").
enum class RefusalParamType { Square, Side, Move, Moves, Count, Jumps, Outcome, Reason, Rule };

struct RefusalParam {
  std::string_view name;
  RefusalParamType type;
};

struct RefusalCode {
  std::string_view code;
  std::vector<RefusalParam> params;
};

// Every code and its parameters, each parameter always present.
const std::vector<RefusalCode>& refusalCodes();
std::string_view refusalParamTypeName(RefusalParamType type);

// A refusal with `code` and `params` in the code's order; asserts both are in refusalCodes().
MoveRefusal makeRefusal(std::string_view code,
                        std::vector<std::pair<std::string, std::string>> params = {});

// The native dialect's suffix, appended to an error line: " [refusal must-capture side=white
// captures=19x10]".
std::string refusalSuffix(const MoveRefusal& refusal);

// "19x10,19x14": a list parameter's value.
std::string joinedValues(const std::vector<std::string>& values);

}  // namespace damiera
