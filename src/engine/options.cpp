#include "engine/options.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "protocol/reply.h"

namespace damiera {

namespace {

char lowered(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalIgnoringCase(std::string_view a, std::string_view b) {
  return std::ranges::equal(a, b, [](char x, char y) { return lowered(x) == lowered(y); });
}

std::optional<int> parseInteger(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Shared by the const and non-const lookups: returns SpinOption* or const SpinOption*.
template <class Spins>
auto findByName(Spins& spins, std::string_view name) -> decltype(&spins.front()) {
  for (auto& option : spins)
    if (equalIgnoringCase(option.name, name)) return &option;
  return nullptr;
}

std::string rangeText(const SpinOption& option) {
  return "an integer " + std::to_string(option.min) + ".." + std::to_string(option.max);
}

}  // namespace

void Options::addSpin(SpinOption option) {
  option.value = option.defaultValue;
  if (option.apply) option.apply(option.value);
  spins_.push_back(std::move(option));
}

std::vector<std::string> Options::declarationLines() const {
  std::vector<std::string> lines;
  for (const SpinOption& option : spins_)
    lines.push_back(
        protocol::spinOptionLine(option.name, option.defaultValue, option.min, option.max));
  return lines;
}

std::optional<std::string> Options::set(std::string_view name,
                                        const std::optional<std::string>& value) {
  SpinOption* option = findSpin(name);
  if (option == nullptr) return "unknown option " + protocol::quoted(name);
  if (!value) return "option " + option->name + " needs a value (" + rangeText(*option) + ")";
  const std::optional<int> number = parseInteger(*value);
  if (!number || *number < option->min || *number > option->max)
    return "bad value " + protocol::quoted(*value) + " for option " + option->name + " (" +
           rangeText(*option) + ")";
  option->value = *number;
  if (option->apply) option->apply(option->value);
  return std::nullopt;
}

std::optional<int> Options::spinValue(std::string_view name) const {
  const SpinOption* option = findSpin(name);
  if (option == nullptr) return std::nullopt;
  return option->value;
}

SpinOption* Options::findSpin(std::string_view name) { return findByName(spins_, name); }

const SpinOption* Options::findSpin(std::string_view name) const {
  return findByName(spins_, name);
}

}  // namespace damiera
