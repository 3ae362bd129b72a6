#pragma once
// Numbers in solver messages: short and readable ("off by 0.25", "rotate about [220, 150]").

#include <string>

namespace mv {

std::string numberText(double value);

}  // namespace mv
