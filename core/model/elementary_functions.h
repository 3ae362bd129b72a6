#pragma once
// The elementary functions of every number a solve computes: the evaluators of expressions
// (core/model/scalar_operator.h), constant folding, the solver's tapes, its Taylor arithmetic and
// its equations of motion. They are musl's in every build, because the WebAssembly page's libc is
// musl, and glibc rounds sin, cos and atan2 a last bit apart from it for some arguments: a solve
// that iterates to a tolerance or integrates carries that bit into its answers, and the page would
// no longer answer as the desktop does (issue 43). The desktop links them from Debian's musl-dev,
// renamed musl_sin and so on (cmake/musl_math.cmake); the page calls its libc's own.
//
// sqrt, abs, floor and fmod are exact in every libc and stay std's. tests/house checks that core
// and the solver call no other elementary function of std.

#include <cmath>

#if !defined(__EMSCRIPTEN__)
// Each depends on its arguments alone (musl's math sets no errno): so declared, the compiler keeps
// what it holds in registers across a call, as it does across its own builtin sin. Without it a
// crank-slider frame took 15 % longer than with glibc's.
extern "C" {
[[gnu::const]] double musl_sin(double) noexcept;
[[gnu::const]] double musl_cos(double) noexcept;
[[gnu::const]] double musl_tan(double) noexcept;
[[gnu::const]] double musl_asin(double) noexcept;
[[gnu::const]] double musl_acos(double) noexcept;
[[gnu::const]] double musl_atan2(double, double) noexcept;
[[gnu::const]] double musl_exp(double) noexcept;
[[gnu::const]] double musl_log(double) noexcept;
[[gnu::const]] double musl_log10(double) noexcept;
[[gnu::const]] double musl_pow(double, double) noexcept;
[[gnu::const]] double musl_hypot(double, double) noexcept;
}
#define MV_MUSL(name) ::musl_##name
#else
#define MV_MUSL(name) ::name
#endif

namespace mv::elementary {

inline double sin(double x) {
    return MV_MUSL(sin)(x);
}
inline double cos(double x) {
    return MV_MUSL(cos)(x);
}
inline double tan(double x) {
    return MV_MUSL(tan)(x);
}
inline double asin(double x) {
    return MV_MUSL(asin)(x);
}
inline double acos(double x) {
    return MV_MUSL(acos)(x);
}
inline double atan2(double y, double x) {
    return MV_MUSL(atan2)(y, x);
}
inline double exp(double x) {
    return MV_MUSL(exp)(x);
}
inline double log(double x) {
    return MV_MUSL(log)(x);
}
inline double log10(double x) {
    return MV_MUSL(log10)(x);
}
inline double pow(double x, double y) {
    return MV_MUSL(pow)(x, y);
}
inline double hypot(double x, double y) {
    return MV_MUSL(hypot)(x, y);
}

// The sine and cosine of one angle: the two numbers sin and cos give, from one argument
// reduction where the library has sincos (elementary_functions.cpp). Returned by value, so it
// too depends on its argument alone.
struct SinCos {
    double sin;
    double cos;
};
[[gnu::const]] SinCos sinCos(double angle) noexcept;

}  // namespace mv::elementary

#undef MV_MUSL
