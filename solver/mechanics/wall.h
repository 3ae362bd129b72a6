#pragma once
// A `.reflection` interaction prepared for the integrator (LANGUAGE.md §8): the guard g, zero on
// the wall, its region, and the velocity jump v -> v - (1 + e)(v.n) n / |n|^2 with n = grad g taken
// with respect to the target's position states. n comes from evaluating the guard once with
// ceres::Jet (exact, no finite differences), which stays inside wall.cpp.
//
// A point whose normal speed after a bounce is below kRestSpeed rests on the wall instead of
// bouncing on towards the Zeno time. So does one whose next flight would rise less above the wall
// than the guard can resolve (kResolution rounding units of its terms): with large coordinates
// and a strong pull such flights are rounding noise, which feeds energy in and would keep the
// point bouncing at a speed above kRestSpeed without end. hold() then keeps the integrator's rates
// from pushing it through, by projecting the normal part out of the position rate and of an
// acceleration that points into the wall. On a flat wall that keeps it exactly on the wall; on a
// curved one the position still follows the wall but the centripetal acceleration is not modelled.

#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "core/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/state_layout.h"

namespace mv {

class Wall {
public:
    static constexpr double kRestSpeed = 1e-6;  // units/s, LANGUAGE.md §8
    static constexpr int kMaxPositionComponents = 4;
    static constexpr double kResolution = 64;  // rounding units of the guard's terms

    // Null, with a diagnostic on the interaction, when it cannot be simulated.
    static std::optional<Wall> make(const Script& script, const StateLayout& layout,
                                    uint32_t interaction, Diagnostics& diagnostics);

    const Interaction& interaction() const { return m_script->interactions[m_index]; }
    uint32_t interactionIndex() const { return m_index; }
    ElementId target() const { return interaction().target; }

    double guard(const StateVector& x, TimeContext time) const;
    bool inRegion(const StateVector& x, TimeContext time) const;
    // Whether a guard going from `before` to `after` is a crossing this wall reflects.
    bool crosses(double before, double after) const;

    struct Bounce {
        bool reflected = false;  // false: the gradient vanishes there, so the wall has no normal
        bool rests = false;      // the point is too slow to leave the wall again
    };
    // `rates` are dx/dt at x, for the acceleration that pulls the point back to the wall.
    Bounce reflect(StateVector& x, const StateVector& rates, TimeContext time) const;
    // The velocity along the unit normal, (v.n)/|n|; 0 where the gradient vanishes.
    double normalSpeed(const StateVector& x, TimeContext time) const;
    void removeNormalVelocity(StateVector& x, TimeContext time) const;
    // Rates of a point resting on the wall from the side where sign(g) == side.
    void hold(const StateVector& x, StateVector& dxdt, double side, TimeContext time) const;

private:
    Wall(const Script& script, const StateLayout& layout, uint32_t index,
         std::vector<int> positions, std::vector<int> velocities);
    std::vector<double> normal(const StateVector& x, TimeContext time) const;
    // Removes from v its part along n (n must not vanish).
    static void project(std::vector<double>& v, const std::vector<double>& n);

    const Script* m_script;
    const StateLayout* m_layout;
    uint32_t m_index;
    std::vector<int> m_positions;   // state-vector components of the position, in pairing order
    std::vector<int> m_velocities;  // the matching velocity components
};

}  // namespace mv
