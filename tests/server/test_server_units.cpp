// The pieces of the TCP transport that need no socket: addresses, the token, the worker pool.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "host/tcp_auth.h"
#include "host/tcp_config.h"
#include "server/worker_pool.h"
#include "tests/server/server_process.h"

using namespace damiera::host;
using namespace damiera::server;

TEST_CASE("The listen address takes HOST:PORT, :PORT or PORT, loopback by default", "[server]") {
  std::string error;
  auto address = parseListenAddress("127.0.0.1:5555", error);
  REQUIRE(address);
  CHECK(address->host == "127.0.0.1");
  CHECK(address->port == 5555);
  address = parseListenAddress("0", error);
  REQUIRE(address);
  CHECK(address->host == "127.0.0.1");
  CHECK(address->port == 0);
  address = parseListenAddress(":7000", error);
  REQUIRE(address);
  CHECK(address->host == "127.0.0.1");
  address = parseListenAddress("[::1]:7000", error);
  REQUIRE(address);
  CHECK(address->host == "::1");
  CHECK(address->port == 7000);
  address = parseListenAddress("0.0.0.0:80", error);
  REQUIRE(address);
  CHECK(address->host == "0.0.0.0");
  CHECK_FALSE(parseListenAddress("localhost:65536", error));
  CHECK_FALSE(parseListenAddress("localhost:", error));
  CHECK_FALSE(parseListenAddress("localhost:http", error));
  CHECK_FALSE(parseListenAddress("[::1]7000", error));
}

TEST_CASE("The Origin allow-list takes origins as browsers send them, and compares them so",
          "[server][websocket]") {
  std::string error;
  CHECK(parseOrigin("https://Play.Example", error) ==
        std::optional<std::string>("https://play.example"));
  CHECK(parseOrigin("http://localhost:8080", error) ==
        std::optional<std::string>("http://localhost:8080"));
  CHECK(parseOrigin("http://[::1]:8080", error) == std::optional<std::string>("http://[::1]:8080"));
  CHECK(parseOrigin("null", error) == std::optional<std::string>("null"));
  CHECK_FALSE(parseOrigin("https://play.example/", error));  // a browser sends no path
  CHECK(error.find("no path") != std::string::npos);
  CHECK_FALSE(parseOrigin("https://play.example/game", error));
  CHECK_FALSE(parseOrigin("play.example", error));
  CHECK_FALSE(parseOrigin("://play.example", error));
  CHECK_FALSE(parseOrigin("https://", error));
  CHECK_FALSE(parseOrigin("*", error));
  const std::vector<std::string> allowed = {"https://play.example", "http://localhost:8080"};
  CHECK(isAllowedOrigin(allowed, "https://play.example"));
  CHECK(isAllowedOrigin(allowed, "HTTPS://PLAY.EXAMPLE"));
  CHECK(isAllowedOrigin(allowed, "http://localhost:8080"));
  CHECK_FALSE(isAllowedOrigin(allowed, "http://localhost:8081"));
  CHECK_FALSE(isAllowedOrigin(allowed, "https://play.example.evil.example"));
  CHECK_FALSE(isAllowedOrigin(allowed, "http://play.example"));
  CHECK_FALSE(isAllowedOrigin(allowed, "null"));
  CHECK_FALSE(isAllowedOrigin(allowed, ""));
}

TEST_CASE("Tokens compare whole, whatever their length", "[server][auth]") {
  CHECK(constantTimeEquals("s3cret", "s3cret"));
  CHECK_FALSE(constantTimeEquals("s3cret", "s3creT"));
  CHECK_FALSE(constantTimeEquals("s3cret", "s3cre"));
  CHECK_FALSE(constantTimeEquals("s3cret", "s3cret!"));
  CHECK_FALSE(constantTimeEquals("", "x"));
  CHECK(isValidAuthLine("auth s3cret", "s3cret"));
  CHECK(isValidAuthLine("auth  s3cret \r", "s3cret"));
  CHECK_FALSE(isValidAuthLine("auth s3cret x", "s3cret"));
  CHECK_FALSE(isValidAuthLine("auths3cret", "s3cret"));
  CHECK_FALSE(isValidAuthLine("auth", "s3cret"));
  CHECK_FALSE(isValidAuthLine("AUTH s3cret", "s3cret"));
  CHECK_FALSE(isValidAuthLine("isready", "s3cret"));
}

TEST_CASE("The token file holds one word", "[server][auth]") {
  using damiera::testing::temporaryFile;
  CHECK(readTokenFile(temporaryFile("token_ok", "  s3cret\n")) == "s3cret");
  CHECK_THROWS_AS(readTokenFile(temporaryFile("token_empty", "\n")), std::runtime_error);
  CHECK_THROWS_AS(readTokenFile(temporaryFile("token_spaces", "two words\n")), std::runtime_error);
  CHECK_THROWS_AS(readTokenFile("/nonexistent/damiera/token"), std::runtime_error);
}

TEST_CASE("The worker pool runs jobs in the order they came", "[server][pool]") {
  std::mutex mutex;
  std::vector<int> order;
  std::promise<void> started, release;
  std::shared_future<void> released = release.get_future().share();
  {
    WorkerPool pool(1);
    CHECK(pool.size() == 1);
    pool.submit([&started, released] {  // holds the only worker
      started.set_value();
      released.wait();
    });
    started.get_future().wait();
    for (int i = 0; i < 5; ++i)
      pool.submit([&mutex, &order, i] {
        const std::lock_guard lock(mutex);
        order.push_back(i);
      });
    CHECK(pool.queued() == 5);
    release.set_value();
  }  // the destructor runs what is queued, then joins
  CHECK(order == std::vector<int>{0, 1, 2, 3, 4});
}

TEST_CASE("The worker pool spreads jobs over its threads", "[server][pool]") {
  // The first jobs wait until three of them run at once, which only three threads can do; no
  // job ever sees a fourth beside it.
  std::mutex mutex;
  std::condition_variable changed;
  int running = 0, peak = 0, done = 0;
  bool threeAtOnce = false;
  {
    WorkerPool pool(3);
    for (int i = 0; i < 30; ++i)
      pool.submit([&] {
        std::unique_lock lock(mutex);
        peak = std::max(peak, ++running);
        if (running == 3) threeAtOnce = true;
        changed.notify_all();
        // A bound against hanging when the pool runs fewer at once, not a measure.
        changed.wait_for(lock, std::chrono::seconds(60), [&] { return threeAtOnce; });
        --running;
        ++done;
      });
  }
  CHECK(done == 30);
  CHECK(threeAtOnce);
  CHECK(peak == 3);
}
