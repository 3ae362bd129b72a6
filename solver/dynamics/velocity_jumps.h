#pragma once
// Markers where the masses' velocities jump (docs/mechanics.md, "Forces"). The step that ends at a
// marker and the step that begins there may move the machine at different speeds at the same
// instant (a drive that starts at full speed, a crank whose rate is replaced): an impulse, whose
// forces would be infinite for no time, so the frames' finite forces cannot show it. Each such
// marker is warned about, with the kinetic energy of the impulse, ½ Σ (m |Δv_G|² + J Δω²) over the
// massive things: the energy a collision of that size takes or gives.
//
// Both sides are solved at the marker's instant, each by its own step: the step that ends by a
// solver of its own on its segment's model, tracked on from its last frame (so on its branch);
// the step that begins is its first frame when the marker falls on a frame, or else solved at the
// marker the way its first frame is reached. Element states are those of the step's first frame.

#include <optional>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/api/solve_options.h"
#include "solver/dynamics/thing_inertia.h"
#include "solver/frame_assembly.h"

namespace mv {

struct SegmentModel;

// One side of a marker: a frame solved, which frame of the plan it is, and the model of its
// segment it was solved on.
struct StepSide {
    SegmentModel& model;
    const FrameSolution& solution;
    const Frame& frame;
};

class VelocityJumps {
public:
    // Both are borrowed for the life of this.
    VelocityJumps(const Script& script, const SolveOptions& options);

    // A warning at the marker between `ending` (the last frame of a step) and `beginning` (the
    // first frame of the next, reached from `ending` as `continuity` says) when the masses'
    // velocities jump there; `elements` are the states of `beginning`. Nothing when either
    // frame failed.
    std::optional<Diagnostic> check(const StepSide& ending, const StepSide& beginning,
                                    const ElementMotion& elements, Continuity continuity) const;

private:
    FrameSolution solveAt(SegmentModel& model, FrameSolution from, const Frame* fromFrame,
                          const Frame& instant, const ElementMotion& elements,
                          Continuity continuity) const;
    double kinetic(const FrameSolution& before, const FrameSolution& after) const;

    const Script& m_script;
    const SolveOptions& m_options;
    std::vector<ThingInertia> m_bodies;  // by ThingId
};

}  // namespace mv
