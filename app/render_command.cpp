#include "app/commands.h"
#include <iostream>
namespace mv::app {
int runRender(const std::vector<std::string>&) { std::cerr << "render: not built yet\n"; return kUsageError; }
}
