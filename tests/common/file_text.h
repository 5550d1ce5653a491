#pragma once
// The whole of a file as one string: what a tool, a server or a build wrote, or a source the
// test checks. Read as bytes (no newline translation); a file that cannot be opened reads as "",
// so a test checks what it expects in the text rather than the read itself.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace damiera::test {

inline std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace damiera::test
