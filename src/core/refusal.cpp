#include "core/refusal.h"

#include <algorithm>
#include <cassert>

namespace damiera {

const std::vector<RefusalCode>& refusalCodes() {
  using T = RefusalParamType;
  static const std::vector<RefusalCode> codes = {
      {"malformed", {}},  // the text does not read as a move at all
      {"empty-square", {{"square", T::Square}, {"side", T::Side}}},
      {"opponent-piece", {{"square", T::Square}, {"side", T::Side}}},
      {"no-legal-move", {{"side", T::Side}}},  // R13
      {"is-capture", {{"moves", T::Moves}}},   // written with '-': write one of moves
      {"is-quiet", {{"move", T::Move}}},       // written with 'x': write move
      {"must-capture", {{"side", T::Side}, {"captures", T::Moves}}},  // R6
      {"no-capture", {{"side", T::Side}}},
      {"precedence-pieces",  // P1
       {{"pieces", T::Count},
        {"best", T::Move},
        {"best-pieces", T::Count},
        {"captures", T::Moves}}},
      {"precedence-king", {{"best", T::Move}, {"captures", T::Moves}}},  // P2
      {"precedence-kings",                                               // P3
       {{"kings", T::Count}, {"best", T::Move}, {"best-kings", T::Count}, {"captures", T::Moves}}},
      {"precedence-order",  // P4
       {{"jumps", T::Jumps}, {"best", T::Move}, {"best-jumps", T::Jumps}, {"captures", T::Moves}}},
      {"incomplete", {{"move", T::Move}}},  // R10: move is a capture it begins
      {"no-such-move", {{"square", T::Square}, {"moves", T::Moves}}},
      {"cannot-move", {{"square", T::Square}}},
      {"cannot-capture", {{"square", T::Square}, {"captures", T::Moves}}},
      {"ambiguous", {{"moves", T::Moves}}},  // "from x to" names captures of different results
      {"game-over", {{"outcome", T::Outcome}, {"reason", T::Reason}, {"rule", T::Rule}}},
  };
  return codes;
}

std::string_view refusalParamTypeName(RefusalParamType type) {
  switch (type) {
    case RefusalParamType::Square:
      return "square";
    case RefusalParamType::Side:
      return "side";
    case RefusalParamType::Move:
      return "move";
    case RefusalParamType::Moves:
      return "moves";
    case RefusalParamType::Count:
      return "count";
    case RefusalParamType::Jumps:
      return "jumps";
    case RefusalParamType::Outcome:
      return "outcome";
    case RefusalParamType::Reason:
      return "reason";
    case RefusalParamType::Rule:
      break;
  }
  return "rule";
}

MoveRefusal makeRefusal(std::string_view code,
                        std::vector<std::pair<std::string, std::string>> params) {
  [[maybe_unused]] const auto known =
      std::find_if(refusalCodes().begin(), refusalCodes().end(),
                   [code](const RefusalCode& c) { return c.code == code; });
  assert(known != refusalCodes().end() && known->params.size() == params.size());
  for ([[maybe_unused]] std::size_t i = 0; i < params.size(); ++i) {
    assert(known->params[i].name == params[i].first);
    assert(!params[i].second.empty() &&
           params[i].second.find_first_of(" \t\"]") == std::string::npos);
  }
  return MoveRefusal{std::string(code), std::move(params)};
}

std::string refusalSuffix(const MoveRefusal& refusal) {
  std::string out = " [refusal " + refusal.code;
  for (const auto& [name, value] : refusal.params) out += " " + name + "=" + value;
  return out + "]";
}

std::string joinedValues(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& value : values) out += (out.empty() ? "" : ",") + value;
  return out;
}

}  // namespace damiera
