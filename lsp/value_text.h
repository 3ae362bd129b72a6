#pragma once
// How the language server writes a solved number or vector (hover, inlay hints): six significant
// digits as `solve` prints them, never "-0", and a value that is zero but for rounding as 0.

#include <string>

#include "core/model/geometry.h"

namespace mv::lsp {

// `v` with "%.6g"; 0 when it is below 1e-9 of `scale` (the largest magnitude shown with it, at
// least 1), as 2.84217e-14 beside 355 is.
std::string numberText(double v, double scale = 1);
// "[355, 180]", each component scaled by the larger.
std::string vectorText(Vec2 v);

}  // namespace mv::lsp
