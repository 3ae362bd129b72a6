#include "core/model/elementary_functions.h"

#include <cmath>

#if !defined(__EMSCRIPTEN__)
extern "C" void musl_sincos(double, double*, double*) noexcept;
#endif

namespace mv::elementary {

SinCos sinCos(double angle) noexcept {
#if !defined(__EMSCRIPTEN__)
    SinCos r;
    musl_sincos(angle, &r.sin, &r.cos);
    return r;
#else
    // musl's sincos gives sin's and cos's numbers (tests/core/elementary_functions_test.cpp), and
    // emscripten's headers declare it only for C with _GNU_SOURCE.
    return {::sin(angle), ::cos(angle)};
#endif
}

}  // namespace mv::elementary
