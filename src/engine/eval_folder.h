#pragma once
// A server's evaluation folder (`--eval-dir`): the evaluation weights files its clients may
// choose by name with EvalFile, where they may name no path (SessionEnvironment). Only a plain
// name of a file directly in the folder counts, so a client reaches nothing else on the host.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace damiera {

// The path of `name` in `folder`, when `name` is a plain file name (no '/', '\\' or ':', not
// starting with '.') of a regular file there; nothing otherwise.
std::optional<std::filesystem::path> evalFolderFile(const std::string& folder,
                                                    const std::string& name);

// The names of the regular files in `folder` but hidden ones (".name"), sorted; at most `limit`.
std::vector<std::string> evalFolderNames(const std::string& folder, std::size_t limit);

}  // namespace damiera
