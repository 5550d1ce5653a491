// The transcript format and its comparison are the engine tests' (tests/engine/transcript.*);
// the server tests replay the same transcripts over TCP, so they build the same code.
#include "tests/engine/transcript.cpp"  // NOLINT(bugprone-suspicious-include)
