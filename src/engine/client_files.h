#pragma once
// What files a host lets its clients open through options (SessionEnvironment::clientNamesFiles
// and evalFolder). On stdin the user is the machine's user and names any path; a server's
// clients are not: they may switch such an option off (<empty>) or back to the operator's
// default, and choose an evaluation by the plain name of a file in the server's --eval-dir.
// Each refusal throws OptionRejected with the reason in plain words.
#include <functional>
#include <string>
#include <utility>

namespace damiera {

class ClientFilePolicy {
 public:
  ClientFilePolicy(bool clientNamesFiles, std::string evalFolder)
      : clientNamesFiles_(clientNamesFiles), evalFolder_(std::move(evalFolder)) {}

  // Refuses `value` of the option `name` (EGDBPath, BookFile) unless the client may name
  // files, or it is empty or `defaultValue`.
  void checkPath(const std::string& name, const std::string& value,
                 const std::string& defaultValue) const;

  // Loads the EvalFile `value` with `load` (given the path it stands for; empty: the embedded
  // weights): a path, or for a client who may not name files, <empty> or the name of a file in
  // the evaluation folder. A load that fails names the client's value, never the host's folder.
  void loadEvalFile(const std::string& value,
                    const std::function<void(const std::string& path)>& load) const;

 private:
  const bool clientNamesFiles_;
  const std::string evalFolder_;
};

}  // namespace damiera
