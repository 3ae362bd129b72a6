#pragma once
// The elementary functions of every number a solve computes: the evaluators of expressions
// (core/model/scalar_operator.h), constant folding, the solver's tapes, its Taylor arithmetic and
// its equations of motion. They are musl's in every build, because the WebAssembly page's libc is
// musl, and glibc rounds sin, cos and atan2 a last bit apart from it for some arguments: a solve
// that iterates to a tolerance or integrates carries that bit into its answers, and the page would
// no longer answer as the desktop does (issue 43). The desktop links them from Debian's musl-dev,
// renamed musl_sin and so on (cmake/musl_math.cmake); the page calls its libc's own.
//
// sqrt, abs, floor and fmod are exact in every libc and stay std's, as does a square, written
// x * x. tests/house/elementary_functions.py checks that core and the solver call no other
// elementary function of std.

#include <cmath>

// The functions, by their number of arguments: each is declared and forwarded once below.
#define MV_ELEMENTARY_OF_ONE(X) X(sin) X(cos) X(tan) X(asin) X(acos) X(exp) X(log) X(log10)
#define MV_ELEMENTARY_OF_TWO(X) X(atan2) X(pow) X(hypot)

#if !defined(__EMSCRIPTEN__)
// Each depends on its arguments alone (musl's math sets no errno): so declared, the compiler keeps
// what it holds in registers across a call, as it does across its own builtin sin. Without it a
// crank-slider frame took 15 % longer than with glibc's.
#define MV_DECLARE_OF_ONE(name) [[gnu::const]] double musl_##name(double) noexcept;
#define MV_DECLARE_OF_TWO(name) [[gnu::const]] double musl_##name(double, double) noexcept;
extern "C" {
MV_ELEMENTARY_OF_ONE(MV_DECLARE_OF_ONE)
MV_ELEMENTARY_OF_TWO(MV_DECLARE_OF_TWO)
}
#undef MV_DECLARE_OF_ONE
#undef MV_DECLARE_OF_TWO
#define MV_MUSL(name) ::musl_##name
#else
#define MV_MUSL(name) ::name
#endif

namespace mv::elementary {

#define MV_FORWARD_OF_ONE(name)    \
    inline double name(double x) { \
        return MV_MUSL(name)(x);   \
    }
#define MV_FORWARD_OF_TWO(name)              \
    inline double name(double x, double y) { \
        return MV_MUSL(name)(x, y);          \
    }
MV_ELEMENTARY_OF_ONE(MV_FORWARD_OF_ONE)
MV_ELEMENTARY_OF_TWO(MV_FORWARD_OF_TWO)
#undef MV_FORWARD_OF_ONE
#undef MV_FORWARD_OF_TWO

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
#undef MV_ELEMENTARY_OF_ONE
#undef MV_ELEMENTARY_OF_TWO
