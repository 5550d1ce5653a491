// Who an HTTP request comes from behind a reverse proxy (host/forwarded_client.h): the
// X-Forwarded-For header believed only from the proxies the operator trusts.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "host/forwarded_client.h"

using damiera::host::canonicalAddress;
using damiera::host::forwardedClient;

TEST_CASE("X-Forwarded-For names the client only when a trusted proxy sent it", "[server][http]") {
  const std::vector<std::string> trusted = {"127.0.0.1", "10.0.0.2"};
  // Not from a proxy: the header is anyone's to write, and is not read.
  CHECK(forwardedClient("192.0.2.7", "203.0.113.5", trusted) == "192.0.2.7");
  // From a proxy: the address it got the request from.
  CHECK(forwardedClient("127.0.0.1", "203.0.113.5", trusted) == "203.0.113.5");
  CHECK(forwardedClient("127.0.0.1", " 203.0.113.5 ", trusted) == "203.0.113.5");
  // A client's own X-Forwarded-For is to the left of what the proxy appended: not believed.
  CHECK(forwardedClient("127.0.0.1", "198.51.100.1, 203.0.113.5", trusted) == "203.0.113.5");
  // Through two trusted proxies: the first address neither of them is.
  CHECK(forwardedClient("127.0.0.1", "198.51.100.1, 203.0.113.5, 10.0.0.2", trusted) ==
        "203.0.113.5");
  // A hop that is not an address stops the walk: the proxy is the client.
  CHECK(forwardedClient("127.0.0.1", "203.0.113.5, unknown", trusted) == "127.0.0.1");
  CHECK(forwardedClient("127.0.0.1", "", trusted) == "127.0.0.1");
  CHECK(forwardedClient("127.0.0.1", "10.0.0.2", trusted) == "127.0.0.1");
  CHECK(forwardedClient("127.0.0.1", "2001:db8::1", trusted) == "2001:db8::1");
  // No proxy trusted: the peer, whatever the header says.
  CHECK(forwardedClient("127.0.0.1", "203.0.113.5", {}) == "127.0.0.1");
}

TEST_CASE("An address is read in its canonical form, anything else refused", "[server][http]") {
  CHECK(canonicalAddress("127.0.0.1") == "127.0.0.1");
  CHECK(canonicalAddress("2001:DB8:0:0::1") == "2001:db8::1");
  CHECK(!canonicalAddress("localhost"));
  CHECK(!canonicalAddress("1.2.3"));
  CHECK(!canonicalAddress(""));
}
