#pragma once
// The engine options a client sets with "setoption" and discovers through "uci" (UCI syntax).
// Each option knows its range and how to apply a new value, so the Session only forwards.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace damiera {

// Thrown by an option's apply callback that cannot take a value it was given (e.g. no memory
// for that Hash size); Options::set replies with its message and keeps the previous value.
struct OptionRejected : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An integer option (UCI type "spin"), an on/off option (UCI type "check", held as 0/1), a
// text option (UCI type "string", e.g. a folder; "<empty>" sets it empty) or a choice among
// fixed words (UCI type "combo", held as text; any other word is refused).
struct EngineOption {
  enum class Type { Spin, Check, String, Combo };
  std::string name;
  Type type = Type::Spin;
  int defaultValue = 0;
  int min = 0;
  int max = 0;
  // Called with every accepted value, and once with the default. May throw OptionRejected,
  // having left everything as it was.
  std::function<void(int)> apply;
  int value = 0;
  // String options only.
  std::string defaultText;
  std::function<void(const std::string&)> applyText;
  std::string text;
  // Combo options only: the words it accepts (matched without regard to case).
  std::vector<std::string> choices;
};

class Options {
 public:
  // Register an option and apply its default value.
  void addSpin(std::string name, int defaultValue, int min, int max,
               std::function<void(int)> apply);
  void addCheck(std::string name, bool defaultValue, std::function<void(bool)> apply);
  void addString(std::string name, std::string defaultValue,
                 std::function<void(const std::string&)> apply);
  // `defaultValue` is one of `choices`; apply (may be empty) gets the accepted word as declared.
  void addCombo(std::string name, std::string defaultValue, std::vector<std::string> choices,
                std::function<void(const std::string&)> apply);

  // The "option name ... type ..." lines of the uci reply, in registration order.
  std::vector<std::string> declarationLines() const;

  // Checks and applies "setoption name <name> value <value>". Names are matched without regard
  // to case (UCI); a check takes "true" or "false" (any case). Returns the error message if the
  // option is unknown, the value is not acceptable or applying it failed; then nothing changes.
  std::optional<std::string> set(std::string_view name, const std::optional<std::string>& value);

  // The current value of a registered option (case-insensitive name; a check is 0 or 1).
  std::optional<int> value(std::string_view name) const;
  // Every registered option with its current value, in registration order.
  const std::vector<EngineOption>& all() const { return options_; }

 private:
  void add(EngineOption option);
  EngineOption* find(std::string_view name);
  const EngineOption* find(std::string_view name) const;

  std::vector<EngineOption> options_;
};

}  // namespace damiera
