#pragma once
// The current values of the engine options declared in engine/option_table.h, and the checks
// of a new value: the range and type the table declares. Options knows no protocol: the
// front-ends format the declarations (the uci list, the Hub parameters, CheckerBoard's get)
// from all(), and the Engine applies what a value changes (Engine::setOption).
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/option_table.h"

namespace damiera {

// Thrown by the hook of Options::set that cannot take a value it was given (e.g. no memory
// for that Hash size); Options::set replies with its message and keeps the previous value.
struct OptionRejected : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One option of the table with its current value.
struct EngineOption : OptionDeclaration {
  int value = 0;     // Spin, Check (0/1)
  std::string text;  // String, Combo (a Combo's word as declared)
  // This host's default of a String option (the table's, or one the host gave: EGDBPath).
  std::string hostDefaultText;
};

class Options {
 public:
  // Every option of the table at its default.
  Options();

  // A String option's default in this host (before any set): its value and its uci default.
  void setHostDefault(std::string_view name, std::string text);

  // Called with an accepted value before it is kept; may throw OptionRejected, having left
  // everything as it was. `value` is the number (Spin, Check), `text` the text (String, Combo).
  using Hook = std::function<void(const EngineOption& option, int value, const std::string& text)>;

  // Checks and applies "setoption name <name> value <value>". Names are matched without regard
  // to case (UCI); a check takes "true" or "false" (any case). Returns the error message if the
  // option is unknown, the value is not acceptable or the hook refused it; then nothing changes.
  std::optional<std::string> set(std::string_view name, const std::optional<std::string>& value,
                                 const Hook& hook = {});

  // The current value of an option (case-insensitive name; a check is 0 or 1), or nothing.
  std::optional<int> value(std::string_view name) const;
  // The current number of a Spin or Check option / text of a String or Combo option of the
  // table (a name not in the table is a programming error).
  int number(std::string_view name) const;
  const std::string& text(std::string_view name) const;
  // Every option with its current value, in the table's order.
  const std::vector<EngineOption>& all() const { return options_; }

 private:
  EngineOption* find(std::string_view name);
  const EngineOption* find(std::string_view name) const;

  std::vector<EngineOption> options_;
};

// What a value of `option` must be, in words ("an integer 1..64", "true or false").
std::string expectedValueText(const OptionDeclaration& option);

}  // namespace damiera
