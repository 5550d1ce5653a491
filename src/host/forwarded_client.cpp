#include "host/forwarded_client.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <boost/system/error_code.hpp>

namespace damiera::host {

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool isTrusted(const std::string& address, const std::vector<std::string>& trustedProxies) {
  return std::find(trustedProxies.begin(), trustedProxies.end(), address) != trustedProxies.end();
}

}  // namespace

std::optional<std::string> canonicalAddress(std::string_view text) {
  boost::system::error_code failed;
  const auto address = boost::asio::ip::make_address(std::string(trimmed(text)), failed);
  if (failed) return std::nullopt;
  return address.to_string();
}

std::string forwardedClient(const std::string& peer, std::string_view forwardedFor,
                            const std::vector<std::string>& trustedProxies) {
  if (forwardedFor.empty() || !isTrusted(peer, trustedProxies)) return peer;
  // From the right: the last hop first.
  while (!forwardedFor.empty()) {
    const std::size_t comma = forwardedFor.rfind(',');
    const std::string_view entry =
        comma == std::string_view::npos ? forwardedFor : forwardedFor.substr(comma + 1);
    const std::optional<std::string> address = canonicalAddress(entry);
    if (!address) return peer;  // a hop the walk cannot read: nothing left of it is believed
    if (!isTrusted(*address, trustedProxies)) return *address;
    if (comma == std::string_view::npos) break;
    forwardedFor = forwardedFor.substr(0, comma);
  }
  return peer;
}

}  // namespace damiera::host
