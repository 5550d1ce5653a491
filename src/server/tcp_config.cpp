#include "server/tcp_config.h"

#include <charconv>

namespace damiera::server {

namespace {

std::optional<std::uint16_t> parsePort(std::string_view text) {
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || value > 65535) return std::nullopt;
  return static_cast<std::uint16_t>(value);
}

}  // namespace

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

}  // namespace damiera::server
