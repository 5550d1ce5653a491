#pragma once
// The engine options a client sets with "setoption" and discovers through "uci" (UCI syntax).
// Each option knows its range and how to apply a new value, so the Session only forwards.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera {

// An integer option (UCI type "spin").
struct SpinOption {
  std::string name;
  int defaultValue = 0;
  int min = 0;
  int max = 0;
  std::function<void(int)> apply;  // called with every accepted value, and once with the default
  int value = 0;
};

class Options {
 public:
  // Registers an option and applies its default value.
  void addSpin(SpinOption option);

  // The "option name ... type ..." lines of the uci reply, in registration order.
  std::vector<std::string> declarationLines() const;

  // Checks and applies "setoption name <name> value <value>". Names are matched without regard
  // to case (UCI). Returns the error message if the option is unknown or the value is not
  // acceptable; then nothing changes.
  std::optional<std::string> set(std::string_view name, const std::optional<std::string>& value);

  // The current value of a registered spin option (case-insensitive name), if there is one.
  std::optional<int> spinValue(std::string_view name) const;

 private:
  SpinOption* findSpin(std::string_view name);
  const SpinOption* findSpin(std::string_view name) const;

  std::vector<SpinOption> spins_;
};

}  // namespace damiera
