#pragma once
// The shared secret of a server started with --token-file: read once at start, compared in
// constant time with what a client sends in its first line, "auth <token>".
#include <string>
#include <string_view>

namespace damiera::host {

// The token in `path`: its first line without surrounding whitespace. Throws
// std::runtime_error saying why when the file cannot be read or holds no usable token (empty,
// or with spaces or bytes that are not printable ASCII inside).
std::string readTokenFile(const std::string& path);

// Compares every byte whatever the contents, so the time taken says nothing about where a
// guess goes wrong.
bool constantTimeEquals(std::string_view a, std::string_view b);

// Is `line` "auth <token>" (spaces, tabs and a final carriage return around the words allowed)?
bool isValidAuthLine(std::string_view line, std::string_view token);

}  // namespace damiera::host
