#pragma once
// How a load run ends, for both protocols (load_run.cpp, http_run.cpp): at the duration no
// client starts another request; if some are still waiting for an answer they get the grace
// period, then are abandoned (what they had not been answered counts as lost).
#include <boost/asio/steady_timer.hpp>
#include <boost/system/error_code.hpp>
#include <chrono>

namespace damiera::load {

// `run` has durationTimer, graceTimer, stopping and active (clients still running); each of
// `clients` (shared pointers) has abandon(). Both must outlive the io_context's run().
template <typename Run, typename Clients>
void armRunDeadline(Run& run, std::chrono::milliseconds duration, std::chrono::milliseconds grace,
                    const Clients& clients) {
  run.durationTimer.expires_after(duration);
  run.durationTimer.async_wait([&run, grace, &clients](const boost::system::error_code&) {
    run.stopping = true;
    if (run.active == 0) return;
    run.graceTimer.expires_after(grace);
    run.graceTimer.async_wait([&clients](const boost::system::error_code&) {
      for (const auto& client : clients) client->abandon();
    });
  });
}

}  // namespace damiera::load
