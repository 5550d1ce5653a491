#include "engine/eval_folder.h"

#include <algorithm>
#include <system_error>

namespace damiera {

std::optional<std::filesystem::path> evalFolderFile(const std::string& folder,
                                                    const std::string& name) {
  // ':' too: on Windows "C:x" is a path on drive C, whatever folder it is joined to. A leading
  // '.' is ".", "..", or a hidden file, which is not offered (evalFolderNames).
  if (name.empty() || name.starts_with(".") ||
      name.find_first_of(std::string("/\\:\0", 4)) != std::string::npos)
    return std::nullopt;
  const std::filesystem::path path = std::filesystem::path(folder) / name;
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;
  return path;
}

std::vector<std::string> evalFolderNames(const std::string& folder, std::size_t limit) {
  std::vector<std::string> names;
  std::error_code error;
  for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
       it.increment(error)) {
    std::error_code kind;
    const std::string name = it->path().filename().string();
    // Hidden files (".name") are not offered: editors and tools leave them behind.
    if (it->is_regular_file(kind) && !name.starts_with(".")) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  if (names.size() > limit) names.resize(limit);
  return names;
}

}  // namespace damiera
