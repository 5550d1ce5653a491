#pragma once
// A request target cut into its path and its query's parameters, percent-decoded ('+' is a
// space, as forms send it), for the HTTP API (server/http_api.h).
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace damiera::server {

struct HttpTarget {
  std::string path;
  std::map<std::string, std::string> parameters;
};

// Nothing, and why in `error`, for a malformed escape or a parameter given twice.
std::optional<HttpTarget> parseTarget(std::string_view target, std::string& error);

// A whole decimal number in [low, high]; nothing (and why in `error`, naming `name`) otherwise.
std::optional<long long> parseBoundedInteger(std::string_view name, std::string_view text,
                                             long long low, long long high, std::string& error);

}  // namespace damiera::server
