#include "app/commands.h"
#include <iostream>
namespace mv::app {
int runSolve(const std::vector<std::string>&) { std::cerr << "solve: not built yet\n"; return kUsageError; }
}
