#pragma once
// Included before every source of the WebAssembly build (src/wasm/CMakeLists.txt): the few
// C++20 range algorithms the engine uses that the libc++ of Debian's Emscripten (libc++ 14)
// does not have yet, so that the engine's sources stay as they are natively. Each is what the
// standard says it does, for the uses here (ranges with begin()/end(), no projections).
#include <algorithm>
#include <iterator>
#include <version>

#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 15000
namespace std::ranges {

inline constexpr auto find = [](auto&& range, const auto& value) {
  return std::find(std::begin(range), std::end(range), value);
};
inline constexpr auto find_if = [](auto&& range, auto predicate) {
  return std::find_if(std::begin(range), std::end(range), predicate);
};
inline constexpr auto equal = [](auto&& a, auto&& b, auto predicate) {
  return std::equal(std::begin(a), std::end(a), std::begin(b), std::end(b), predicate);
};

}  // namespace std::ranges
#endif
