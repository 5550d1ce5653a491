#pragma once
// The result of parsing user text: a value, or a message saying precisely what was wrong (and,
// for a refused move, its code: core/refusal.h).
#include <optional>
#include <string>
#include <utility>

#include "core/refusal.h"

namespace damiera {

template <class T>
struct Parsed {
  std::optional<T> value;
  std::string error;                   // empty when value is set
  std::optional<MoveRefusal> refusal;  // a refused move's code, beside error

  static Parsed ok(T v) { return Parsed{std::move(v), {}, std::nullopt}; }
  static Parsed fail(std::string message, std::optional<MoveRefusal> refusal = std::nullopt) {
    return Parsed{std::nullopt, std::move(message), std::move(refusal)};
  }
  explicit operator bool() const { return value.has_value(); }
};

}  // namespace damiera
