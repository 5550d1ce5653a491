#include "egdb/value.h"

namespace damiera::egdb {

std::string describe(const Value& v) {
  switch (v.wdl) {
    case Wdl::Win:
      return "win " + std::to_string(v.distance);
    case Wdl::Loss:
      return "loss " + std::to_string(v.distance);
    case Wdl::Draw:
      break;
  }
  return "draw";
}

}  // namespace damiera::egdb
