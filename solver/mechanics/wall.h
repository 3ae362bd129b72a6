#pragma once
// A `.reflection` interaction prepared for the integrator (docs/reference.md#walls): the guard g,
// zero on the wall, its region, and the velocity jump v -> v - (1 + e) g' n / |n|^2 with n = grad g
// taken with respect to the target's position states and g' = v.n + dg/dt the rate at which the
// guard changes along the motion: a wall the machine moves (a guard reading anchors, variables or
// time) enters with its own speed dg/dt, so the speed relative to the wall is what is reversed and
// scaled. n comes from evaluating the guard once with ceres::Jet, dg/dt and the guard's
// acceleration along the motion with Taylor arithmetic (exact, no finite differences), which stays
// inside wall.cpp.
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

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/periodic_reading.h"
#include "solver/mechanics/state_layout.h"
#include "solver/motion/driving_parts.h"

namespace mv {

class Wall {
public:
    static constexpr double kRestSpeed = 1e-6;  // units/s, docs/reference.md#walls
    static constexpr int kMaxPositionComponents = 4;
    static constexpr double kResolution = 64;  // rounding units of the guard's terms

    // Null, with a diagnostic on the interaction, when it cannot be simulated. `driving` (may be
    // null: a wall that reads the machine is refused) gives the machine at each time.
    static std::optional<Wall> make(const Script& script, const StateLayout& layout,
                                    uint32_t interaction, Diagnostics& diagnostics,
                                    DrivingParts* driving = nullptr);

    const Interaction& interaction() const { return m_script->interactions[m_index]; }
    uint32_t interactionIndex() const { return m_index; }
    ElementId target() const { return interaction().target; }

    // The guard at x. Periodic states are read reduced (docs/reference.md#walls); with `reading`,
    // shifted by those shifts instead (one of PeriodicReading::over(), to scan a step
    // continuously).
    double guard(const StateVector& x, TimeContext time,
                 const PeriodicReading::Shifts* reading = nullptr) const;
    const PeriodicReading& periodic() const { return m_periodic; }
    // How close to the wall (in guard units) a point at a marker counts as on it: a wall the
    // machine moves is only known as well as the machine is solved (1e-9, docs/solver.md).
    double onWall() const { return m_driving ? 1e-9 : 1e-12; }
    bool inRegion(const StateVector& x, TimeContext time) const;
    // Whether a guard going from `before` to `after` is a crossing this wall reflects.
    bool crosses(double before, double after) const;

    struct Bounce {
        bool reflected = false;  // false: the gradient vanishes there, so the wall has no normal
        bool rests = false;      // the point is too slow to leave the wall again
    };
    // `rates` are dx/dt at x, for the acceleration that pulls the point back to the wall.
    Bounce reflect(StateVector& x, const StateVector& rates, TimeContext time) const;
    // The velocity along the unit normal relative to the wall, (v.n + dg/dt)/|n|; 0 where the
    // gradient vanishes.
    double normalSpeed(const StateVector& x, TimeContext time) const;
    void removeNormalVelocity(StateVector& x, TimeContext time) const;
    // Moves the position along the normal onto the wall (g = 0, exactly on a flat wall up to
    // rounding): where a resting point is, and where a step that ended beyond the wall is cut.
    void moveOnto(StateVector& x, TimeContext time) const;
    // Rates of a point resting on the wall from the side where sign(g) == side.
    void hold(const StateVector& x, StateVector& dxdt, double side, TimeContext time) const;

private:
    Wall(const Script& script, const StateLayout& layout, uint32_t index,
         std::vector<int> positions, std::vector<int> velocities, DrivingParts* driving);
    std::vector<double> normal(const StateVector& x, TimeContext time) const;
    // dg/dt with the states held: how fast the wall itself moves, in guard units.
    double wallRate(const StateVector& x, TimeContext time) const;
    const MachineMotion* machine(TimeContext time) const;
    PeriodicReading::Shifts reducing(const StateVector& x) const;
    // Moves v along n until v.n + offset = 0 (n must not vanish): with offset 0 the part along n
    // is removed.
    static void project(std::vector<double>& v, const std::vector<double>& n, double offset = 0);

    const Script* m_script;
    const StateLayout* m_layout;
    uint32_t m_index;
    std::vector<int> m_positions;   // state-vector components of the position, in pairing order
    std::vector<int> m_velocities;  // the matching velocity components
    DrivingParts* m_driving;        // null when the guard and region read no anchor or variable
    PeriodicReading m_periodic;
};

}  // namespace mv
