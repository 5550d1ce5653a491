#include "server/hub_stdio.h"

#include <mutex>
#include <string>
#include <string_view>

#include "engine/hub_session.h"
#include "protocol/hub_syntax.h"
#include "server/line_reader.h"

namespace damiera::server {

namespace {

// Whole lines, one writer at a time: the search thread and the session share the output.
class HubLineWriter {
 public:
  explicit HubLineWriter(std::ostream& out) : out_(out) {}

  void write(std::string_view line) {
    const std::lock_guard lock(mutex_);
    out_ << line << '\n';
    out_.flush();
  }

  bool ok() {
    const std::lock_guard lock(mutex_);
    return static_cast<bool>(out_);
  }

 private:
  std::mutex mutex_;
  std::ostream& out_;
};

}  // namespace

int runHubStdioLoop(std::istream& in, std::ostream& out, std::size_t maxLineBytes) {
  HubLineWriter writer(out);  // before the session: a search still writes while it ends
  HubSession session([&writer](std::string_view line) { writer.write(line); });
  LineReader reader(in, maxLineBytes);
  std::string line;
  for (;;) {
    switch (reader.next(line)) {
      case LineReader::Status::End:
        return 0;
      case LineReader::Status::TooLong:
        writer.write(protocol::hub::errorLine("line too long"));
        break;
      case LineReader::Status::Line:
        if (session.handleLine(line) == SessionFlow::Quit) return 0;
        break;
    }
    if (!writer.ok()) return 1;
  }
}

}  // namespace damiera::server
