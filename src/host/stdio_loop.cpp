#include "host/stdio_loop.h"

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "host/line_reader.h"

namespace damiera::host {

namespace {

// Writes whole lines, one writer at a time: a search thread and the session share it.
class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out) {}

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

int runStdioLoop(std::istream& in, std::ostream& out, const LineSessionFactory& makeSession,
                 const ErrorLineFormat& errorLine, std::size_t maxLineBytes) {
  LineWriter writer(out);  // before the session: a search still writes while it ends
  const std::unique_ptr<LineSession> session =
      makeSession([&writer](std::string_view line) { writer.write(line); });
  LineReader reader(in, maxLineBytes);
  std::string line;
  for (;;) {
    switch (reader.next(line)) {
      case LineReader::Status::End:
        return 0;
      case LineReader::Status::TooLong:
        writer.write(errorLine("line too long"));
        break;
      case LineReader::Status::Line:
        if (session->handleLine(line) == SessionFlow::Quit) return 0;
        break;
    }
    if (!writer.ok()) return 1;
  }
}

}  // namespace damiera::host
