#pragma once
// Locates events inside one integrator step on the step's dense-output interpolation: the first
// time a guard crosses zero (TOMS 748, Alefeld-Potra-Shi, via Boost.Math) and the first time a
// condition stops holding (bisection, as a condition has no value to interpolate). The step is
// scanned at kSamples points first, so two crossings within one step are told apart unless they
// fall between two neighbouring samples. Times are bracketed to kTimeResolution, well inside the
// 1e-9 s docs/reference.md#mechanics asks for.

#include <functional>
#include <optional>

namespace mv {

inline constexpr int kSamples = 8;
inline constexpr double kTimeResolution = 1e-11;  // seconds

// A crossing bracketed in time: the function still has its old sign at `before`, strictly, so a
// point put there and reflected is seen to cross no more, and has crossed (or is zero) at
// `after`.
struct Crossing {
    double before = 0;
    double after = 0;
};

struct CrossingScan {
    std::optional<Crossing> crossing;
    bool nonFinite = false;  // the function is NaN or infinite somewhere on the way; no crossing
    double side = 0;         // with a crossing: the sign of the function before it, 1 or -1
};

// The first crossing of g in [t0, t1] whose values before and after `accepts` takes; `accepts`
// takes a crossing only from a value that is not zero. A `startSide` of 1 or -1 says that g counts
// as having that sign at t0 whatever it rounds to there (a point an event left on a wall).
CrossingScan findFirstCrossing(const std::function<double(double)>& g, double t0, double t1,
                               const std::function<bool(double, double)>& accepts,
                               double startSide = 0);

// When `holds` stops holding in (t0, t1]: `before` the last time found to hold, `after` a time at
// most kTimeResolution later at which it no longer holds; nothing when it holds at every sample.
// `holds(t0)` is taken as true.
std::optional<Crossing> findEnd(const std::function<bool(double)>& holds, double t0, double t1);

}  // namespace mv
