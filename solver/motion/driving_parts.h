#pragma once
// The parts of the machine the mechanics reads (docs/reference.md#moving-pivots, "Order"): a
// pendulum's pivot, a wall's guard and its region are expressions of anchors, variables and time,
// and the integrator needs them (the pivot's acceleration, the wall's position and speed) at every
// time it asks, not only at frames. So for each segment the blocks those expressions depend on are
// picked out of its structure (they and the blocks they read, transitively, with the inequalities
// that pick their branch), and only they are solved, by a SegmentSolver of their own. A solve is
// extended to a Taylor series in time (MachineMotion::reaches), and the integrator's times within
// its reach are read from it: a crank's parts are solved a few times a second rather than some
// forty times a frame. Each solve is warm-started from the last solution moved along its exact
// velocity and acceleration (MachineMotion), so Newton lands in one or two iterations on the same
// branch.
//
// The order is a property of the structure: the blocks a pivot or a wall reads come before the
// mechanics, the blocks that read element states after it. A block they need that reads an
// element state is a loop (a pendulum would move its own pivot); it is an error naming the pivot
// (or the guard) and the constraint, and that pendulum then hangs from a fixed pivot (that wall is
// left out).

#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/solve_options.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/motion/taylor.h"

namespace mv {

class MachineMotion;
class SegmentModelStore;

class DrivingParts {
public:
    // Picks the parts every pivot, guard and region reads; loops go to `diagnostics`.
    // `options`: those of the solves of the parts. `models` (may be null): the whole segments'
    // models, whose structure says what an expression reads; built here when null.
    DrivingParts(const Script& script, const FramePlan& plan, Diagnostics& diagnostics,
                 const SolveOptions& options = {}, SegmentModelStore* models = nullptr);
    ~DrivingParts();

    // Whether the mechanics reads the machine at all.
    bool active() const { return !m_segments.empty(); }
    // Whether elements[element]'s pivot can be read here (it has one, and it is no loop).
    bool drives(ElementId element) const;
    // Whether an expression of the mechanics was found to be a loop (and reported).
    bool loops(const Expression& expression) const;
    // The machine at `time`, its parts solved there (once per time, however many expressions read
    // them): what a pivot or a wall reads, with velocities and accelerations. Null when the script
    // has nothing the mechanics reads from the machine.
    const MachineMotion* at(TimeContext time);
    // `expression` (a pivot) at `time`, with its velocity and acceleration.
    Value<Taylor> evaluate(const Expression& expression, TimeContext time);
    // How often the parts were read (at()) and solved so far, and by how many orders their series
    // were extended: the mechanics' work budget counts all three.
    long reads() const { return m_reads; }
    long solves() const { return m_solves; }
    long seriesOrders() const;

private:
    struct OfSegment;  // the driving parts of one segment of the plan
    OfSegment* ofStep(int step);
    bool follow(OfSegment& part, TimeContext time);
    void solveFor(OfSegment& part, TimeContext time, bool here);
    void solveAt(OfSegment& part, TimeContext time);

    const Script& m_script;
    std::vector<bool> m_drives;                          // by ElementId
    std::vector<const Expression*> m_loops;              // reported, and not read
    std::vector<std::unique_ptr<OfSegment>> m_segments;  // by segment of the plan
    OfSegment* m_current = nullptr;                      // solved last
    long m_reads = 0;
    long m_solves = 0;
};

}  // namespace mv
