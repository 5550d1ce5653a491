#include "host/tcp_config.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>

namespace damiera::host {

namespace {

std::optional<std::uint16_t> parsePort(std::string_view text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || value > 65535) return std::nullopt;
  return static_cast<std::uint16_t>(value);
}

std::string lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

bool isSchemeCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
}

// The characters of a host (a name, an IPv4 address, or an IPv6 one in brackets) and its port.
bool isHostCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == ':' ||
         c == '[' || c == ']';
}

}  // namespace

std::optional<std::string> parseOrigin(std::string_view text, std::string& error) {
  if (text == "null") return std::string(text);
  const std::size_t separator = text.find("://");
  if (separator == std::string_view::npos || separator == 0 ||
      !std::all_of(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(separator),
                   isSchemeCharacter)) {
    error = "expected SCHEME://HOST[:PORT], such as https://example.org, or null";
    return std::nullopt;
  }
  const std::string_view host = text.substr(separator + 3);
  if (host.empty() || !std::all_of(host.begin(), host.end(), isHostCharacter)) {
    error =
        "expected SCHEME://HOST[:PORT] with no path (nor a final '/'), as a browser's Origin "
        "header says it";
    return std::nullopt;
  }
  return lowercase(text);
}

bool isAllowedOrigin(const std::vector<std::string>& allowed, std::string_view origin) {
  const std::string lower = lowercase(origin);
  return std::find(allowed.begin(), allowed.end(), lower) != allowed.end();
}

std::optional<ListenAddress> parseListenAddress(std::string_view text, std::string& error) {
  ListenAddress address{std::string(kDefaultListenHost), 0};
  std::string_view portText = text;
  if (!text.empty() && text.front() == '[') {  // [IPv6]:PORT
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
      error = "expected '[ADDRESS]:PORT'";
      return std::nullopt;
    }
    address.host = std::string(text.substr(1, close - 1));
    portText = text.substr(close + 2);
  } else if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) {
    if (colon > 0) address.host = std::string(text.substr(0, colon));
    portText = text.substr(colon + 1);
  }
  if (address.host.empty()) {
    error = "the host is empty";
    return std::nullopt;
  }
  const std::optional<std::uint16_t> port = parsePort(portText);
  if (!port) {
    error = "the port must be an integer 0..65535";
    return std::nullopt;
  }
  address.port = *port;
  return address;
}

}  // namespace damiera::host
