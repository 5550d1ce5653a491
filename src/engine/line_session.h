#pragma once
// What a transport (stdin, one TCP connection) talks to: lines in, reply lines out through the
// sink given at creation. Each dialect (the native protocol, Scan's Hub protocol) is one
// implementation; the transports do not know which one they carry.
#include <functional>
#include <memory>
#include <string_view>

namespace damiera {

enum class SessionFlow { Continue, Quit };

class LineSession {
 public:
  using Sink = std::function<void(std::string_view line)>;

  virtual ~LineSession() = default;
  // One input line without its newline. Replies may also come later, from a search thread.
  virtual SessionFlow handleLine(std::string_view line) = 0;
};

// Makes a fresh session for a new client, replying through the given sink.
using LineSessionFactory = std::function<std::unique_ptr<LineSession>(LineSession::Sink)>;

}  // namespace damiera
