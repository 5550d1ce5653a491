#pragma once
// The native protocol (PROTOCOL.md) as a LineSession, for the transports: a Session behind
// the dialect-neutral interface.
#include <memory>
#include <string_view>
#include <utility>

#include "engine/line_session.h"
#include "engine/session.h"

namespace damiera {

class NativeLineSession final : public LineSession {
 public:
  explicit NativeLineSession(Sink sink, SessionEnvironment environment = {})
      : session_(std::move(sink), std::move(environment)) {}

  SessionFlow handleLine(std::string_view line) override {
    return session_.handleLine(line) == Session::Flow::Quit ? SessionFlow::Quit
                                                            : SessionFlow::Continue;
  }

 private:
  Session session_;
};

// Sessions for a transport; every one gets a copy of `environment`.
inline LineSessionFactory nativeLineSessionFactory(SessionEnvironment environment = {}) {
  return [environment](LineSession::Sink sink) -> std::unique_ptr<LineSession> {
    return std::make_unique<NativeLineSession>(std::move(sink), environment);
  };
}

}  // namespace damiera
