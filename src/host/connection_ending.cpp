#include "host/connection_ending.h"

#include <cassert>
#include <cstddef>
#include <iterator>

#include "host/client_connection.h"

namespace damiera::host {

namespace {

constexpr std::chrono::seconds kLingerTime{5};
constexpr std::chrono::seconds kShutdownLingerTime{1};

// RFC 6455, 7.4.1.
constexpr std::uint16_t kNormal = 1000;
constexpr std::uint16_t kGoingAway = 1001;
constexpr std::uint16_t kPolicyViolation = 1008;
constexpr std::uint16_t kMessageTooBig = 1009;
constexpr std::uint16_t kTryAgainLater = 1013;

// In the order of Ending.
constexpr EndingTerms kTerms[] = {
    {"", kNormal, "", kLingerTime},                                 // Quit
    {kUnauthorized, kPolicyViolation, kUnauthorized, kLingerTime},  // Unauthorized
    {kServerFull, kTryAgainLater, kServerFull, kLingerTime},        // ServerFull
    {kLineTooLong, kMessageTooBig, kLineTooLong, kLingerTime},      // LineTooLong
    {kIdleTimeout, kNormal, kIdleTimeout, kLingerTime},             // IdleTimeout
    {"", kGoingAway, "server stopping", kShutdownLingerTime},       // ServerStopping
    {"", kPolicyViolation, "", kLingerTime},                        // OriginRefused
};

static_assert(std::size(kTerms) == static_cast<std::size_t>(Ending::OriginRefused) + 1,
              "one row for each Ending");

}  // namespace

const EndingTerms& termsOf(Ending ending) {
  const auto index = static_cast<std::size_t>(ending);
  assert(index < std::size(kTerms));
  return kTerms[index];
}

}  // namespace damiera::host
