// Turns on shared processors (server/processor_share.h): a turn waits while all processors are
// taken, the search that computed least goes first, a waiting search can give up, and a turn
// is handed on only when its quantum is over and somebody waits. Threads; the time computed
// is measured on a clock the tests move by hand (tests/search/manual_clock.h).
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "server/processor_share.h"
#include "tests/search/manual_clock.h"

using namespace damiera;
using damiera::server::ProcessorShare;
using damiera::test::ManualClock;
using namespace std::chrono_literals;

namespace {

const auto never = [] { return false; };

// Waits (generously) until `share` has `count` searches waiting.
bool waitForWaiting(const ProcessorShare& share, int count) {
  return share.waitForWaiting(count, 10s);
}

}  // namespace

TEST_CASE("A turn waits while every processor is taken", "[search][share]") {
  ProcessorShare share(1, 20ms);
  ProcessorShare::Turn first(&share);
  first.acquire(never);
  REQUIRE(first.held());

  ProcessorShare::Turn second(&share);
  std::atomic<bool> got{false};
  std::thread waiter([&] {
    second.acquire(never);
    got = true;
  });
  REQUIRE(waitForWaiting(share, 1));
  CHECK_FALSE(got);
  first.release();
  waiter.join();
  CHECK(got);
  CHECK(second.held());
  CHECK(share.waiting() == 0);
}

TEST_CASE("The waiting search that computed least gets the next turn", "[search][share]") {
  ManualClock clock;
  ProcessorShare share(1, 1ms, clock);
  ProcessorShare::Turn old(&share);  // computes a while first
  old.acquire(never);
  clock.advance(30ms);
  old.release();
  CHECK(old.computed() == 30ms);

  ProcessorShare::Turn holder(&share);
  holder.acquire(never);
  std::atomic<int> order{0};
  std::atomic<int> oldPlace{0}, freshPlace{0};
  std::thread oldThread([&] {
    old.acquire(never);
    oldPlace = ++order;
    old.release();
  });
  REQUIRE(waitForWaiting(share, 1));  // the old one queues first...
  ProcessorShare::Turn fresh(&share);
  std::thread freshThread([&] {
    fresh.acquire(never);
    freshPlace = ++order;
    fresh.release();
  });
  REQUIRE(waitForWaiting(share, 2));
  holder.release();  // ...but the fresh one has computed nothing: it goes first
  oldThread.join();
  freshThread.join();
  CHECK(freshPlace == 1);
  CHECK(oldPlace == 2);
}

TEST_CASE("A waiting search gives up when asked to, without a turn", "[search][share]") {
  ProcessorShare share(1, 20ms);
  ProcessorShare::Turn holder(&share);
  holder.acquire(never);
  ProcessorShare::Turn waiter(&share);
  std::atomic<bool> stop{false};
  std::thread thread([&] { waiter.acquire([&] { return stop.load(); }); });
  REQUIRE(waitForWaiting(share, 1));
  stop = true;
  thread.join();
  CHECK_FALSE(waiter.held());
  CHECK(share.waiting() == 0);
  holder.release();  // the processor is free again for the next one
  ProcessorShare::Turn next(&share);
  next.acquire(never);
  CHECK(next.held());
}

TEST_CASE("A turn is handed on after its quantum, only when somebody waits", "[search][share]") {
  ManualClock clock;
  ProcessorShare share(1, 5ms, clock);
  ProcessorShare::Turn running(&share);
  running.acquire(never);
  clock.advance(10ms);
  CHECK_FALSE(running.shouldYield());  // nobody waits: keep computing

  ProcessorShare::Turn other(&share);
  std::atomic<bool> otherRan{false};
  std::thread thread([&] {
    other.acquire(never);
    otherRan = true;
    other.release();
  });
  REQUIRE(waitForWaiting(share, 1));
  CHECK(running.shouldYield());  // somebody waits, and the quantum is over
  running.yield(never);          // hands on, waits for the other to finish, gets a turn back
  thread.join();
  CHECK(otherRan);
  CHECK(running.held());
  CHECK(running.computed() >= 10ms);
}

TEST_CASE("Without a share, turns do nothing", "[search][share]") {
  ProcessorShare::Turn turn(nullptr);
  turn.acquire(never);
  CHECK_FALSE(turn.held());
  CHECK_FALSE(turn.shouldYield());
  turn.release();
}
