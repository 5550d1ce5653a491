#include "engine/options.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <utility>

#include "core/quote.h"

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

std::string badValue(const EngineOption& option, const std::string& value) {
  return "bad value " + quoteInput(value) + " for option " + std::string(option.name) + " (" +
         expectedValueText(option) + ")";
}

}  // namespace

std::string expectedValueText(const OptionDeclaration& option) {
  if (option.type == OptionType::Check) return "true or false";
  if (option.type == OptionType::String) return "a text, or <empty>";
  if (option.type == OptionType::Combo) {
    std::string words;
    for (const std::string_view choice : option.choices)
      words += (words.empty() ? "" : " or ") + std::string(choice);
    return words;
  }
  return "an integer " + std::to_string(option.min) + ".." + std::to_string(option.max);
}

Options::Options() {
  for (const OptionDeclaration& declaration : optionTable()) {
    assert(declaration.type != OptionType::Combo ||
           std::ranges::find(declaration.choices, declaration.defaultText) !=
               declaration.choices.end());
    assert(declaration.type != OptionType::Spin || (declaration.min <= declaration.defaultValue &&
                                                    declaration.defaultValue <= declaration.max));
    EngineOption option;
    static_cast<OptionDeclaration&>(option) = declaration;
    option.value = declaration.defaultValue;
    option.text = std::string(declaration.defaultText);
    option.hostDefaultText = option.text;
    options_.push_back(std::move(option));
  }
}

void Options::setHostDefault(std::string_view name, std::string text) {
  EngineOption* option = find(name);
  assert(option != nullptr && option->type == OptionType::String);
  option->text = text;
  option->hostDefaultText = std::move(text);
}

std::optional<std::string> Options::set(std::string_view name,
                                        const std::optional<std::string>& value, const Hook& hook) {
  EngineOption* option = find(name);
  if (option == nullptr) return "unknown option " + quoteInput(name);
  if (!value)
    return "option " + std::string(option->name) + " needs a value (" + expectedValueText(*option) +
           ")";
  int number = option->value;
  std::string text = option->text;
  if (option->type == OptionType::Combo) {
    const auto choice = std::ranges::find_if(
        option->choices, [&](std::string_view word) { return equalIgnoringCase(word, *value); });
    if (choice == option->choices.end()) return badValue(*option, *value);
    text = std::string(*choice);
  } else if (option->type == OptionType::String) {
    text = *value == "<empty>" ? std::string() : *value;
  } else {
    const std::optional<int> parsed =
        option->type == OptionType::Check ? parseBoolean(*value) : parseInteger(*value);
    if (!parsed || *parsed < option->min || *parsed > option->max) return badValue(*option, *value);
    number = *parsed;
  }
  // The hook may refuse the value: then the option stays as it was and its reason is the error.
  try {
    if (hook) hook(*option, number, text);
  } catch (const OptionRejected& rejected) {
    return rejected.what();
  }
  option->value = number;
  option->text = std::move(text);
  return std::nullopt;
}

std::optional<int> Options::value(std::string_view name) const {
  const EngineOption* option = find(name);
  if (option == nullptr) return std::nullopt;
  return option->value;
}

int Options::number(std::string_view name) const {
  const EngineOption* option = find(name);
  assert(option != nullptr &&
         (option->type == OptionType::Spin || option->type == OptionType::Check));
  return option->value;
}

const std::string& Options::text(std::string_view name) const {
  const EngineOption* option = find(name);
  assert(option != nullptr &&
         (option->type == OptionType::String || option->type == OptionType::Combo));
  return option->text;
}

EngineOption* Options::find(std::string_view name) { return findByName(options_, name); }

const EngineOption* Options::find(std::string_view name) const {
  return findByName(options_, name);
}

}  // namespace damiera
