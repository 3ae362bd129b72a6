#pragma once
// The forces of a segment's machine at a solved frame (docs/mechanics.md, "Forces"): what each
// active equality carries so that every massive thing moves as the frame's exact accelerations
// say. Newton–Euler per thing about its centre of mass gives, over the segment's unknowns y
// (poses and variables),
//   Φ_yᵀ μ = M ÿ − Q_gravity   (variables are massless: their entries are 0),
// with one multiplier μ per equality row; the force a constraint puts on a thing is its rows'
// gradient over that thing's pose times their multipliers.
//
// Φ_y is block lower-triangular in the blocks the positions are solved in
// (solver/structure/segment_structure.h): a block's rows read only its own unknowns and those of
// blocks before it. So Φ_yᵀ is upper-triangular in them, and the multipliers are solved block by
// block in reverse order, each block's columns with the later blocks' multipliers known: linear
// in the number of things. Within a block:
// - square: the one answer;
// - rows said twice (a bar on two pins): the split of least size, and the constraints that share
//   the load are reported as indeterminate. The rows that share it can sit in different blocks
//   (a level bar's second pin: its x row moves only the first block's x), so such a frame is
//   solved again as one block (up to 400 unknowns);
// - a free block (a motion the solver keeps still): the multipliers that leave least of the load
//   unexplained, with angles weighed as arcs as the positions are (SegmentModel::weights); what is
//   left is the thing's unheld load.
// Works in newtons and canvas units, so a row's multiplier is a force; torques, power and energy
// are converted to metres by the gravity's scale at the end.

#include <memory>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_forces.h"
#include "solver/api/frame_solution.h"
#include "solver/dynamics/pendulum_pull.h"
#include "solver/dynamics/thing_inertia.h"

namespace mv {

struct SegmentModel;

class ConstraintForces {
public:
    // `model` is the segment's (solver/kinematics/segment_model.h); both must outlive this.
    ConstraintForces(const Script& script, SegmentModel& model);
    ~ConstraintForces();
    ConstraintForces(const ConstraintForces&) = delete;
    ConstraintForces& operator=(const ConstraintForces&) = delete;

    // The forces at `frame`, right after the segment's motion differentiated it
    // (MachineMotion::differentiate), which set the segment's inputs to the frame's and gave the
    // rates they read. Null where they are undefined: a failed frame, rates that are not numbers
    // (a dead centre), a frame without rates.
    std::shared_ptr<const FrameForces> compute(const FrameSolution& frame);

private:
    struct Plan;     // what stays the same from frame to frame, kept out of this header
    struct Scratch;  // per-frame work, kept so a frame allocates little

    void planBlocks(const std::vector<bool>& equality);
    bool gradients(const FrameSolution& frame);
    bool loads(const FrameSolution& frame);
    bool pendulumLoad(const FrameSolution& frame, const HangingPendulum& hanging);
    bool solveMultipliers(FrameForces& forces);
    bool solveBlock(const std::vector<int>& columns, const std::vector<int>& rows,
                    FrameForces& forces);
    template <class Matrix>
    bool solveBlockIn(const std::vector<int>& columns, const std::vector<int>& rows,
                      FrameForces& forces);
    void constraintLoads(const FrameSolution& frame, FrameForces& forces) const;
    void unheldLoads(const FrameSolution& frame, FrameForces& forces) const;
    void energy(const FrameSolution& frame, FrameForces& forces) const;

    const Script& m_script;
    SegmentModel& m_model;
    std::vector<ThingInertia> m_bodies;  // by ThingId
    std::unique_ptr<Plan> m_plan;
    std::unique_ptr<Scratch> m_scratch;
};

// The segment's forces for a script with masses; null without any (there is nothing to compute).
std::unique_ptr<ConstraintForces> forcesOf(const Script& script, SegmentModel& model);

}  // namespace mv
