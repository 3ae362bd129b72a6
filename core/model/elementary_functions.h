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
extern "C" {
double musl_sin(double) noexcept;
double musl_cos(double) noexcept;
void musl_sincos(double, double*, double*) noexcept;
double musl_tan(double) noexcept;
double musl_asin(double) noexcept;
double musl_acos(double) noexcept;
double musl_atan2(double, double) noexcept;
double musl_exp(double) noexcept;
double musl_log(double) noexcept;
double musl_log10(double) noexcept;
double musl_pow(double, double) noexcept;
double musl_hypot(double, double) noexcept;
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

// The sine and cosine of one angle, reduced once: the same two numbers sin and cos give.
struct SinCos {
    double sin;
    double cos;
};
inline SinCos sinCos(double angle) {
    SinCos r;
    MV_MUSL(sincos)(angle, &r.sin, &r.cos);
    return r;
}

}  // namespace mv::elementary

#undef MV_MUSL
