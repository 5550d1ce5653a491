#pragma once
// Hub transcripts: Hub sessions replayed against a HubSession (in this process) or against the
// `damiera hub` binary, the way a GUI drives an engine: each input line is sent only once every
// answer written before it in the transcript has arrived. The format: the entries both
// transcript formats share (tests/kit/transcript_entries.h: > sends, < <~ <* expect), and no
// directive.
//
// Searches answer from another thread, so their info lines may come before or after an
// answer to a later command (ping); `<* info .*` around it says so. After the last input line
// the input ends (which is quit), and the output must be exactly what the transcript expects:
// nothing missing, nothing more.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tests/kit/transcript_entries.h"

namespace damiera::testing::hub {

// The entries both transcript formats share (tests/kit/transcript_entries.h); the Hub format
// has no directive.
using Entry = TranscriptEntry;
using testing::readFile;

// Throws std::invalid_argument naming the line of a malformed entry.
std::vector<Entry> parseTranscript(std::string_view text);

// The ```hub-transcript blocks of a Markdown file, each a transcript.
std::vector<std::string> transcriptBlocks(std::string_view markdown);

// Where the lines go: an engine that answers through the callback given to the factory.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual void send(const std::string& line) = 0;
  // End of input; returns once the engine has finished (its exit status, 0 for in-process).
  virtual int finish() = 0;
};
using OutputCallback = std::function<void(std::string_view line)>;
using EngineFactory = std::function<std::unique_ptr<Engine>(OutputCallback)>;

// A HubSession in this process (stops sending after quit, as the stdio loop does).
EngineFactory inProcessEngine();
// The binary with these arguments, through pipes.
EngineFactory processEngine(std::string binary, std::vector<std::string> arguments);

// Empty when the engine's output matched, otherwise a readable account of the first difference.
std::string replay(const std::vector<Entry>& transcript, const EngineFactory& engine);

}  // namespace damiera::testing::hub
