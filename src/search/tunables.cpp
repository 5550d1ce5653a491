#include "search/tunables.h"

#include <charconv>
#include <utility>

namespace damiera {

const std::vector<TunableDeclaration>& tunableDeclarations() {
  using T = SearchTunables;
  // Ranges keep every combination a sound search (no reduction below zero plies, windows
  // that open, limits that order soft <= hard); the steps follow the values' scale.
  static const std::vector<TunableDeclaration> table = {
      {"aspirationMinDepth", &T::aspirationMinDepth, 2, 12, 1.0},
      {"aspirationDelta", &T::aspirationDelta, 5, 100, 4.0},
      {"lmrMinDepth", &T::lmrMinDepth, 2, 8, 0.7},
      {"lmrMinMoveIndex", &T::lmrMinMoveIndex, 1, 8, 0.7},
      {"lmrBasePercent", &T::lmrBasePercent, 0, 150, 10.0},
      {"lmrDivisorPercent", &T::lmrDivisorPercent, 80, 400, 16.0},
      {"rfpMaxDepth", &T::rfpMaxDepth, 0, 8, 0.7},
      {"rfpMarginPerPly", &T::rfpMarginPerPly, 20, 300, 10.0},
      {"rfpMinPieces", &T::rfpMinPieces, 2, 24, 1.0},
      {"iirMinDepth", &T::iirMinDepth, 2, 12, 0.7},
      {"historyBonusMaxDepth", &T::historyBonusMaxDepth, 4, 40, 2.0},
      {"noProgressFadePercent", &T::noProgressFadePercent, 100, 2000, 20.0},
      {"stableInstabilityPercent", &T::stableInstabilityPercent, 30, 150, 8.0},
      {"maxInstabilityPercent", &T::maxInstabilityPercent, 100, 400, 15.0},
      {"instabilityDecayPercent", &T::instabilityDecayPercent, 10, 90, 5.0},
      {"defaultMovesToGo", &T::defaultMovesToGo, 10, 60, 3.0},
      {"incrementPercent", &T::incrementPercent, 30, 100, 5.0},
      {"hardOverSoftPercent", &T::hardOverSoftPercent, 100, 1000, 40.0},
      {"maxClockPercent", &T::maxClockPercent, 10, 90, 5.0},
      {"startIterationHardPercent", &T::startIterationHardPercent, 20, 100, 5.0},
  };
  return table;
}

ParsedTunables parseSearchTunables(std::string_view text) {
  ParsedTunables parsed;
  const auto fail = [&](std::string error) {
    parsed.tunables = {};
    parsed.error = std::move(error);
    return parsed;
  };
  std::vector<std::string_view> seen;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos)
      return fail("'" + std::string(item) + "' is not name=value");
    const std::string_view name = item.substr(0, equals);
    const std::string_view value = item.substr(equals + 1);
    const TunableDeclaration* declaration = nullptr;
    for (const TunableDeclaration& candidate : tunableDeclarations())
      if (candidate.name == name) declaration = &candidate;
    if (declaration == nullptr) return fail("no tunable '" + std::string(name) + "'");
    for (std::string_view earlier : seen)
      if (earlier == name) return fail(std::string(name) + " given twice");
    seen.push_back(name);
    int number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc{} || end != value.data() + value.size())
      return fail(std::string(name) + ": '" + std::string(value) + "' is not an integer");
    if (number < declaration->min || number > declaration->max)
      return fail(std::string(name) + " must be " + std::to_string(declaration->min) + ".." +
                  std::to_string(declaration->max) + ", got " + std::to_string(number));
    parsed.tunables.*(declaration->field) = number;
  }
  return parsed;
}

std::string formatSearchTunables(const SearchTunables& tunables) {
  std::string text;
  for (const TunableDeclaration& declaration : tunableDeclarations()) {
    if (!text.empty()) text += ',';
    text += std::string(declaration.name) + '=' + std::to_string(tunables.*(declaration.field));
  }
  return text;
}

}  // namespace damiera
