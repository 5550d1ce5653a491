// The CheckerBoard DLL without the endgame database reader (windows/CMakeLists.txt says why):
// the two entry points the engine core uses, so that EGDBPath is refused with a reason instead
// of the DLL failing to link. Nothing else of src/egdb is compiled into the DLL.
#include <stdexcept>

#include "egdb/database.h"

namespace damiera::egdb {

std::shared_ptr<Database> openShared(const std::string&, std::uint64_t) {
  throw std::runtime_error(
      "endgame databases are not available in the CheckerBoard engine (its Windows build has "
      "no zstd to read them)");
}

std::vector<std::string> Database::errors() const { return {}; }

}  // namespace damiera::egdb
