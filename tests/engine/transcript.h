#pragma once
// The native transcript runner is the test kit's (tests/kit/transcript.h); this name stays for
// tests/wasm/wasm_transcripts.cpp until it includes that one.
#include "tests/kit/transcript.h"
