#include "app/commands.h"
#include <iostream>
namespace mv::app {
int runCheck(const std::vector<std::string>&) { std::cerr << "check: not built yet\n"; return kUsageError; }
}
