#pragma once
// Reads protocol lines from a stream with a bound on their length, so a client that never sends
// a newline (or sends a huge line) cannot make the engine's memory grow.
#include <cstddef>
#include <istream>
#include <string>

namespace damiera::host {

class LineReader {
 public:
  enum class Status {
    Line,     // `line` holds the next line, without its newline
    TooLong,  // the line exceeded the bound; all of it has been read and discarded
    End,      // end of input
  };

  LineReader(std::istream& in, std::size_t maxLineBytes);

  // A last line without a final newline still counts as a line.
  Status next(std::string& line);

 private:
  std::streambuf& in_;
  std::size_t maxLineBytes_;
};

}  // namespace damiera::host
