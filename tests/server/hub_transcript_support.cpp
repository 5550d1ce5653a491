// The Hub transcript format and its replay are the Hub tests' (tests/hub/hub_transcript.*); the
// server tests replay the same transcripts over TCP, so they build the same code.
#include "tests/hub/hub_transcript.cpp"  // NOLINT(bugprone-suspicious-include)
