#include "server/http_query.h"

#include <charconv>

namespace damiera::server {

namespace {

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> percentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;  // "%" or "%4" at the end
      const int high = hexValue(text[i + 1]);
      const int low = hexValue(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::optional<HttpTarget> parseTarget(std::string_view target, std::string& error) {
  HttpTarget parsed;
  const std::size_t mark = target.find('?');
  const auto path = percentDecode(target.substr(0, mark));
  if (!path) {
    error = "malformed percent escape in the path";
    return std::nullopt;
  }
  parsed.path = *path;
  if (mark == std::string_view::npos) return parsed;
  std::string_view query = target.substr(mark + 1);
  while (!query.empty()) {
    const std::size_t end = query.find('&');
    const std::string_view pair = query.substr(0, end);
    query = end == std::string_view::npos ? std::string_view() : query.substr(end + 1);
    if (pair.empty()) continue;
    const std::size_t equals = pair.find('=');
    const auto name = percentDecode(pair.substr(0, equals));
    const auto value = percentDecode(equals == std::string_view::npos ? std::string_view()
                                                                      : pair.substr(equals + 1));
    if (!name || !value) {
      error = "malformed percent escape in the query";
      return std::nullopt;
    }
    if (!parsed.parameters.emplace(*name, *value).second) {
      error = "parameter '" + *name + "' given twice";
      return std::nullopt;
    }
  }
  return parsed;
}

std::optional<long long> parseBoundedInteger(std::string_view name, std::string_view text,
                                             long long low, long long high, std::string& error) {
  long long value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, failed] = std::from_chars(text.data(), end, value);
  if (text.empty() || failed != std::errc() || stop != end) {
    error = std::string(name) + " must be a whole number, not '" + std::string(text) + "'";
    return std::nullopt;
  }
  if (value < low || value > high) {
    error = std::string(name) + " " + std::to_string(value) +
            " is out of range: " + std::to_string(low) + ".." + std::to_string(high);
    return std::nullopt;
  }
  return value;
}

}  // namespace damiera::server
