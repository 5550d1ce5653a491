#pragma once
// One process-wide "stop now" flag with a file descriptor that becomes readable when it is set,
// so every wait on an engine (poll) wakes at once. Set by SIGINT/SIGTERM and by a finished SPRT.
namespace damiera::match {

// Installs the SIGINT/SIGTERM handlers (and ignores SIGPIPE: a dead engine's pipe is reported
// as an error by write, not as a signal). Call once, before any thread starts.
void installStopSignal();

// Async-signal-safe; idempotent.
void requestStop();
bool stopRequested();
// The signal that asked to stop, 0 if none did (for instance a decided SPRT).
int stopSignalNumber();
// Readable (and staying readable) once a stop has been requested: add it to every poll.
int stopFd();

}  // namespace damiera::match
