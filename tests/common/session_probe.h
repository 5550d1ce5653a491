#pragma once
// A native Session whose replies are collected, for the tests that drive it line by line:
// say() sends one line and returns what came back, with the replies of a search, perft or bench
// it started (they come from the search thread: say() waits until the session is idle).
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "engine/session.h"

namespace damiera::test {

class SessionProbe {
 public:
  using Lines = std::vector<std::string>;

  explicit SessionProbe(SessionEnvironment environment = {})
      : session_([this](std::string_view line) { replies_.emplace_back(line); },
                 std::move(environment)) {}

  Lines say(std::string_view line) {
    replies_.clear();
    lastFlow_ = session_.handleLine(line);
    session_.waitIdle();
    return replies_;
  }
  std::string fen() const { return formatFen(session_.game().position()); }
  Session& session() { return session_; }
  Session::Flow lastFlow() const { return lastFlow_; }

 private:
  Lines replies_;
  Session session_;
  Session::Flow lastFlow_ = Session::Flow::Continue;
};

}  // namespace damiera::test
