#include "engine/options.h"

#include <algorithm>
#include <cassert>
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

std::optional<int> parseBoolean(std::string_view text) {
  if (equalIgnoringCase(text, "true")) return 1;
  if (equalIgnoringCase(text, "false")) return 0;
  return std::nullopt;
}

// Shared by the const and non-const lookups.
template <class List>
auto findByName(List& options, std::string_view name) -> decltype(&options.front()) {
  for (auto& option : options)
    if (equalIgnoringCase(option.name, name)) return &option;
  return nullptr;
}

std::string expectedText(const EngineOption& option) {
  if (option.type == EngineOption::Type::Check) return "true or false";
  if (option.type == EngineOption::Type::String) return "a text, or <empty>";
  if (option.type == EngineOption::Type::Combo) {
    std::string words;
    for (const std::string& choice : option.choices)
      words += (words.empty() ? "" : " or ") + choice;
    return words;
  }
  return "an integer " + std::to_string(option.min) + ".." + std::to_string(option.max);
}

}  // namespace

void Options::add(EngineOption option) {
  option.value = option.defaultValue;
  if (option.apply) option.apply(option.value);
  options_.push_back(std::move(option));
}

void Options::addSpin(std::string name, int defaultValue, int min, int max,
                      std::function<void(int)> apply) {
  EngineOption option;
  option.name = std::move(name);
  option.type = EngineOption::Type::Spin;
  option.defaultValue = defaultValue;
  option.min = min;
  option.max = max;
  option.apply = std::move(apply);
  add(std::move(option));
}

void Options::addString(std::string name, std::string defaultValue,
                        std::function<void(const std::string&)> apply) {
  EngineOption option;
  option.name = std::move(name);
  option.type = EngineOption::Type::String;
  option.defaultText = std::move(defaultValue);
  option.text = option.defaultText;
  option.applyText = std::move(apply);
  if (option.applyText) option.applyText(option.text);
  options_.push_back(std::move(option));
}

void Options::addCombo(std::string name, std::string defaultValue, std::vector<std::string> choices,
                       std::function<void(const std::string&)> apply) {
  assert(std::ranges::find(choices, defaultValue) != choices.end());
  EngineOption option;
  option.name = std::move(name);
  option.type = EngineOption::Type::Combo;
  option.defaultText = std::move(defaultValue);
  option.text = option.defaultText;
  option.applyText = std::move(apply);
  option.choices = std::move(choices);
  if (option.applyText) option.applyText(option.text);
  options_.push_back(std::move(option));
}

void Options::addCheck(std::string name, bool defaultValue, std::function<void(bool)> apply) {
  EngineOption option;
  option.name = std::move(name);
  option.type = EngineOption::Type::Check;
  option.defaultValue = defaultValue ? 1 : 0;
  option.max = 1;
  option.apply = [apply = std::move(apply)](int on) { apply(on != 0); };
  add(std::move(option));
}

std::vector<std::string> Options::declarationLines() const {
  std::vector<std::string> lines;
  for (const EngineOption& option : options_) {
    if (option.type == EngineOption::Type::Check)
      lines.push_back(protocol::checkOptionLine(option.name, option.defaultValue != 0));
    else if (option.type == EngineOption::Type::String)
      lines.push_back(protocol::stringOptionLine(option.name, option.defaultText));
    else if (option.type == EngineOption::Type::Combo)
      lines.push_back(protocol::comboOptionLine(option.name, option.defaultText, option.choices));
    else
      lines.push_back(
          protocol::spinOptionLine(option.name, option.defaultValue, option.min, option.max));
  }
  return lines;
}

namespace {

std::string badValue(const EngineOption& option, const std::string& value) {
  return "bad value " + protocol::quoted(value) + " for option " + option.name + " (" +
         expectedText(option) + ")";
}

// Runs the option's hook with the new value, then keeps it; a hook that rejects the value
// leaves the option as it was and its reason is the error.
template <typename Hook, typename Value>
std::optional<std::string> applyThenKeep(const Hook& hook, Value& kept, const Value& value) {
  try {
    if (hook) hook(value);
  } catch (const OptionRejected& rejected) {
    return rejected.what();
  }
  kept = value;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> Options::set(std::string_view name,
                                        const std::optional<std::string>& value) {
  EngineOption* option = find(name);
  if (option == nullptr) return "unknown option " + protocol::quoted(name);
  if (!value) return "option " + option->name + " needs a value (" + expectedText(*option) + ")";
  if (option->type == EngineOption::Type::Combo) {
    const auto choice = std::ranges::find_if(
        option->choices, [&](const std::string& word) { return equalIgnoringCase(word, *value); });
    if (choice == option->choices.end()) return badValue(*option, *value);
    return applyThenKeep(option->applyText, option->text, *choice);
  }
  if (option->type == EngineOption::Type::String) {
    const std::string text = *value == "<empty>" ? std::string() : *value;
    return applyThenKeep(option->applyText, option->text, text);
  }
  const std::optional<int> number =
      option->type == EngineOption::Type::Check ? parseBoolean(*value) : parseInteger(*value);
  if (!number || *number < option->min || *number > option->max) return badValue(*option, *value);
  return applyThenKeep(option->apply, option->value, *number);
}

std::optional<int> Options::value(std::string_view name) const {
  const EngineOption* option = find(name);
  if (option == nullptr) return std::nullopt;
  return option->value;
}

EngineOption* Options::find(std::string_view name) { return findByName(options_, name); }

const EngineOption* Options::find(std::string_view name) const {
  return findByName(options_, name);
}

}  // namespace damiera
