#pragma once
// What a session gets from whoever runs it. On stdin (the defaults): a search thread and a
// hash table of its own, and no caps. In server mode (README.md "Analysis server"): the
// server-wide pool of search threads, one hash table shared by every session, and caps on what
// one client may ask for, so that no client takes more than its share of the machine.
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "engine/line_session.h"
#include "search/searcher.h"

namespace damiera {

struct SessionEnvironment {
  // Where searches run, the table they use and the caps on each search (search/searcher.h).
  // A shared table is never resized or cleared by one session: "setoption name Hash" is
  // accepted (GUIs send it) and changes nothing, and "ucinewgame" clears only the session's
  // own move-ordering histories.
  SearchResources search;
  // The largest table "perft ... hash <MB>" may make for one run (0: what the machine can
  // hold). A server sets its --hash size, so that no client maps more than the operator gave
  // the shared table.
  std::size_t maxPerftHashMb = 0;
  // Whether the options that name a file or folder (EvalFile, EGDBPath) open what the client
  // names. A server's clients are not its machine's users: they may only switch such an option
  // off (<empty>) or back to its default, the one the operator set up.
  bool clientNamesFiles = true;
  // Where clients who may not name files may still choose an evaluation: EvalFile also takes
  // the plain name of a file in this folder (a server's --eval-dir; engine/eval_folder.h).
  // Empty: no folder.
  std::string evalFolder;
};

// Sessions of one dialect for a transport; every one gets a copy of `environment`.
template <class DialectSession>
LineSessionFactory lineSessionFactory(SessionEnvironment environment) {
  return [environment](LineSession::Sink sink) -> std::unique_ptr<LineSession> {
    return std::make_unique<DialectSession>(std::move(sink), environment);
  };
}

}  // namespace damiera
