// The option table (engine/option_table.h) is the one declaration of every option: these tests
// check that each dialect's view of it (uci, setoption, the Hub's hub and set-param) is derived
// from it, option by option, and that its ranges are enforced everywhere.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/hub_session.h"
#include "engine/option_table.h"
#include "engine/session.h"

using namespace damiera;

namespace {

struct Replies {
  std::vector<std::string> lines;
  LineSession::Sink sink() {
    return [this](std::string_view line) { lines.emplace_back(line); };
  }
  std::vector<std::string> take() { return std::exchange(lines, {}); }
};

bool contains(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// The uci line the table declares for `option` (PROTOCOL.md, "uci").
std::string expectedUciLine(const OptionDeclaration& option) {
  const std::string head = "option name " + std::string(option.name) + " type ";
  switch (option.type) {
    case OptionType::Spin:
      return head + "spin default " + std::to_string(option.defaultValue) + " min " +
             std::to_string(option.min) + " max " + std::to_string(option.max);
    case OptionType::Check:
      return head + "check default " + (option.defaultValue ? "true" : "false");
    case OptionType::String:
      return head + "string default " +
             (option.defaultText.empty() ? "<empty>" : std::string(option.defaultText));
    case OptionType::Combo: {
      std::string line = head + "combo default " + std::string(option.defaultText);
      for (const std::string_view choice : option.choices) line += " var " + std::string(choice);
      return line;
    }
  }
  return {};
}

}  // namespace

TEST_CASE("Option table: names are unique in every dialect, defaults within their ranges",
          "[options]") {
  for (const OptionDeclaration& option : optionTable()) {
    INFO(option.name);
    CHECK(findOption(option.name) == &option);
    if (!option.hubName.empty()) CHECK(findHubOption(option.hubName) == &option);
    if (!option.checkerboardName.empty())
      CHECK(findCheckerboardOption(option.checkerboardName) == &option);
    if (option.type == OptionType::Spin) {
      CHECK(option.min <= option.defaultValue);
      CHECK(option.defaultValue <= option.max);
    }
  }
  CHECK(findOption("no such option") == nullptr);
  CHECK(findHubOption("") == nullptr);
  CHECK(findCheckerboardOption("") == nullptr);
}

TEST_CASE("Option table: uci lists every option as declared, in the table's order",
          "[options][session]") {
  Replies replies;
  Session session(replies.sink());
  session.handleLine("uci");
  const std::vector<std::string> lines = replies.take();
  // The listed options, in the table's order; a developer's (unlisted) option is not shown.
  std::vector<OptionDeclaration> listed;
  for (const OptionDeclaration& option : optionTable())
    if (option.listed) listed.push_back(option);
  CHECK(listed.size() < optionTable().size());  // SearchTunables
  REQUIRE(lines.size() == 2 + listed.size() + 1);
  for (std::size_t i = 0; i < listed.size(); ++i) {
    OptionDeclaration option = listed[i];
    // A host's database default is the environment's (tools/run sets it).
    const char* hostDatabase = std::getenv(kDatabaseEnvironment);
    if (option.name == "EGDBPath" && hostDatabase != nullptr) option.defaultText = hostDatabase;
    CHECK(lines[2 + i] == expectedUciLine(option));
  }
  CHECK(lines.back() == "uciok");
}

TEST_CASE("Option table: setoption takes each range's ends and refuses just beyond them",
          "[options][session]") {
  Replies replies;
  Session session(replies.sink());
  for (const OptionDeclaration& option : optionTable()) {
    if (option.type != OptionType::Spin) continue;
    if (option.name == "Hash") continue;            // its maximum is more than a test machine holds
    if (option.name.starts_with("EGDB")) continue;  // reopen a database; tests/egdb
    const std::string name(option.name);
    INFO(name);
    for (const int value : {option.min, option.max}) {
      session.handleLine("setoption name " + name + " value " + std::to_string(value));
      CHECK(replies.take().empty());
      CHECK(session.options().value(name) == value);
    }
    for (const int value : {option.min - 1, option.max + 1}) {
      session.handleLine("setoption name " + name + " value " + std::to_string(value));
      CHECK(replies.take() ==
            std::vector<std::string>{"error bad value '" + std::to_string(value) + "' for option " +
                                     name + " (an integer " + std::to_string(option.min) + ".." +
                                     std::to_string(option.max) + ")"});
      CHECK(session.options().value(name) == option.max);
    }
  }
}

TEST_CASE("Option table: the Hub declares and sets each option that has a Hub name",
          "[options][hub]") {
  Replies replies;
  HubSession session(replies.sink());
  session.handleLine("hub");
  const std::vector<std::string> declared = replies.take();
  std::size_t hubOptions = 0;
  for (const OptionDeclaration& option : optionTable()) {
    if (option.hubName.empty()) continue;
    ++hubOptions;
    const std::string hubName(option.hubName);
    INFO(hubName);
    if (option.type == OptionType::Check) {
      CHECK(contains(declared, "param name=" + hubName + " value=" +
                                   (option.defaultValue ? "true" : "false") + " type=bool"));
      session.handleLine("set-param name=" + hubName + " value=true");
      CHECK(replies.take().empty());
      CHECK(session.options().value(option.name) == 1);
      session.handleLine("set-param name=" + hubName + " value=maybe");
      CHECK(replies.take().size() == 1);
      CHECK(session.options().value(option.name) == 1);
      continue;
    }
    if (option.type == OptionType::Combo) {  // a Hub enum: its words, any case, and no other
      CHECK(contains(
          declared, "param name=" + hubName + " value=" + std::string(option.defaultText) +
                        " type=enum values=\"" +
                        [&] {
                          std::string words;
                          for (const std::string_view c : option.choices)
                            words += (words.empty() ? "" : " ") + std::string(c);
                          return words;
                        }() +
                        "\""));
      const std::string last(option.choices.back());
      session.handleLine("set-param name=" + hubName + " value=" + last);
      CHECK(replies.take().empty());
      CHECK(session.options().text(option.name) == last);
      session.handleLine("set-param name=" + hubName + " value=maybe");
      CHECK(replies.take().size() == 1);
      CHECK(session.options().text(option.name) == last);
      continue;
    }
    REQUIRE(option.type == OptionType::Spin);
    CHECK(contains(declared, "param name=" + hubName +
                                 " value=" + std::to_string(option.defaultValue) +
                                 " type=int min=" + std::to_string(option.min) +
                                 " max=" + std::to_string(option.max)));
    if (option.name == "Hash") continue;  // its maximum is more than a test machine holds
    session.handleLine("set-param name=" + hubName + " value=" + std::to_string(option.max));
    CHECK(replies.take().empty());
    CHECK(session.options().value(option.name) == option.max);
    session.handleLine("set-param name=" + hubName + " value=" + std::to_string(option.max + 1));
    CHECK(replies.take() == std::vector<std::string>{
                                "error message=\"set-param: " + hubName + " must be an integer " +
                                std::to_string(option.min) + ".." + std::to_string(option.max) +
                                ", got '" + std::to_string(option.max + 1) + "'\""});
    CHECK(session.options().value(option.name) == option.max);
  }
  CHECK(hubOptions == hubParams().size());
}

TEST_CASE("Option table: SearchTunables is taken and checked by setoption, and not listed",
          "[options][session]") {
  Replies replies;
  Session session(replies.sink());
  session.handleLine("setoption name SearchTunables value aspirationDelta=30,rfpMaxDepth=2");
  CHECK(replies.take().empty());
  CHECK(session.options().text("SearchTunables") == "aspirationDelta=30,rfpMaxDepth=2");
  // A bad value: one error with the reason, and the value in use stays.
  session.handleLine("setoption name SearchTunables value rfpMaxDepth=99");
  CHECK(replies.take() ==
        std::vector<std::string>{"error SearchTunables: rfpMaxDepth must be 0..8, got 99"});
  CHECK(session.options().text("SearchTunables") == "aspirationDelta=30,rfpMaxDepth=2");
  session.handleLine("setoption name SearchTunables value <empty>");
  CHECK(replies.take().empty());
  CHECK(session.options().text("SearchTunables").empty());
}
