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

  SessionFlow handleLine(std::string_view line) override { return session_.handleLine(line); }

 private:
  Session session_;
};

inline LineSessionFactory nativeLineSessionFactory(SessionEnvironment environment = {}) {
  return lineSessionFactory<NativeLineSession>(std::move(environment));
}

}  // namespace damiera
