#include "app/commands.h"
#include <iostream>
namespace mv::app {
int runEditor(int, char**, const std::string&) { std::cerr << "editor: not built yet\n"; return kUsageError; }
}
