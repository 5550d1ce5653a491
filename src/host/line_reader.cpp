#include "host/line_reader.h"

namespace damiera::host {

LineReader::LineReader(std::istream& in, std::size_t maxLineBytes)
    : in_(*in.rdbuf()), maxLineBytes_(maxLineBytes) {}

LineReader::Status LineReader::next(std::string& line) {
  using Traits = std::streambuf::traits_type;
  line.clear();
  bool sawAnything = false;
  bool tooLong = false;
  for (;;) {
    const Traits::int_type c = in_.sbumpc();
    if (Traits::eq_int_type(c, Traits::eof())) {
      if (tooLong) return Status::TooLong;
      return sawAnything ? Status::Line : Status::End;
    }
    sawAnything = true;
    if (Traits::to_char_type(c) == '\n') return tooLong ? Status::TooLong : Status::Line;
    if (tooLong) continue;  // discard the rest of an overlong line without storing it
    if (line.size() == maxLineBytes_) {
      tooLong = true;
      line.clear();
      continue;
    }
    line.push_back(Traits::to_char_type(c));
  }
}

}  // namespace damiera::host
