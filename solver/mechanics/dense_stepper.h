#pragma once
// The integrator simulate_mechanics.cpp steps with: Boost.Odeint's Dormand-Prince 5(4) with dense
// output, controlled as odeint's make_dense_output would but for one part, how the step grows and
// shrinks (StepSizeControl): odeint's own rule, with its powers taken by
// core/model/elementary_functions.h. Odeint's default adjuster calls
// std::pow, which on the desktop is glibc's and for some errors rounds a last bit apart from the
// WebAssembly page's musl: a step one ulp longer is another trajectory in the 1e-12 digits, and the
// page would no longer answer as the desktop does (issue 43).
//
// The rule, as odeint's default_step_adjuster states it for an error e measured against the
// tolerance: a rejected step (e > 1) shrinks by max(0.9 e^(-1/(p-1)), 0.2), p the order of the
// error estimate; an accepted step with e < 0.5 grows by 0.9 e^(-1/q), q the stepper's order, at
// most 5×. Neither passes the longest step. The arithmetic is written as odeint's, operation for
// operation, so the steps are the ones its adjuster chose.

#include <boost/numeric/odeint.hpp>

#include <algorithm>
#include <limits>

#include "core/model/elementary_functions.h"
#include "solver/mechanics/state_layout.h"

namespace mv {

class StepSizeControl {
public:
    // Odeint's names: it calls these.
    using time_type = double;
    using value_type = double;

    // No longest step when 0. Time runs forward only: every dt is positive.
    explicit StepSizeControl(double maxStep = 0) : m_maxStep(maxStep) {}

    double decrease_step(double dt, double error, int errorOrder) const {
        dt *= std::max(0.9 * elementary::pow(error, -1.0 / (errorOrder - 1)), 0.2);
        return capped(dt);
    }

    double increase_step(double dt, double error, int stepperOrder) const {
        if (!(error < 0.5)) return dt;
        error = std::max(elementary::pow(5.0, -static_cast<double>(stepperOrder)), error);
        dt *= 0.9 * elementary::pow(error, -1.0 / stepperOrder);
        return capped(dt);
    }

    bool check_step_size_limit(double dt) const {
        return m_maxStep == 0 || dt - m_maxStep <= std::numeric_limits<double>::epsilon();
    }

    double get_max_dt() const { return m_maxStep; }

private:
    double capped(double dt) const { return m_maxStep == 0 ? dt : std::min(dt, m_maxStep); }

    double m_maxStep;
};

namespace odeint = boost::numeric::odeint;
using Dopri5 = odeint::runge_kutta_dopri5<StateVector>;
using ErrorChecker =
    odeint::default_error_checker<double, Dopri5::algebra_type, Dopri5::operations_type>;
using DenseStepper = odeint::dense_output_runge_kutta<
    odeint::controlled_runge_kutta<Dopri5, ErrorChecker, StepSizeControl>>;

// Relative and absolute error `tolerance` per step, steps no longer than `maxStep` (0: no limit).
inline DenseStepper denseStepper(double tolerance, double maxStep) {
    return DenseStepper({ErrorChecker(tolerance, tolerance), StepSizeControl(maxStep), Dopri5()});
}

}  // namespace mv
