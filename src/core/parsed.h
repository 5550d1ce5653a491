#pragma once
// The result of parsing user text: a value, or a message saying precisely what was wrong.
#include <optional>
#include <string>
#include <utility>

namespace damiera {

template <class T>
struct Parsed {
  std::optional<T> value;
  std::string error;  // empty when value is set

  static Parsed ok(T v) { return Parsed{std::move(v), {}}; }
  static Parsed fail(std::string message) { return Parsed{std::nullopt, std::move(message)}; }
  explicit operator bool() const { return value.has_value(); }
};

}  // namespace damiera
