#include "engine/client_files.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

#include "engine/eval_folder.h"
#include "engine/options.h"
#include "protocol/reply.h"

namespace damiera {

void ClientFilePolicy::checkPath(const std::string& name, const std::string& value,
                                 const std::string& defaultValue) const {
  if (clientNamesFiles_ || value.empty() || value == defaultValue) return;
  throw OptionRejected(name + " " + protocol::quoted(value) +
                       ": this server opens no file or folder a client names (allowed: <empty>" +
                       (defaultValue.empty() ? "" : " or " + defaultValue) + ")");
}

void ClientFilePolicy::loadEvalFile(const std::string& value,
                                    const std::function<void(const std::string&)>& load) const {
  if (clientNamesFiles_ || value.empty() || evalFolder_.empty()) {
    checkPath("EvalFile", value, "");
    load(value);
    return;
  }
  const std::optional<std::filesystem::path> file = evalFolderFile(evalFolder_, value);
  if (!file) {
    constexpr std::size_t kNamesShown = 20;
    std::string names;
    const std::vector<std::string> offered = evalFolderNames(evalFolder_, kNamesShown + 1);
    for (std::size_t i = 0; i < offered.size() && i < kNamesShown; ++i)
      names += (names.empty() ? "" : ", ") + protocol::quoted(offered[i]);
    if (offered.size() > kNamesShown) names += ", ...";
    throw OptionRejected("EvalFile " + protocol::quoted(value) +
                         ": not a file of this server's evaluation folder (allowed: <empty>" +
                         (names.empty() ? "" : ", " + names) + ")");
  }
  try {
    load(file->string());
  } catch (const OptionRejected& e) {
    // The client chose a name: the reason, without the host's folder.
    std::string reason = e.what();
    for (std::size_t at; (at = reason.find(file->string())) != std::string::npos;)
      reason.replace(at, file->string().size(), protocol::quoted(value));
    throw OptionRejected(reason);
  }
}

}  // namespace damiera
