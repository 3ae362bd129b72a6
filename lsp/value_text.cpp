#include "lsp/value_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace mv::lsp {

std::string numberText(double v, double scale) {
    if (std::abs(v) < 1e-9 * std::max(1.0, std::abs(scale))) v = 0;
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v == 0 ? 0.0 : v);
    return text;
}

std::string vectorText(Vec2 v) {
    const double scale = std::max(std::abs(v.x), std::abs(v.y));
    return "[" + numberText(v.x, scale) + ", " + numberText(v.y, scale) + "]";
}

}  // namespace mv::lsp
