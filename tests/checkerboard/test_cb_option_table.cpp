// CheckerBoard's settings that are core options come from the option table
// (engine/option_table.h): each is read, set, refused out of range and remembered under its
// CheckerBoard name, in CheckerBoard's words.
#include <catch2/catch.hpp>
#include <string>

#include "checkerboard/settings_file.h"
#include "engine/option_table.h"
#include "tests/checkerboard/cb_front_end_calls.h"

using namespace damiera;
using namespace damiera::cb;
using namespace damiera::cb::test;

TEST_CASE(
    "CheckerBoard options: every table option with a CheckerBoard name is get, set and "
    "remembered",
    "[checkerboard][options]") {
  cb::FrontEnd engine;
  for (const OptionDeclaration& option : optionTable()) {
    if (option.checkerboardName.empty() || option.type != OptionType::Spin) continue;
    const std::string name(option.checkerboardName);
    INFO(name);
    const std::string get = "get " + name;
    CHECK(ask(engine, get.c_str()).reply == std::to_string(option.defaultValue));
    const std::string setMin = "set " + name + " " + std::to_string(option.min);
    CHECK(ask(engine, setMin.c_str()).result == 1);
    CHECK(ask(engine, get.c_str()).reply == std::to_string(option.min));
    const std::string below = "set " + name + " " + std::to_string(option.min - 1);
    const Answer refused = ask(engine, below.c_str());
    CHECK(refused.result == 0);
    CHECK(refused.reply.rfind("error: " + name + " must be " + std::to_string(option.min) + "..",
                              0) == 0);
    CHECK(ask(engine, get.c_str()).reply == std::to_string(option.min));
    const std::vector<std::string> file = settingsCommands(engine.settings());
    CHECK(std::find(file.begin(), file.end(), setMin) != file.end());
    CHECK(isRememberedSetting(name));
  }
  CHECK(isRememberedSetting("dbpath"));
}

TEST_CASE("CheckerBoard options: the replies and refusals in CheckerBoard's words",
          "[checkerboard][options]") {
  cb::FrontEnd engine;
  CHECK(ask(engine, "set hashsize 16").reply == "hashsize 16 MB");
  CHECK(ask(engine, "set searchthreads 4").reply == "searchthreads 4");
  CHECK(ask(engine, "set level 5").reply == "level 5");
  CHECK(ask(engine, "set contempt -20").reply == "contempt -20");
  CHECK(ask(engine, "set contempt 101").reply == "error: contempt must be -100..100");
  CHECK(ask(engine, "set dbmbytes 16").reply == "dbmbytes 16 MB");
  CHECK(ask(engine, "set max_dbpieces 5").reply == "max_dbpieces 5");
  CHECK(ask(engine, "set max_dbpieces 24").reply ==
        "max_dbpieces 24 (Damiera's databases have at most 9)");
  CHECK(ask(engine, "set searchthreads 65").reply == "error: searchthreads must be 1..64");
  CHECK(ask(engine, "set level 21").reply == "error: level must be 0..20 (20: full strength)");
  CHECK(ask(engine, "set max_dbpieces 25").reply == "error: max_dbpieces must be 0..24");
  CHECK(ask(engine, "set hashsize 0").reply.rfind("error: hashsize must be 1..", 0) == 0);
  CHECK(ask(engine, "set hashsize 0").reply.find(" MB, not 0") != std::string::npos);
  CHECK(ask(engine, "set dbmbytes 0").reply.rfind("error: dbmbytes must be 1..", 0) == 0);
  CHECK(ask(engine, "get max_dbpieces").reply == "24");
}
