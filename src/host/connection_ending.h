#pragma once
// Why a client's connection ends, and what each transport tells the client then: one table for
// TCP and WebSocket (PROTOCOL.md, the connection's own errors, over TCP and over WebSocket), so
// that the two cannot drift. SessionConnection::end() is the one path that uses it.
#include <chrono>
#include <cstdint>
#include <string_view>

namespace damiera::host {

enum class Ending {
  Quit,            // the session ended (`quit`, or the end of input over TCP)
  Unauthorized,    // the first line is not `auth <token>` (--token-file)
  ServerFull,      // --max-clients connections are already open
  LineTooLong,     // a line or message over --max-line
  IdleTimeout,     // no activity for --idle-timeout
  ServerStopping,  // SIGINT, SIGTERM: every connection is closed
  OriginRefused,   // WebSocket only: the page's Origin is not in --allow-origin
};

struct EndingTerms {
  // The error the client gets before the close (TcpServerConfig::errorLine words it for the
  // dialect); empty: none.
  std::string_view error;
  // The WebSocket close frame's code (RFC 6455, 7.4.1) and reason (empty for OriginRefused:
  // the origin itself is the reason).
  std::uint16_t closeCode;
  std::string_view closeReason;
  // How long the closing connection waits for its last replies to be read and for the client
  // to close its side (closing while the client still sends resets the connection, and the
  // replies not read yet are lost); shorter when the server itself stops.
  std::chrono::seconds linger;
};

const EndingTerms& termsOf(Ending ending);

}  // namespace damiera::host
