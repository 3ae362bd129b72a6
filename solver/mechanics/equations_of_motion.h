#pragma once
// The right-hand side dx/dt = f(x, t) of the mechanics ODE (docs/reference.md#mechanics). A state
// of order 2 moves at the value of its `_d1` state; every other state moves at the sum of the
// accelerations the interactions put on it (zero without one):
//   .swing    theta'' = -(g sin theta + p''.x cos theta + p''.y sin theta) / l, the Euler-Lagrange
//             equation of the bob p + l [sin theta, -cos theta] under gravity (m cancels), with p''
//             the acceleration of the pendulum's pivot (zero for a fixed one), which the machine
//             gives at every time asked (solver/motion/driving_parts.h);
//   .gravity  x'' += g.
// Reflections add no rate; they act as jumps at guard crossings (wall.h), except for a point
// resting on a wall, whose rates the wall then holds. The terms are compiled once from the script,
// so an evaluation is a few array operations.

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/state_layout.h"
#include "solver/mechanics/wall.h"
#include "solver/motion/driving_parts.h"

namespace mv {

// A point resting on walls[wall] from the side where sign(guard) == side.
struct Contact {
    size_t wall = 0;
    double side = 1;
};

class EquationsOfMotion {
public:
    // Interactions that cannot act (a wrong target) get a diagnostic and are left out. `driving`
    // (may be null: every pivot fixed) gives the moving pivots.
    EquationsOfMotion(const Script& script, const StateLayout& layout, Diagnostics& diagnostics,
                      DrivingParts* driving = nullptr);

    void rates(const StateVector& x, StateVector& dxdt, TimeContext time,
               const std::vector<Wall>& walls, const std::vector<Contact>& contacts) const;
    // dx/dt and d²x/dt² at x: a position's acceleration is its velocity state's rate, exactly; a
    // velocity state's (a jerk, which only a thing placed from `_d1` reads) is the central
    // difference of the rates along the motion over kJerkStep.
    void motion(const StateVector& x, TimeContext time, const std::vector<Wall>& walls,
                const std::vector<Contact>& contacts, StateVector& rate,
                StateVector& acceleration) const;
    static constexpr double kJerkStep = 1e-6;  // seconds

private:
    struct Follow {  // d/dt x[to + k] = x[from + k]
        int to, from, components;
    };
    struct Swing {  // x[rate]' += -(g/l) sin x[angle], and the pivot's part
        int angle, rate;
        double gOverL;
        double l;
        const Expression* pivot;  // null: fixed
    };
    struct Gravity {  // x[rate .. rate+1]' += g
        int rate;
        Vec2 g;
    };

    void addSwing(const Script& script, const Interaction& swing, Diagnostics& diagnostics);
    void addGravity(const Script& script, const Interaction& gravity, Diagnostics& diagnostics);

    const StateLayout& m_layout;
    DrivingParts* m_driving;
    std::vector<Follow> m_follows;
    std::vector<Swing> m_swings;
    std::vector<Gravity> m_gravities;
};

}  // namespace mv
