#pragma once
// Builds without threads (the single-threaded WebAssembly engine, src/wasm/): there a job (go,
// perft, bench) runs inline on the one thread the host has, so no other thread can ever set
// the flag a blocked wait waits for. Two waits change there, and nothing else:
//  - a job holding its result for stop or ponderhit (go infinite, go ponder) hands the thread
//    to the host in a loop instead of blocking: the host runs its message loop and hands its
//    input to the session, which sets the flag;
//  - waiting for a job's answer (stop) returns at once: the job is further down this very
//    stack and answers as soon as the caller returns to it.
// Natively (threads available) kSingleThreaded is false and none of this is used.
#include <functional>

namespace damiera {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kSingleThreaded = true;
#else
inline constexpr bool kSingleThreaded = false;
#endif

// Hands the thread to the host for a moment; `released` says whether what the caller waits for
// has come, so the host stops handing its input to the session once it has.
using HostYield = std::function<void(const std::function<bool()>& released)>;

// Set once by the host of a single-threaded build, before any job.
void setHostYield(HostYield yield);
// Calls the host's yield (nothing when none is set).
void yieldToHost(const std::function<bool()>& released);

}  // namespace damiera
