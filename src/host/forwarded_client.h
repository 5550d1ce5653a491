#pragma once
// Who a request comes from when a reverse proxy (nginx, HAProxy) stands between the client and
// the server: every connection then comes from the proxy's address, and the client's is in the
// X-Forwarded-For header the proxy adds. The header is believed only from the proxies the
// operator names (--trusted-proxy), since any client can send one.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace damiera::host {

// An IP address (IPv4 or IPv6) in its canonical text ("::ffff:1.2.3.4" stays as given by the
// system's parser: Boost.Asio's to_string), or nothing when `text` is not one.
std::optional<std::string> canonicalAddress(std::string_view text);

// The client of a request that came from `peer` with the X-Forwarded-For value `forwardedFor`
// (empty: none): the peer itself unless it is one of `trustedProxies` (canonical addresses);
// then the rightmost address of the header that is not a trusted proxy (each proxy appends the
// address it got the request from, so the addresses to the right of it were added by proxies
// the operator trusts, and those to the left by whoever sent it). A header without such an
// address, or with a malformed one where the walk stops, leaves the peer.
std::string forwardedClient(const std::string& peer, std::string_view forwardedFor,
                            const std::vector<std::string>& trustedProxies);

}  // namespace damiera::host
